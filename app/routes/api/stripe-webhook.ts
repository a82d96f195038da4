import { getEnv } from "~/lib/env.server";
import { billingFor } from "~/lib/billing/clients.server";
import { processStripeEvent } from "~/lib/billing/subscription-sync.server";
import { StripeWebhookVerificationError, verifyStripeWebhook } from "~/lib/stripe.server";
import type { Route } from "./+types/stripe-webhook";
import { errorMessage } from "~/lib/error-message";

/**
 * Stripe's webhook endpoint (a resource route: an action only). The body is read raw, before
 * anything parses it, and must carry a valid, fresh `Stripe-Signature` (else 400). A change that
 * could not be stored answers 500 without recording the event, so Stripe's retry is processed;
 * a redelivered event changes nothing (docs/decisions).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method.toUpperCase() !== "POST") {
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  }
  const rawBody = await request.text();
  let event;
  try {
    event = await verifyStripeWebhook(getEnv(context), rawBody, request.headers.get("Stripe-Signature"));
  } catch (error) {
    if (error instanceof StripeWebhookVerificationError) {
      return Response.json({ error: "Invalid signature" }, { status: 400 });
    }
    throw error;
  }

  try {
    const outcome = await processStripeEvent(billingFor(context), event);
    return Response.json({ received: true, outcome });
  } catch (error) {
    console.error(`Stripe event ${event.id} (${event.type}) not processed: ${errorMessage(error)}`);
    return Response.json({ error: "Event not processed; retry later" }, { status: 500 });
  }
}
