import { parseFrontMatter } from "./front-matter";
import type { LegalDocument } from "./legal-date";
import { renderMarkdown } from "./markdown";

const sources = import.meta.glob<string>("/app/content/legal/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

export type { LegalDocument } from "./legal-date";

type LegalName = "terms" | "privacy";

function sourceOf(name: LegalName): string {
  const source = sources[`/app/content/legal/${name}.md`];
  if (!source) throw new Error(`Missing legal document: ${name}`);
  return source;
}

/** When a document last changed, from its front matter (the date its page shows): for the sitemap. */
export function legalLastUpdated(name: LegalName): string | undefined {
  return parseFrontMatter(sourceOf(name)).data.lastUpdated || undefined;
}

export function getLegalDocument(name: LegalName): LegalDocument {
  const { data, body } = parseFrontMatter(sourceOf(name));
  return {
    title: data.title ?? "",
    description: data.description ?? "",
    lastUpdated: data.lastUpdated ?? "",
    html: renderMarkdown(body),
  };
}
