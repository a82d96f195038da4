/**
 * The stylesheet inside the document. Lighthouse on a phone (slow 4G) showed first paint waiting
 * for app.css, which shares the connection with the page's JavaScript: the whole stylesheet is
 * about 9 kB compressed, so every document carries it in a <style> and no request stands between
 * the HTML and the first paint (issue 13; docs/decisions/030). The text is compiled into the server
 * bundle (Vite's `?inline`), so Node and the Worker do the same with no file system.
 */
import stylesheetHref from "~/app.css?url";
import stylesheetText from "~/app.css?inline";

/** The root's stylesheet link, however React orders its attributes (`nonce` comes first today). */
const LINK = new RegExp(`<link (?:[a-z]+="[^"]*" )*?rel="stylesheet" href="${stylesheetHref.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"/>`);
/** The stylesheet as a <style> element; a `</style` in the text could never end it early. */
const STYLE = `<style>${stylesheetText.replace(/<\/style/gi, "<\\/style")}</style>`;

/**
 * The document with the stylesheet in a <style> element, followed by the original link, disabled.
 * React hydrates the head's elements one by one, so the link must stay where it was (without it,
 * hydration fails and React renders the whole page again in the browser); disabled, the browser
 * neither downloads it nor parses the same rules a second time (decision 059; until then it was
 * `media="print"`, which the browser still fetched and parsed while the page started). Printing
 * uses the <style>, which applies to every medium.
 *
 * A document sent without scripts (decision 037) is never hydrated: it gets the <style> alone.
 */
export function inlineStylesheet(html: string, { hydrated }: { hydrated: boolean }): string {
  // In development Vite updates the linked stylesheet in place as the sources change; a copy
  // inlined at the last full load would go stale, so the dev server keeps the link alone.
  if (import.meta.env.DEV) return html;
  return html.replace(LINK, (link) => (hydrated ? `${STYLE}${link.replace(/\/>$/, ' disabled=""/>')}` : STYLE));
}

/**
 * The document in pieces around its inline stylesheet, which is the same text on every page (so
 * the Node server's gzip compresses it once: decision 034); null when it has none (development,
 * or an answer that is not a page).
 */
export function splitAtStylesheet(html: string): { text: string; constant: boolean }[] | null {
  const at = html.indexOf(STYLE);
  if (at < 0) return null;
  return [
    { text: html.slice(0, at), constant: false },
    { text: STYLE, constant: true },
    { text: html.slice(at + STYLE.length), constant: false },
  ];
}
