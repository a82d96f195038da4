import { data, type RouterContextProvider } from "react-router";
import { getEnv } from "./env.server";
import { isHoneypotTripped } from "./honeypot";
import {
  NEWSLETTER_FAILURE,
  NEWSLETTER_SUCCESS,
  newsletterSchema,
  type NewsletterState,
} from "./newsletter";
import { hitFormRateLimit, refuseTooManyAttempts, tooManyAttemptsMessage } from "./rate-limits.server";
import { createServiceClient } from "./supabase.server";
import { serviceErrorCode } from "./error-log.server";

/**
 * Handles the blog's newsletter form. Subscribing twice answers the same as once, so the form
 * never reveals whether an address is already on the list.
 */
export async function subscribeToNewsletter(request: Request, context: Readonly<RouterContextProvider>, formData: FormData) {
  const env = getEnv(context);
  const raw = String(formData.get("email") ?? "");
  const parsed = newsletterSchema.safeParse({ email: raw });
  if (!parsed.success) {
    const state: NewsletterState = { status: "invalid", email: raw, message: parsed.error.issues[0]?.message ?? "Invalid email address" };
    return state;
  }
  const limit = await hitFormRateLimit(request, context, "newsletter", parsed.data.email);
  if (!limit.allowed) {
    const state: NewsletterState = { status: "failed", email: raw, message: tooManyAttemptsMessage(limit.retryAfterSeconds) };
    return data(state, refuseTooManyAttempts(context, limit.retryAfterSeconds));
  }
  if (isHoneypotTripped(formData)) return subscribed();

  const { error } = await createServiceClient(env)
    .from("newsletter_subscribers")
    .upsert({ email: parsed.data.email.toLowerCase() }, { onConflict: "email" });
  if (error) {
    console.error(`Newsletter subscription failed: ${serviceErrorCode(error)}`);
    const state: NewsletterState = { status: "failed", email: raw, message: NEWSLETTER_FAILURE };
    return state;
  }
  return subscribed();
}

function subscribed(): NewsletterState {
  return { status: "subscribed", message: NEWSLETTER_SUCCESS };
}
