import type { SubmissionResult } from "@conform-to/react";
import { href, type RouterContextProvider } from "react-router";
import { ApiError } from "../api/responses.server";
import { dashboardUser } from "../dashboard-guard.server";
import { getEnv, isLocalAiStandIn } from "../env.server";
import { invalidSubmission, validateForm, type FormAnswer } from "../form-validation.server";
import { flashToast } from "../toast.server";
import { optimizeForUser, type OptimizeResult } from "./optimize.server";
import { tryItSchema } from "./request";

/**
 * The dashboard's Try it form: the same server function as `POST /api/v1/optimize`, for the
 * signed-in user, with its outcome as page data (the suggestion) or as toasts.
 */
export type TryItOutcome = {
  result: SubmissionResult<string[]>;
  /** The draft this visit's submissions share (re-polishing it is free, as in the extension). */
  draftId?: string;
  suggestion?: Pick<OptimizeResult, "suggestion" | "tone" | "messageType">;
  problem?: { code: string; message: string; upgradeUrl?: string };
};

export async function submitTryIt(request: Request, context: Readonly<RouterContextProvider>): Promise<FormAnswer<TryItOutcome>> {
  const validated = validateForm(context, await request.formData(), tryItSchema());
  if (!validated.ok) return invalidSubmission({ result: validated.result });
  const result = validated.submission.reply();
  const draftId = validated.value.draftId;
  try {
    const outcome = await optimizeForUser({
      context,
      caller: { userId: dashboardUser(context).id },
      request: { ...validated.value, platform: "web" },
      signal: request.signal,
    });
    return { result, draftId, suggestion: { suggestion: outcome.suggestion, tone: outcome.tone, messageType: outcome.messageType } };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const title = error.code === "quota_exceeded" ? "Monthly limit reached" : error.code === "rate_limited" ? "Slow down" : "Error";
    flashToast(context, { variant: "destructive", title, description: error.message });
    const upgradeUrl = error.code === "quota_exceeded" ? href("/dashboard/subscription") : undefined;
    return { result, draftId, problem: { code: error.code, message: error.message, upgradeUrl } };
  }
}

/** Whether suggestions come from the local, rule-based stand-in (said on the dashboard). */
export function usesLocalStandIn(context: Readonly<RouterContextProvider>): boolean {
  return isLocalAiStandIn(getEnv(context).AI_BASE_URL);
}
