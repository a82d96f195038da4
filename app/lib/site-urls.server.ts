import { listPosts } from "./posts.server";

/** Every public page, for the sitemap. */
export function publicPages(): Array<{ path: string; lastModified?: string }> {
  const posts = listPosts();
  return [
    { path: "/", lastModified: posts[0]?.date },
    { path: "/about" },
    { path: "/blog", lastModified: posts[0]?.date },
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.updated ?? post.date })),
    { path: "/terms", lastModified: "2025-10-17" },
    { path: "/privacy", lastModified: "2025-10-17" },
    { path: "/extension/download" },
  ];
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
