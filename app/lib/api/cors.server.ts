import type { MiddlewareFunction } from "react-router";
import { getEnv } from "../env.server";
import { isApiPath } from "./responses.server";

/**
 * CORS for `/api/v1/*`: only the configured extension origins (`EXTENSION_ORIGINS`) may call it
 * from a browser context. Preflights are answered here; any other origin gets no CORS headers at
 * all, so the browser keeps the answer from it. No credentials are allowed cross-origin: the
 * extension authenticates with its Bearer token, never with the site's cookies. It runs in the
 * root's middleware ahead of the body limit and the CSRF check, so the extension can read their
 * refusals (413, 403) as it reads any other API error.
 */
const ALLOWED_METHODS = "GET, POST, PATCH, DELETE, OPTIONS";
const ALLOWED_HEADERS = "Authorization, Content-Type, Idempotency-Key";
const EXPOSED_HEADERS = "Retry-After";
const PREFLIGHT_MAX_AGE_SECONDS = "600";

export const apiCorsMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!isApiPath(new URL(request.url).pathname)) return next();
  const origin = request.headers.get("Origin");
  const allowed = origin !== null && getEnv(context).EXTENSION_ORIGINS.includes(origin);

  if (request.method === "OPTIONS") {
    const headers = new Headers({ Vary: "Origin", "Cache-Control": "no-store" });
    if (allowed) {
      headers.set("Access-Control-Allow-Origin", origin);
      headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
      headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
      headers.set("Access-Control-Max-Age", PREFLIGHT_MAX_AGE_SECONDS);
    }
    return new Response(null, { status: 204, headers });
  }

  const response = await next();
  try {
    response.headers.append("Vary", "Origin");
    if (allowed) {
      response.headers.set("Access-Control-Allow-Origin", origin);
      response.headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    }
  } catch {
    // Immutable headers (a proxied response) keep their own.
  }
  return response;
};
