/**
 * GoTrue's error responses. Clients that send `X-Supabase-Api-Version: 2024-01-01` (auth-js does)
 * get `{ code, message }` and the version echoed back; older clients get
 * `{ code: <status>, error_code, msg }`. Both carry the `x-sb-error-code` header.
 */

export const API_VERSION_HEADER = "X-Supabase-Api-Version";
const API_VERSION_2024 = "2024-01-01";

export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = "AuthError";
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);

export function usesApiVersion2024(request: Request): boolean {
  const version = request.headers.get(API_VERSION_HEADER);
  return version !== null && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= API_VERSION_2024;
}

export function authErrorResponse(request: Request, error: AuthError): Response {
  const headers = new Headers({ "x-sb-error-code": error.code });
  if (usesApiVersion2024(request)) {
    headers.set(API_VERSION_HEADER, API_VERSION_2024);
    return Response.json({ code: error.code, message: error.message, ...error.extra }, { status: error.status, headers });
  }
  return Response.json(
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    { status: error.status, headers },
  );
}

export function unexpectedFailure(): AuthError {
  return new AuthError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information");
}
