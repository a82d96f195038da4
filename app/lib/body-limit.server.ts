import type { MiddlewareFunction } from "react-router";

/**
 * Request bodies have a size limit, checked before anything reads them (finding 3 of the
 * security review): 64 KB for every form and API call, 1 MB for the Stripe webhook. A body that
 * declares a larger Content-Length is refused with 413 at once; one that declares none (chunked)
 * is refused with 411 on form routes — browsers always send a length for a form — while the API
 * (`/api/v1/*`) counts its bytes as they arrive and refuses them past the limit
 * (app/lib/api/request-body.server.ts). Nothing is ever held in memory beyond the limit.
 */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
const WEBHOOK_PATH = "/api/webhooks/stripe";
const METHODS_WITH_BODIES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function refuse(status: 411 | 413, pathname: string): Response {
  const message = status === 413 ? "The request body is too large." : "The request must say how long its body is (Content-Length).";
  if (pathname.startsWith("/api/v1/")) {
    return Response.json(
      { error: { code: status === 413 ? "payload_too_large" : "invalid_request", message } },
      { status, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export const bodyLimitMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!METHODS_WITH_BODIES.has(request.method) || !request.body) return next();
  const { pathname } = new URL(request.url);
  const limit = pathname === WEBHOOK_PATH ? WEBHOOK_BODY_LIMIT_BYTES : FORM_BODY_LIMIT_BYTES;
  const declared = request.headers.get("Content-Length");
  if (declared === null) return pathname.startsWith("/api/v1/") ? next() : refuse(411, pathname);
  const length = Number(declared);
  if (!Number.isFinite(length) || length > limit) return refuse(413, pathname);
  return next();
};
