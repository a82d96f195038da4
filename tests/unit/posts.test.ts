import { describe, expect, it } from "vitest";
import { getPost, listPosts } from "~/lib/posts.server";
import { formatPostDate } from "~/lib/post-summary";
import { parseFrontMatter } from "~/lib/front-matter";
import { countWords } from "~/lib/markdown";

const sources = import.meta.glob<string>("/posts/*.md", { query: "?raw", import: "default", eager: true });

describe("blog posts", () => {
  it("lists the six articles, newest first", () => {
    expect(listPosts().map((post) => [post.slug, post.title, post.category, formatPostDate(post.date), post.readTime])).toEqual([
      ["proven-follow-up-messages", "10 Proven Follow-Up Messages That Get Responses", "Follow-Ups", "15 Jan 2025", "5 min"],
      ["handle-timing-objection", "How to Handle Not Right Now Objections", "Objection Handling", "10 Jan 2025", "7 min"],
      ["ai-future-professional-communication", "Why AI Is the Future of Professional Communication", "Industry Insights", "5 Jan 2025", "6 min"],
      ["48-hour-follow-up-rule", "48-hour follow-up rule", "Communication Strategy", "28 Dec 2024", "4 min"],
      ["messages-trust-action", "Messages that build trust and drive action", "Communication", "20 Dec 2024", "8 min"],
      ["common-follow-up-mistakes", "Five common follow-up mistakes", "Best Practices", "15 Dec 2024", "5 min"],
    ]);
  });

  it("each article is about as long as its read time at 200 words a minute", () => {
    expect(Object.keys(sources)).toHaveLength(6);
    for (const [path, source] of Object.entries(sources)) {
      const { data, body } = parseFrontMatter(source);
      const minutes = Number.parseInt(data.readTime ?? "0", 10);
      const words = countWords(body);
      expect(words, path).toBeGreaterThan(minutes * 200 * 0.85);
      expect(words, path).toBeLessThan(minutes * 200 * 1.15);
    }
  });

  it("renders Markdown to HTML with heading anchors and no title repeated", () => {
    const post = getPost("48-hour-follow-up-rule");
    expect(post?.html).toMatch(/<h2 id="[a-z0-9-]+">/);
    expect(post?.html).not.toContain("<h1");
  });

  it("answers undefined for an unknown slug", () => {
    expect(getPost("nope")).toBeUndefined();
  });
});

describe("front matter", () => {
  it("splits on the first ': ' only and keeps the body", () => {
    const parsed = parseFrontMatter("---\ntitle: A: B\nslug: a-b\n---\nHello *world*\n");
    expect(parsed.data).toEqual({ title: "A: B", slug: "a-b" });
    expect(parsed.body).toBe("Hello *world*\n");
  });

  it("treats a document without front matter as all body", () => {
    expect(parseFrontMatter("# Hi")).toEqual({ data: {}, body: "# Hi" });
  });
});
