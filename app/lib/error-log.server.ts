import { isRouteErrorResponse } from "react-router";

/**
 * What a server log line says of an unexpected error: its class and where it was thrown (the
 * stack's frames), never its message. A message can quote what the failing code was handed (a
 * parser its input, a client the URL it called), and the text of a user's message must never
 * reach a log.
 */
export function describeErrorForLog(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    // React Router's own responses (no route matches, a method not allowed) carry the error behind them.
    const cause = (error as { error?: unknown }).error;
    return cause ? `${error.status}: ${describeErrorForLog(cause)}` : `${error.status} ${error.statusText}`;
  }
  if (!(error instanceof Error)) return `a thrown ${error === null ? "null" : typeof error}`;
  // React Router's own refusals of a cross-site action: expected events, in its fixed words.
  if (REACT_ROUTER_REFUSALS.some((refusal) => refusal.test(error.message))) return `action refused by React Router: ${error.message}`;
  // The stack begins with the error's own text (its name and message, which may span lines and
  // may even look like frames): only what follows it is read, and when the stack does not begin
  // with it, no frame at all.
  const stack = error.stack ?? "";
  const head = String(error);
  const frames = stack.startsWith(head) ? stack.slice(head.length).split("\n").filter((line) => /^\s+at /.test(line)) : [];
  return [error.name, ...frames.slice(0, MAX_FRAMES)].join("\n");
}

const MAX_FRAMES = 10;
/** The messages React Router throws with when it refuses an action for its Origin (react-router/lib/actions, single-fetch). */
const REACT_ROUTER_REFUSALS = [
  /^The `request\.url` origin does not match `origin` header from a forwarded action request\. Aborting the action\.$/,
  /^`origin` header is not a valid URL\. Aborting the action\.$/,
  /^Bad Request$/,
];

/**
 * A failed Supabase call (Auth, PostgREST) as a log line may name it: its code, else its HTTP
 * status, else its name. Never its message: Auth's can quote the address it was given ("Email
 * address … is invalid") and Postgres's the value it refused ("invalid input syntax … ").
 */
export function serviceErrorCode(error: { code?: string | number | null; status?: number | null; name?: string | null }): string {
  return String(error.code || error.status || error.name || "error");
}
