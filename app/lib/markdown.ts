import { Marked } from "marked";

/** One renderer for posts and legal pages: our own trusted Markdown, headings given ids. */
const markdown = new Marked({ gfm: true });

markdown.use({
  renderer: {
    heading({ tokens, depth, text }) {
      const id = text
        .toLowerCase()
        .replace(/<[^>]+>/g, "")
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
      return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}

/** Words in a Markdown body, for read-time checks. */
export function countWords(source: string): number {
  return source.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length;
}
