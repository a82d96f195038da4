/**
 * Text made safe to put in XML or HTML markup that is written by hand (the feeds, the sitemap, a
 * tag the document renderer adds): inside an element or in a quoted attribute value, either kind
 * of quote.
 */
export function escapeMarkup(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
