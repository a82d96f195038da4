/**
 * The local backend the Worker runs against, as seen from a test: the mailbox's emails (sign-up
 * confirmation, password reset), Stripe webhook payloads signed with the Worker's secret, and
 * the shared clock.
 */
import { LOCAL_MAILBOX_URL, LOCAL_STRIPE_WEBHOOK_SECRET, LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import type { Email } from "../../../emulators/mailbox/index.ts";
import { signWebhookPayload } from "../../../emulators/stripe/index.ts";

/** Emails sent to an address, newest first. */
export async function emailsTo(address: string): Promise<Email[]> {
  const response = await fetch(`${LOCAL_MAILBOX_URL}/api/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`Mailbox answered HTTP ${response.status}`);
  return (await response.json()) as Email[];
}

/**
 * A webhook request body and headers as Stripe would send them; `secret` other than the
 * Worker's makes a forged one.
 */
export async function signedStripeWebhook(
  event: Record<string, unknown>,
  secret: string = LOCAL_STRIPE_WEBHOOK_SECRET,
): Promise<{ body: string; headers: Record<string, string> }> {
  const body = JSON.stringify(event, null, 2);
  const signature = await signWebhookPayload(secret, body, Math.floor(Date.now() / 1000));
  return { body, headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature } };
}

/**
 * Moves the backend's clock one second into the next fixed window of `windowMs` (the test
 * controls' `toNextWindowMs`), so the burst of tries that follows counts in one rate-limit window.
 */
export async function startNextRateLimitWindow(windowMs: number): Promise<void> {
  const response = await fetch(`${LOCAL_SUPABASE_URL}/__emulator/clock`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ toNextWindowMs: windowMs }),
  });
  if (!response.ok) throw new Error(`Moving the clock failed: HTTP ${response.status} ${await response.text()}`);
}
