import type { RouterContextProvider } from "react-router";
import { authenticateApiRequest } from "../api/authenticate.server";
import { ApiError } from "../api/responses.server";
import { getEnv } from "../env.server";
import { sharedServiceClient } from "../supabase.server";
import { FOLLOW_UP_LIMIT_MESSAGES, FOLLOW_UP_LIMITS, isReasonableDueAt, type FollowUpLimit } from "./follow-up-schemas";
import { followUpsOf, type FollowUpStore } from "./follow-ups.server";

/**
 * The caller's reminders for `/api/v1/follow-ups*`: whoever the token (or the site's session)
 * says, through the service role with the owner named in every query.
 */
export async function callerFollowUps(request: Request, context: Readonly<RouterContextProvider>): Promise<FollowUpStore> {
  const caller = await authenticateApiRequest(request, context);
  return followUpsOf(sharedServiceClient(getEnv(context)), caller.userId, "service");
}

/** An ISO instant from a body, checked against the window a reminder may be set for. */
export function dueAtFrom(iso: string, now = new Date()): Date {
  const dueAt = new Date(iso);
  if (!isReasonableDueAt(dueAt, now)) {
    throw new ApiError(400, "invalid_request", `dueAt must be between a day ago and ${FOLLOW_UP_LIMITS.maxDaysAhead} days ahead.`, { field: "dueAt" });
  }
  return dueAt;
}

export function limitReached(limit: FollowUpLimit): never {
  throw new ApiError(409, "limit_reached", FOLLOW_UP_LIMIT_MESSAGES[limit]);
}

export function reminderNotFound(): never {
  throw new ApiError(404, "not_found", "There is no such reminder.");
}
