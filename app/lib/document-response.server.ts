/**
 * A rendered document's response and its text (issue 13). entry.server makes the response from
 * the whole document's HTML; the middleware around it (the page cache, the rendered pages' gzip)
 * wants that HTML back as text. Reading it from the response's body stream copied and decoded the
 * whole document once more per page, so the text made here is kept with the response, for as long
 * as the response lives.
 */

/** The text of each document response made here, so that what handles it next need not read it back. */
const documentTexts = new WeakMap<Response, string>();

/** A response with `html` as its body, whose text `documentText` has without reading the body. */
export function documentResponse(html: string, init: ResponseInit): Response {
  const response = new Response(html, init);
  documentTexts.set(response, html);
  return response;
}

/**
 * The response's body as text: as it was made, for a document from `documentResponse` whose body
 * nobody has read (a middleware may answer with it untouched or make another response from the
 * text); otherwise read from the body.
 */
export function documentText(response: Response): Promise<string> {
  const text = response.bodyUsed ? undefined : documentTexts.get(response);
  return text === undefined ? response.text() : Promise.resolve(text);
}
