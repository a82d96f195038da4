import type { AppEnv } from "./env.server";
import { isHoneypotTripped } from "./honeypot";
import {
  NEWSLETTER_FAILURE,
  NEWSLETTER_SUCCESS,
  newsletterSchema,
  type NewsletterState,
} from "./newsletter";
import { createServiceClient } from "./supabase.server";

/**
 * Handles the blog's newsletter form. Subscribing twice answers the same as once, so the form
 * never reveals whether an address is already on the list.
 */
export async function subscribeToNewsletter(env: AppEnv, formData: FormData): Promise<NewsletterState> {
  const raw = String(formData.get("email") ?? "");
  const parsed = newsletterSchema.safeParse({ email: raw });
  if (!parsed.success) {
    return { status: "invalid", email: raw, message: parsed.error.issues[0]?.message ?? "Invalid email address" };
  }
  if (isHoneypotTripped(formData)) return { status: "subscribed", message: NEWSLETTER_SUCCESS };

  const { error } = await createServiceClient(env)
    .from("newsletter_subscribers")
    .upsert({ email: parsed.data.email.toLowerCase() }, { onConflict: "email" });
  if (error) {
    console.error("Newsletter subscription failed:", error.message);
    return { status: "failed", email: raw, message: NEWSLETTER_FAILURE };
  }
  return { status: "subscribed", message: NEWSLETTER_SUCCESS };
}
