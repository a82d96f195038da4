import { z } from "zod";
import { parseFrontMatter } from "./front-matter";
import { renderMarkdown } from "./markdown";
import type { PostSummary } from "./post-summary";

/**
 * Blog posts are Markdown files in /posts, bundled into the server build (never read from disk
 * at request time, never sent to the browser), so Node and the Worker serve them the same way.
 */
const sources = import.meta.glob<string>("/posts/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

const frontMatterSchema: z.ZodType<PostSummary> = z.object({
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
