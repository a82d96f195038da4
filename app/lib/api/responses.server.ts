/**
 * The JSON conventions of `/api/v1/*`: success bodies as plain JSON, every error as
 * `{ "error": { "code", "message", "field"? } }`, and nothing an API answer says ever cached.
 */
import { DatabaseUnavailableError } from "../database-unavailable.server";
import { PRIVATE_NO_STORE } from "../cache-policy.server";

export type ApiErrorCode =
  | "invalid_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "payload_too_large"
  | "limit_reached"
  | "quota_exceeded"
  | "rate_limited"
  | "engine_failed"
  | "engine_unavailable"
  | "service_unavailable"
  | "internal_error";

/** Whether a path is the extension's API (`/api/v1/*`), which answers in these conventions and with CORS. */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api/v1" || pathname.startsWith("/api/v1/");
}

const API_HEADERS = { "Cache-Control": PRIVATE_NO_STORE, "Content-Type": "application/json; charset=utf-8" };

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
  // An empty key is still a field at fault: `{ "": 1 }` names "" as the key it does not know.
  const error = { code, message, ...(options.field !== undefined ? { field: options.field } : {}), ...options.details };
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

/** The database or a service behind the API did not answer: worth trying again in a moment. */
export function serviceUnavailable(): ApiError {
  return new ApiError(503, "service_unavailable", "Tonewise is temporarily unavailable. Please try again in a moment.");
}

/**
 * Runs an API handler and turns whatever it throws into the API's error shape: an `ApiError` into
 * its answer, a database failure into 503 service_unavailable (worth trying again), anything
 * unexpected into a plain 500 (logged by name only: an error from deep inside
 * a handler must never carry a user's text into the logs).
 */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return error.toResponse();
    if (error instanceof Response) throw error;
    if (error instanceof DatabaseUnavailableError) {
      console.error(`[api] ${error.message}`);
      return serviceUnavailable().toResponse();
    }
    console.error(`[api] unexpected ${error instanceof Error ? error.name : typeof error}`);
    return apiError(500, "internal_error", "Something went wrong on our side. Please try again.");
  }
}

export function methodNotAllowed(allowed: string): Response {
  return apiError(405, "method_not_allowed", `Use ${allowed} for this endpoint.`, { headers: { Allow: allowed } });
}

/** Any path under `/api/v1` that is not an endpoint. */
export function noSuchEndpoint(): Response {
  return apiError(404, "not_found", "There is no such API endpoint.");
}
