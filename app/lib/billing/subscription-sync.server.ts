import type Stripe from "stripe";
import type { SessionUser } from "../session.server";
import { storeError, type Billing } from "./clients.server";

/**
 * Keeping `public.subscriptions` in step with Stripe, from the webhook's events and from the
 * return from Checkout: each stores the subscription as Stripe has it at the time of the read
 * (docs/decisions/013).
 */

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function isoFromUnix(seconds: number | null | undefined): string | null {
  return typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : null;
}

// ——— storing a subscription ——————————————————————————————————————————————————————————————————

/**
 * Whether a price is Pro: the configured Pro price, or one it replaced (subscribers from before a
 * price change pay the price they signed up for, and stay Pro). Whatever else the account sells is not.
 */
function isProPrice(billing: Billing, priceId: string | null | undefined): boolean {
  if (!priceId) return false;
  return priceId === billing.env.STRIPE_PRO_PRICE_ID || billing.env.STRIPE_LEGACY_PRO_PRICE_IDS.includes(priceId);
}

/** The item that carries a Pro price (billing periods live on items in this API version). */
function proItem(billing: Billing, subscription: Stripe.Subscription): Stripe.SubscriptionItem | undefined {
  const items = subscription.items?.data ?? [];
  return items.find((item) => isProPrice(billing, item.price?.id)) ?? items[0];
}

/**
 * The user a subscription belongs to: the one its Stripe customer is linked to (we create every
 * customer, and link it, before Checkout). Metadata is only a cross-check: a subscription whose
 * metadata names someone else is refused, never trusted.
 */
export async function resolveSubscriptionUser(billing: Billing, subscription: Stripe.Subscription): Promise<string | null> {
  const customerId = idOf(subscription.customer);
  if (!customerId) return null;
  const { data, error } = await billing.db
    .from("billing_customers")
    .select("user_id")
    .eq("customer_id", customerId)
    .maybeSingle<{ user_id: string }>();
  if (error) throw storeError("Reading the billing customer failed", error);
  const linked = data?.user_id ?? null;
  const fromMetadata = subscription.metadata?.user_id;
  if (linked && typeof fromMetadata === "string" && fromMetadata !== "" && fromMetadata !== linked) {
    console.warn(`Subscription ${subscription.id}: its metadata names another user than its customer's; not stored`);
    return null;
  }
  return linked;
}

/** Statuses in which Stripe bills the customer (or will once a card works). */
const CHARGING_STATUSES = new Set<string>(["active", "trialing", "past_due", "unpaid"]);

export type SyncOutcome = "stored" | "stale" | "unknown_user" | "missing" | "mismatch";

/**
 * Reads the subscription from Stripe and stores it. Every event, and the return from Checkout, is
 * handled this way, so the order they arrive in does not matter: each write is Stripe's state at
 * the time of the read (taken before the read starts), and an older read never overwrites a newer one.
 */
export async function syncSubscription(billing: Billing, subscriptionId: string): Promise<SyncOutcome> {
  const readAt = new Date().toISOString();
  let subscription: Stripe.Subscription;
  try {
    subscription = await billing.stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if ((error as { code?: string }).code === "resource_missing") {
      console.warn(`Stripe has no subscription ${subscriptionId}; nothing to store`);
      return "missing";
    }
    throw error;
  }

  const userId = await resolveSubscriptionUser(billing, subscription);
  if (!userId) {
    if (CHARGING_STATUSES.has(subscription.status)) {
      // An account deleted without cancelling first (docs/stripe-setup.md): Stripe goes on
      // charging someone who has no Tonewise any more. Someone must cancel it.
      console.error(`Subscription ${subscription.id} is ${subscription.status} but belongs to no Tonewise user: cancel it in Stripe`);
    } else {
      console.warn(`Subscription ${subscription.id} belongs to no Tonewise user; not stored`);
    }
    return "unknown_user";
  }
  const item = proItem(billing, subscription);
  const { data, error } = await billing.db.rpc("store_stripe_subscription", {
    p_id: subscription.id,
    p_user_id: userId,
    p_customer_id: idOf(subscription.customer),
    p_status: subscription.status,
    p_price_id: item?.price?.id ?? null,
    // Only a Pro price grants Pro, whatever else the account sells.
    p_grants_pro: isProPrice(billing, item?.price?.id),
    p_cancel_at_period_end: subscription.cancel_at_period_end,
    p_cancel_at: isoFromUnix(subscription.cancel_at),
    p_current_period_start: isoFromUnix(item?.current_period_start),
    p_current_period_end: isoFromUnix(item?.current_period_end),
    p_canceled_at: isoFromUnix(subscription.canceled_at),
    p_ended_at: isoFromUnix(subscription.ended_at),
    p_read_at: readAt,
  });
  if (error) throw storeError(`Storing subscription ${subscription.id} failed`, error);
  if (data === "unknown_user") console.warn(`Subscription ${subscription.id} names a user that no longer exists`);
  if (data === "mismatch") console.warn(`Subscription ${subscription.id} is stored for another user; not reassigned`);
  return data as SyncOutcome;
}

/**
 * The return from Checkout (`?success=true&session_id=…`): if the webhook has not arrived yet,
 * store the session's subscription now, so a user who just paid never sees Free. Only the
 * user's own session counts; anything else is ignored.
 */
export async function confirmCheckoutReturn(billing: Billing, user: SessionUser, sessionId: string): Promise<SyncOutcome | "ignored"> {
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return "ignored";
  const session = await billing.stripe.checkout.sessions.retrieve(sessionId);
  const owner = session.client_reference_id ?? session.metadata?.user_id ?? null;
  if (owner !== user.id) {
    console.warn(`Checkout Session ${sessionId} does not belong to the signed-in user; ignored`);
    return "ignored";
  }
  const subscriptionId = idOf(session.subscription);
  if (session.status !== "complete" || !subscriptionId) return "ignored";
  // Read again rather than taken from the session: a copy read before this moment could overwrite
  // a newer state a webhook stored meanwhile (a cancellation, a failed payment).
  return syncSubscription(billing, subscriptionId);
}

// ——— the webhook's events ————————————————————————————————————————————————————————————————————

/** The events the webhook endpoint acts on (docs/stripe-setup.md lists the same). */
export const HANDLED_EVENT_TYPES = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

const handledTypes = new Set<string>(HANDLED_EVENT_TYPES);

/** The subscription an event is about, if any. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "checkout.session.completed":
      return event.data.object.mode === "subscription" ? idOf(event.data.object.subscription) : null;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return event.data.object.id;
    case "invoice.paid":
    case "invoice.payment_failed": {
      // Pinned API version: the subscription is under parent.subscription_details. An endpoint
      // created with an older version sends the pre-2025 top-level `subscription` instead.
      const invoice = event.data.object as typeof event.data.object & { subscription?: string | { id: string } | null };
      return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
    }
    default:
      return null;
  }
}

async function isEventProcessed(billing: Billing, eventId: string): Promise<boolean> {
  const { data, error } = await billing.db.from("stripe_events").select("id").eq("id", eventId).maybeSingle();
  if (error) throw storeError("Reading processed events failed", error);
  return data !== null;
}

async function recordEvent(billing: Billing, event: Stripe.Event): Promise<void> {
  const { error } = await billing.db.from("stripe_events").insert({ id: event.id, type: event.type });
  // 23505: a concurrent delivery of the same event recorded it first; the outcome is the same.
  if (error && error.code !== "23505") throw storeError(`Recording event ${event.id} failed`, error);
}

export type EventOutcome = "processed" | "duplicate" | "ignored";

/**
 * Handles one verified event. Throws when a change could not be stored; the event id is then
 * not recorded, so Stripe's retry is processed.
 */
export async function processStripeEvent(billing: Billing, event: Stripe.Event): Promise<EventOutcome> {
  if (!handledTypes.has(event.type)) return "ignored";
  if (await isEventProcessed(billing, event.id)) return "duplicate";
  const subscriptionId = subscriptionIdOf(event);
  if (subscriptionId) await syncSubscription(billing, subscriptionId);
  await recordEvent(billing, event);
  return "processed";
}
