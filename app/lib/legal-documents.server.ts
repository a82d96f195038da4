import { parseFrontMatter } from "./front-matter";
import type { LegalDocument } from "./legal-date";
import { renderMarkdown } from "./markdown";

const sources = import.meta.glob<string>("/app/content/legal/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

export type { LegalDocument } from "./legal-date";

export function getLegalDocument(name: "terms" | "privacy"): LegalDocument {
  const source = sources[`/app/content/legal/${name}.md`];
  if (!source) throw new Error(`Missing legal document: ${name}`);
  const { data, body } = parseFrontMatter(source);
  return {
    title: data.title ?? "",
    description: data.description ?? "",
    lastUpdated: data.lastUpdated ?? "",
    html: renderMarkdown(body),
  };
}
