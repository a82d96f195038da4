/**
 * The JSON conventions of `/api/v1/*`: success bodies as plain JSON, every error as
 * `{ "error": { "code", "message", "field"? } }`, and nothing an API answer says ever cached.
 */
export type ApiErrorCode =
  | "invalid_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "payload_too_large"
  | "quota_exceeded"
  | "rate_limited"
  | "engine_failed"
  | "engine_unavailable"
  | "internal_error";

const API_HEADERS = { "Cache-Control": "private, no-store", "Content-Type": "application/json; charset=utf-8" };

function withApiHeaders(init: ResponseInit = {}): ResponseInit {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(API_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  return { ...init, headers };
}

export function apiJson(data: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(data), withApiHeaders(init));
}

export type ApiErrorOptions = {
  /** The request field at fault (400 invalid_request). */
  field?: string;
  headers?: HeadersInit;
  /** Extra members of the error object, e.g. `upgradeUrl`. */
  details?: Record<string, unknown>;
};

export function apiError(status: number, code: ApiErrorCode, message: string, options: ApiErrorOptions = {}): Response {
  const error = { code, message, ...(options.field ? { field: options.field } : {}), ...options.details };
  return apiJson({ error }, { status, headers: options.headers });
}

/** Thrown inside an API handler to answer with an error; `handleApi` turns it into the Response. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly options: ApiErrorOptions;
  constructor(status: number, code: ApiErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.options = options;
  }
  toResponse(): Response {
    return apiError(this.status, this.code, this.message, this.options);
  }
}
