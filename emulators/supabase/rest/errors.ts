/**
 * PostgREST's error shape `{ code, details, hint, message }` and its mapping of Postgres error
 * codes to HTTP statuses (https://docs.postgrest.org/en/stable/references/errors.html).
 */
import type { ApiRole } from "../database.ts";

export interface RestErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

export class RestError extends Error {
  readonly status: number;
  readonly body: RestErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, body: Partial<RestErrorBody> & { code: string; message: string }, headers: Record<string, string> = {}) {
    super(body.message);
    this.name = "RestError";
    this.status = status;
    this.body = { code: body.code, details: body.details ?? null, hint: body.hint ?? null, message: body.message };
    this.headers = headers;
  }
}

interface PostgresErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPostgresError(error: unknown): error is PostgresErrorLike {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { code?: unknown }).code === "string" &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

/** PostgREST's status for a Postgres SQLSTATE. */
export function statusForSqlState(code: string, role: ApiRole): number {
  if (code === "42501") return role === "anon" ? 401 : 403;
  const exact: Record<string, number> = {
    "23503": 409,
    "23505": 409,
    "25006": 405,
    "42883": 404,
    "42P01": 404,
    "42P17": 500,
    P0001: 400,
  };
  if (exact[code] !== undefined) return exact[code]!;
  const byClass: Record<string, number> = {
    "08": 503,
    "09": 500,
    "0L": 403,
    "0P": 403,
    "25": 500,
    "28": 403,
    "2D": 500,
    "38": 500,
    "39": 500,
    "3B": 500,
    "40": 500,
    "53": 503,
    "54": 500,
    "55": 500,
    "57": 500,
    "58": 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

export function fromPostgresError(error: PostgresErrorLike, role: ApiRole): RestError {
  return new RestError(statusForSqlState(error.code, role), {
    code: error.code,
    message: error.message,
    details: error.detail ?? null,
    hint: error.hint ?? null,
  });
}

export function restErrorResponse(error: RestError): Response {
  return Response.json(error.body, {
    status: error.status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...error.headers },
  });
}

export const singleObjectError = (rows: number) =>
  new RestError(406, {
    code: "PGRST116",
    message: "Cannot coerce the result to a single JSON object",
    details: `The result contains ${rows} rows`,
  });

export const invalidJsonBody = () =>
  new RestError(400, { code: "PGRST102", message: "Empty or invalid json" });
