import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { inlineStylesheet } from "~/lib/critical-css.server";
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
  const body = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
    {
      nonce,
      // Every Suspense boundary is written in place, never "outlined" (sent after the rest with a
      // script that moves it into place): the landing page's islands sit in Suspense boundaries
      // for the browser's sake (decision 033), and a reader without JavaScript must still get
      // them. The default outlines any boundary over 500 bytes once 12.8 kB of the page is written.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(`[render] ${describeErrorForLog(error)}`);
      },
    },
  );
  shellRendered = true;

  // No route defers data (no <Await>, and nothing suspends on the server), so the shell is the
  // whole document: wait for it and send it as one piece: one compression call and one socket
  // write per page instead of one per 2 kB piece React emits (per-piece stream and compression
  // work was the largest single share of a dashboard page's server CPU). Crawlers and the
  // no-JavaScript reader get the whole document at once, as before.
  await body.allReady;
  const hydrated = !withoutScripts(routerContext);
  const rendered = inlineStylesheet(await new Response(body).text(), { hydrated });
  const html = import.meta.env.DEV || !hydrated ? rendered : hydrateAfterFirstPaint(rendered);

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
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
