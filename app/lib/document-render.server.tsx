/**
 * A page's whole document as one string (issue 13; docs/decisions/053).
 *
 * React's streaming renderer encodes what it writes to bytes in small pieces as it goes (a few
 * thousand `TextEncoder` calls for a dashboard page) and passes them through a stream, which we
 * then read back into a string: on a signed-in page that was about a quarter of the server's CPU.
 * Nothing on our pages needs streaming: no loader defers data, and the whole document is sent at
 * once (entry.server). So a page is rendered with `renderToString`, which builds the string
 * directly, whenever it can be:
 *
 * - React Router's loader data for hydration normally goes out through a component that suspends
 *   on each piece of its stream (`StreamTransfer`). `renderToString` cannot wait for that, so the
 *   data is read to the end first and written into the document as the same two scripts, in the
 *   same place, byte for byte what the stream would have written.
 * - Anything that suspends (a lazily loaded component the process has not loaded yet) or fails
 *   inside a Suspense boundary comes out of `renderToString` as a boundary left to the browser
 *   (`<!--$!-->`), and a failure outside any boundary as an exception. The page is then rendered
 *   again with the streaming renderer, exactly as before: it waits for every boundary, reports
 *   errors to `onError`, and fails as it did. A lazy component renders at once from its second
 *   use in a process on, so this costs one extra render per component per process.
 */
import type { ReactElement } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { escapeMarkup } from "./escape-markup";

/** What React writes for a Suspense boundary it could not finish and leaves to the browser. */
const BOUNDARY_LEFT_TO_BROWSER = "<!--$!-->";
const DOCUMENT_END = "</body></html>";

export type DocumentRenderOptions = {
  context: EntryContext;
  url: string;
  nonce: string;
  /** How long the streaming renderer may take before it gives up. */
  timeoutMs: number;
  /** Called with each error the streaming renderer reports (its shell fails by throwing). */
  onError: (error: unknown) => void;
  /** Called once the streaming renderer's shell is ready (before the rest is waited for). */
  onShellReady?: () => void;
};

/** The rendered document's HTML, whole. */
export async function renderDocument(options: DocumentRenderOptions): Promise<string> {
  const { context, url, nonce } = options;
  const handoff = context.serverHandoffStream ? await new Response(context.serverHandoffStream).text() : undefined;
  const withoutHandoff: EntryContext = { ...context, serverHandoffStream: undefined };
  const atOnce = renderAtOnce(<ServerRouter context={withoutHandoff} url={url} nonce={nonce} />);
  if (atOnce !== null && atOnce.endsWith(DOCUMENT_END)) {
    if (handoff === undefined || !context.renderMeta?.didRenderScripts) return atOnce;
    return atOnce.slice(0, -DOCUMENT_END.length) + handoffScripts(handoff, nonce) + DOCUMENT_END;
  }
  const streamed: EntryContext = { ...context, serverHandoffStream: handoff === undefined ? undefined : streamOf(handoff) };
  return renderStreamed(<ServerRouter context={streamed} url={url} nonce={nonce} />, options);
}

/** The document from `renderToString`, or null when something in it suspended or failed. */
function renderAtOnce(element: ReactElement): string | null {
  let html: string;
  try {
    html = renderToString(element);
  } catch {
    return null;
  }
  if (html.includes(BOUNDARY_LEFT_TO_BROWSER)) return null;
  // The streaming renderer starts a document rooted in <html> with its doctype; this one does not.
  return html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html;
}

async function renderStreamed(element: ReactElement, options: DocumentRenderOptions): Promise<string> {
  const body = await renderToReadableStream(element, {
    nonce: options.nonce,
    // Every Suspense boundary is written in place, never "outlined" (sent after the rest with a
    // script that moves it into place): the landing page's islands sit in Suspense boundaries
    // for the browser's sake (decision 033), and a reader without JavaScript must still get
    // them. The default outlines any boundary over 500 bytes once 12.8 kB of the page is written.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    signal: AbortSignal.timeout(options.timeoutMs),
    onError: options.onError,
  });
  options.onShellReady?.();
  await body.allReady;
  return new Response(body).text();
}

/**
 * What React Router's StreamTransfer writes for loader data that arrived in one piece: a script
 * that hands it to the client's stream, then one that closes it, each in a Suspense boundary's
 * markers, with the data escaped as React Router escapes it for a script.
 */
function handoffScripts(handoff: string, nonce: string): string {
  const open = `<script nonce="${escapeMarkup(nonce)}">`;
  const enqueue = handoff
    ? `${open}window.__reactRouterContext.streamController.enqueue(${escapeForScript(JSON.stringify(handoff))});</script>`
    : "";
  return `<!--$-->${enqueue}<!--$-->${open}window.__reactRouterContext.streamController.close();</script><!--/$--><!--/$-->`;
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

function escapeForScript(json: string): string {
  return json.replace(/[&><\u2028\u2029]/g, (character) => SCRIPT_ESCAPES[character]!);
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(bytes);
      controller.close();
    },
  });
}
