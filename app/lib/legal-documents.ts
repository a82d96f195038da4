import { parseFrontMatter } from "./front-matter";
import { renderMarkdown } from "./markdown";

const sources = import.meta.glob<string>("/app/content/legal/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

export type LegalDocument = {
  title: string;
  description: string;
  lastUpdated: string;
  html: string;
};

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

/** "17 October 2025". */
export function formatLegalDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
