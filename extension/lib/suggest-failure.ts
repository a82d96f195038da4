/**
 * What the field's card says when asking for a suggestion failed (the worker's `suggest`): the
 * API's error, in the user's terms. The browser was online when the request left (the worker
 * checks first), so a request that never got an answer means the app could not be reached, or
 * did not answer in time, not that the user is offline: both say so, with Retry.
 */
import { ApiError } from "./api";
import type { SuggestFailure } from "./messages";

export const APP_UNREACHABLE = "Tonewise can't be reached right now. Check your connection, then try again.";
export const APP_TOO_SLOW = "Tonewise took too long to answer. Try again in a moment.";

export function suggestFailureOf(error: unknown, appLink: (path: string) => string): SuggestFailure {
  if (!(error instanceof ApiError)) return { kind: "failed", message: "Something went wrong." };
  switch (error.code) {
    case "aborted":
      return { kind: "aborted" };
    case "unauthorized":
      return { kind: "not_connected" };
    case "quota_exceeded":
      return { kind: "quota", message: error.message, upgradeUrl: appLink(error.upgradeUrl ?? "/dashboard/subscription"), resetsAt: error.resetsAt };
    case "rate_limited":
      return { kind: "rate_limited", message: "Too many requests just now.", retryAfter: error.retryAfter };
    case "network_error":
      return { kind: "failed", message: APP_UNREACHABLE };
    case "timeout":
      return { kind: "failed", message: APP_TOO_SLOW };
    case "engine_unavailable":
    case "service_unavailable":
      return { kind: "failed", message: "Tonewise could not polish this message right now." };
    case "invalid_request":
    case "payload_too_large":
      return { kind: "failed", message: error.message, retry: false };
    default:
      // The server's words: for engine_failed, why (changed facts, nothing to change, no usable rewrite) and that nothing was counted.
      return { kind: "failed", message: error.message };
  }
}
