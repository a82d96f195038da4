/** Escapes text for the emulators' HTML pages (mailbox, hosted checkout and portal). */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * Reads text or an attribute value back out of HTML: undoes escapeHtml, and React's escaping too
 * (`&#x27;` for '). `&amp;` goes last, so an escaped entity (`&amp;lt;`) stays text (`&lt;`). For
 * the tests and the bench, which read the app's and the emulators' pages.
 */
export function decodeEntities(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}
