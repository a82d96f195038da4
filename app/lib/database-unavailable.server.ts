/**
 * A call to the database failed (it is down, overloaded, or did not answer within the Supabase
 * deadline). The message names the operation and the error code only, never a value: a database
 * message may quote one back. The API answers it as 503 `service_unavailable` (a moment later the
 * same call may well work); a page shows its error boundary.
 */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";

  constructor(operation: string, code: string | undefined) {
    super(`${operation} failed: ${code ?? "unknown"}`);
  }
}
