import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { inlineStylesheet } from "~/lib/critical-css.server";
import { renderDocument } from "~/lib/document-render.server";
import { documentResponse } from "~/lib/document-response.server";
import { hydrateAfterFirstPaint } from "~/lib/hydration-after-paint.server";
import { isDocumentWithoutScripts } from "~/lib/document-scripts";
import { envContext } from "~/lib/env.server";
import { describeErrorForLog } from "~/lib/error-log.server";
import { storedPageEncoderContext } from "~/lib/page-cache.server";
import { cspNonceContext } from "~/lib/security-headers.server";

export const streamTimeout = 5_000;

/**
 * The context keys the Node server fills for each request (express-app.ts: the parsed
 * environment, the stored pages' gzip). A key is an object compared by identity, so the server
 * must use these, the build's own: the same module imported from source is another copy, whose
 * keys the app would never see.
 */
export const loadContextKeys = { env: envContext, storedPageEncoder: storedPageEncoderContext };

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.get(cspNonceContext);
  let shellRendered = false;
  // No route defers data (no <Await>, and nothing suspends on the server but a lazy component's
  // first load), so the document is rendered whole and sent as one piece: one compression call
  // and one socket write per page. Crawlers and the no-JavaScript reader get it all at once.
  const whole = await renderDocument({
    context: routerContext,
    url: request.url,
    nonce,
    timeoutMs: streamTimeout + 1000,
    onShellReady: () => {
      shellRendered = true;
    },
    onError(error: unknown) {
      responseStatusCode = 500;
      if (shellRendered) console.error(`[render] ${describeErrorForLog(error)}`);
    },
  });
  const hydrated = !withoutScripts(routerContext);
  // The scripts are rearranged before the stylesheet goes in: their patterns then search the
  // page's own markup, not the 47 kB of stylesheet as well.
  const arranged = import.meta.env.DEV || !hydrated ? whole : hydrateAfterFirstPaint(whole);
  const html = inlineStylesheet(arranged, { hydrated });

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return documentResponse(html, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * What the server logs of an error a loader, action or middleware threw (React Router's default
 * logs the whole error, message included): the request's method and path, and the error's class
 * and stack frames, never its message (`describeErrorForLog`). Nothing when the visitor went away.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(`[server] ${request.method} ${new URL(request.url).pathname}: ${describeErrorForLog(error)}`);
};

/** Whether the page rendered is one sent without scripts (decision 037): its deepest route says so. */
function withoutScripts({ staticHandlerContext, routeModules }: EntryContext): boolean {
  const leaf = staticHandlerContext.matches.at(-1);
  return leaf !== undefined && isDocumentWithoutScripts(routeModules[leaf.route.id]?.handle);
}
