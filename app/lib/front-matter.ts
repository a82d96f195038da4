/**
 * Splits a Markdown document into its front matter (simple `key: value` lines between `---`
 * fences) and its body. Only the first ": " on a line separates key from value.
 */
export function parseFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { data: {}, body: source };
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    const separator = line.indexOf(": ");
    if (separator <= 0) continue;
    data[line.slice(0, separator).trim()] = line.slice(separator + 2).trim();
  }
  return { data, body: source.slice(match[0].length) };
}
