import { href } from "react-router";
import { getEnv } from "~/lib/env.server";
import { listPosts } from "~/lib/posts.server";
import { escapeMarkup } from "~/lib/escape-markup";
import type { Route } from "./+types/rss";

export function loader({ context }: Route.LoaderArgs) {
  const origin = new URL(getEnv(context).APP_URL).origin;
  const posts = listPosts();
  const items = posts
    .map((post) => {
      const link = new URL(href("/blog/:slug", { slug: post.slug }), origin).toString();
      return [
        "    <item>",
        `      <title>${escapeMarkup(post.title)}</title>`,
        `      <link>${escapeMarkup(link)}</link>`,
        `      <guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
        `      <description>${escapeMarkup(post.excerpt)}</description>`,
        `      <category>${escapeMarkup(post.category)}</category>`,
        `      <pubDate>${new Date(`${post.date}T00:00:00Z`).toUTCString()}</pubDate>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const lastBuild = posts[0] ? new Date(`${posts[0].date}T00:00:00Z`).toUTCString() : new Date(0).toUTCString();
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>The Tonewise Blog</title>
    <link>${escapeMarkup(`${origin}${href("/blog")}`)}</link>
    <description>Practical advice on follow-ups, objection handling and client communication.</description>
    <language>en-us</language>
    <lastBuildDate>${lastBuild}</lastBuildDate>
    <atom:link href="${escapeMarkup(`${origin}${href("/blog/rss.xml")}`)}" rel="self" type="application/rss+xml" />
${items}
  </channel>
</rss>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
