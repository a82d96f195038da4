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

/**
 * For a catch that can go on without the database: a DatabaseUnavailableError is logged (with
 * `where`, then its operation and code: never a value) and the caller carries on; anything else
 * is thrown on.
 */
export function logDatabaseFailure(error: unknown, where: string): void {
  if (!(error instanceof DatabaseUnavailableError)) throw error;
  console.error(`${where}${error.message}`);
}
