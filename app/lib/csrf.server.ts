import { href, type MiddlewareFunction } from "react-router";
import { apiError, isApiPath } from "./api/responses.server";
import { getEnv } from "./env.server";

/** Routes that accept cross-site POSTs because they authenticate another way (signatures, codes). */
const CSRF_EXEMPT_PATHS = new Set([href("/api/webhooks/stripe"), href("/api/v1/extension/token")]);

/**
 * An API request that carries its own credentials: `/api/v1/*` judges a request with an
 * Authorization header by that header alone, never by the cookies a browser attaches, so a
 * cross-site caller gains nothing (and a browser cannot send one cross-site without the CORS
 * preflight, which only the configured extension origins pass). The extension calls from its
 * own origin this way.
 */
function carriesOwnCredentials(request: Request, pathname: string): boolean {
  return isApiPath(pathname) && /^Bearer\s/i.test(request.headers.get("Authorization") ?? "");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Rejects state-changing requests that come from another site. Browsers send
 * `Sec-Fetch-Site` on every request and `Origin` on every POST; a request whose headers name
 * another origin is refused with 403. Requests with neither (non-browser clients) pass, since
 * without cookies they carry no ambient authority, and with cookies SameSite=Lax already keeps
 * them out of cross-site POSTs.
 */
export function isCrossSiteRequest(request: Request, trustedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    return !trustedOrigins.includes(origin);
  }
  return origin === "null";
}

export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (!CSRF_EXEMPT_PATHS.has(url.pathname) && !carriesOwnCredentials(request, url.pathname)) {
    // Only the configured public origin: the request's own URL comes from its Host (or a proxy's
    // X-Forwarded-Host), which a client can set.
    const trusted = [new URL(getEnv(context).APP_URL).origin];
    if (isCrossSiteRequest(request, trusted)) {
      // The API answers in its own JSON shape (with CORS, so the extension can read why).
      if (isApiPath(url.pathname)) {
        return apiError(403, "forbidden", "Cross-site request refused. Send an access token as 'Authorization: Bearer tw_…'.");
      }
      return new Response("Cross-site request refused", {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
  }
  return next();
};
