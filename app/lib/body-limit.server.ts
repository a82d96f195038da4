import { href, type MiddlewareFunction } from "react-router";
import { API_BODY_LIMIT_BYTES } from "./api/request-body.server";
import { isApiPath } from "./api/responses.server";
import { PRIVATE_NO_STORE } from "./cache-policy.server";

/**
 * Request bodies have a size limit, checked before anything reads them (finding 3 of the
 * security review): 64 KB for every form and API call (the API's own API_BODY_LIMIT_BYTES), 1 MB
 * for the Stripe webhook. A body that declares a larger Content-Length is refused with 413 at
 * once; one that declares none (chunked) is refused with 411 on form routes — browsers always send
 * a length for a form — while the API (`/api/v1/*`) counts its bytes as they arrive and refuses
 * them past the limit (app/lib/api/request-body.server.ts). Nothing is ever held in memory
 * beyond the limit. Outside the API, a body must also be a readable form (415 or 400 otherwise).
 */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
const METHODS_WITH_BODIES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const REFUSALS = {
  400: "The form could not be read.",
  411: "The request must say how long its body is (Content-Length).",
  413: "The request body is too large.",
  415: "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data.",
} as const;

function refuse(status: keyof typeof REFUSALS, pathname: string): Response {
  const message = REFUSALS[status];
  if (isApiPath(pathname)) {
    return Response.json(
      { error: { code: status === 413 ? "payload_too_large" : "invalid_request", message } },
      { status, headers: { "Cache-Control": PRIVATE_NO_STORE } },
    );
  }
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export const bodyLimitMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!METHODS_WITH_BODIES.has(request.method) || !request.body) return next();
  const { pathname } = new URL(request.url);
  const limit =
    pathname === href("/api/webhooks/stripe") ? WEBHOOK_BODY_LIMIT_BYTES : isApiPath(pathname) ? API_BODY_LIMIT_BYTES : FORM_BODY_LIMIT_BYTES;
  const declared = request.headers.get("Content-Length");
  if (declared === null) return isApiPath(pathname) ? next() : refuse(411, pathname);
  const length = Number(declared);
  if (!Number.isFinite(length) || length > limit) return refuse(413, pathname);
  if (!pathname.startsWith("/api/")) {
    // Every page's action reads a form: a body that is not one (JSON, text, a multipart body
    // with a broken boundary) is refused here, not left to throw inside the action.
    const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") return refuse(415, pathname);
    try {
      await request.clone().formData();
    } catch {
      return refuse(400, pathname);
    }
  }
  return next();
};
