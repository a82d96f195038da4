import { z } from "zod";
import { parseFrontMatter } from "./front-matter";
import { renderMarkdown } from "./markdown";

/**
 * Blog posts are Markdown files in /posts, bundled at build time (never read from disk at
 * request time), so Node and the Worker serve them the same way.
 */
const sources = import.meta.glob<string>("/posts/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

const frontMatterSchema = z.object({
  title: z.string().min(1),
  shortTitle: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  category: z.string().min(1),
  date: z.iso.date(),
  readTime: z.string().regex(/^\d+ min$/),
  author: z.string().min(1),
  excerpt: z.string().min(1),
  description: z.string().min(1),
  updated: z.iso.date().optional(),
});

export type PostSummary = z.infer<typeof frontMatterSchema>;
export type Post = PostSummary & { html: string };

function loadPosts(): Post[] {
  return Object.entries(sources)
    .map(([path, source]) => {
      const { data, body } = parseFrontMatter(source);
      const parsed = frontMatterSchema.safeParse(data);
      if (!parsed.success) {
        throw new Error(`Invalid front matter in ${path}: ${parsed.error.message}`);
      }
      return { ...parsed.data, html: renderMarkdown(body) };
    })
    .sort((a, b) => b.date.localeCompare(a.date));
}

const posts = loadPosts();

/** Newest first. */
export function listPosts(): PostSummary[] {
  return posts.map(({ html: _html, ...summary }) => summary);
}

export function getPost(slug: string): Post | undefined {
  return posts.find((post) => post.slug === slug);
}

/** "15 Jan 2025", the way the spec writes dates, in UTC so every server agrees. */
export function formatPostDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}
