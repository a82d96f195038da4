import { href } from "react-router";
import { legalLastUpdated } from "./legal-documents.server";
import { listPosts } from "./posts.server";

/** Every public page, for the sitemap. */
export function publicPages(): Array<{ path: string; lastModified?: string }> {
  const posts = listPosts();
  return [
    { path: href("/"), lastModified: posts[0]?.date },
    { path: href("/about") },
    { path: href("/blog"), lastModified: posts[0]?.date },
    ...posts.map((post) => ({ path: href("/blog/:slug", { slug: post.slug }), lastModified: post.updated ?? post.date })),
    { path: href("/terms"), lastModified: legalLastUpdated("terms") },
    { path: href("/privacy"), lastModified: legalLastUpdated("privacy") },
    { path: href("/extension/download") },
  ];
}
