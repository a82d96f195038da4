import type { SupabaseClient } from "@supabase/supabase-js";
import { href, type RouterContextProvider } from "react-router";
import type Stripe from "stripe";
import { getEnv, type AppEnv } from "./env.server";
import type { SessionUser } from "./session.server";
import { createStripeClient } from "./stripe.server";
import { createServiceClient } from "./supabase.server";

/**
 * Billing: Stripe customers linked to users, Checkout for the Pro plan, the Customer Portal, and
 * keeping `public.subscriptions` in step with Stripe (webhooks and the checkout return). Writes
 * go through the service role; nothing here trusts a price, a trial or a user id from the browser.
 */

export type Billing = {
  env: AppEnv;
  stripe: Stripe;
  /** Service role: bypasses row-level security. Billing tables are written only through it. */
  db: SupabaseClient;
};

export function billingFor(context: Readonly<RouterContextProvider>): Billing {
  const env = getEnv(context);
  return { env, stripe: createStripeClient(env), db: createServiceClient(env) };
}

class BillingStoreError extends Error {
  override name = "BillingStoreError";
}

function storeError(action: string, error: { message: string }): BillingStoreError {
  return new BillingStoreError(`${action}: ${error.message}`);
}


function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function isoFromUnix(seconds: number | null | undefined): string | null {
  return typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : null;
}

// ——— customers ———————————————————————————————————————————————————————————————————————————————

export async function findCustomerId(billing: Billing, userId: string): Promise<string | null> {
  const { data, error } = await billing.db
    .from("billing_customers")
    .select("customer_id")
    .eq("user_id", userId)
    .maybeSingle<{ customer_id: string }>();
  if (error) throw storeError("Reading the billing customer failed", error);
  return data?.customer_id ?? null;
}

/**
 * The user's Stripe customer, created on first use and linked by user id (never looked up by
 * email). The creation's idempotency key is per user, so a retry after a failed link, or two
 * requests racing, get the same customer; the unique keys on billing_customers keep one link.
 */
export async function ensureCustomer(billing: Billing, user: SessionUser): Promise<{ id: string; created: boolean }> {
  const existing = await findCustomerId(billing, user.id);
  if (existing) return { id: existing, created: false };

  const name = typeof user.user_metadata?.full_name === "string" ? user.user_metadata.full_name : undefined;
  const customer = await billing.stripe.customers.create(
    { email: user.email, ...(name ? { name } : {}), metadata: { user_id: user.id } },
    { idempotencyKey: `tonewise-customer-${user.id}` },
  );
  const { error } = await billing.db.from("billing_customers").insert({ user_id: user.id, customer_id: customer.id });
  if (error) {
    // Lost a race to another request for the same user: use the link that won.
    const winner = error.code === "23505" ? await findCustomerId(billing, user.id) : null;
    if (winner) return { id: winner, created: false };
    throw storeError("Linking the billing customer failed", error);
  }
  return { id: customer.id, created: true };
}

// ——— checkout and portal ——————————————————————————————————————————————————————————————————————

/** Statuses of a subscription that still exists for billing purposes: manage it, don't buy another. */
const LIVE_STATUSES = new Set<string>(["active", "trialing", "past_due", "unpaid", "paused", "incomplete"]);

export async function findLiveSubscription(billing: Billing, customerId: string): Promise<Stripe.Subscription | null> {
  const list = await billing.stripe.subscriptions.list({ customer: customerId, status: "all", limit: 10 });
  return list.data.find((subscription) => LIVE_STATUSES.has(subscription.status)) ?? null;
}

/** How long a repeated upgrade (a double click, a resubmitted form) gets the same Checkout Session. */
export const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;

export function checkoutIdempotencyKey(userId: string, now = Date.now()): string {
  return `tonewise-checkout-${userId}-${Math.floor(now / CHECKOUT_IDEMPOTENCY_WINDOW_MS)}`;
}

/** The subscription page's absolute URL, where Stripe sends the user back. */
function subscriptionPageUrl(billing: Billing): string {
  return `${billing.env.APP_URL.replace(/\/+$/, "")}${href("/dashboard/subscription")}`;
}

export async function createCheckoutSession(
  billing: Billing,
  userId: string,
  customerId: string,
  now = Date.now(),
): Promise<Stripe.Checkout.Session> {
  const returnUrl = subscriptionPageUrl(billing);
  return billing.stripe.checkout.sessions.create(
    {
      mode: "subscription",
      customer: customerId,
      client_reference_id: userId,
      line_items: [{ price: billing.env.STRIPE_PRO_PRICE_ID, quantity: 1 }],
      metadata: { user_id: userId },
      subscription_data: { metadata: { user_id: userId } },
      success_url: `${returnUrl}?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${returnUrl}?canceled=true`,
    },
    { idempotencyKey: checkoutIdempotencyKey(userId, now) },
  );
}

export async function createPortalSession(billing: Billing, customerId: string): Promise<string> {
  const session = await billing.stripe.billingPortal.sessions.create({
    customer: customerId,
    return_url: subscriptionPageUrl(billing),
  });
  return session.url;
}

/**
 * Upgrade: a Checkout Session for the Pro price, or, when the user already has a live
 * subscription (a second tab, a stale page), the Customer Portal instead of a second checkout.
 */
export async function startUpgrade(
  billing: Billing,
  user: SessionUser,
  now = Date.now(),
): Promise<{ kind: "checkout" | "portal"; url: string }> {
  const customer = await ensureCustomer(billing, user);
  if (!customer.created && (await findLiveSubscription(billing, customer.id))) {
    return { kind: "portal", url: await createPortalSession(billing, customer.id) };
  }
  const session = await createCheckoutSession(billing, user.id, customer.id, now);
  if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL (status ${session.status})`);
  return { kind: "checkout", url: session.url };
}

/** Manage Subscription: the Customer Portal for the user's own customer. */
export async function openBillingPortal(billing: Billing, user: SessionUser): Promise<string> {
  const customerId = await findCustomerId(billing, user.id);
  if (!customerId) throw new Error(`User ${user.id} has no billing customer`);
  return createPortalSession(billing, customerId);
}

// ——— keeping subscriptions in step with Stripe ————————————————————————————————————————————————

/** The item that carries the Pro price (billing periods live on items in this API version). */
function proItem(billing: Billing, subscription: Stripe.Subscription): Stripe.SubscriptionItem | undefined {
  const items = subscription.items?.data ?? [];
  return items.find((item) => item.price?.id === billing.env.STRIPE_PRO_PRICE_ID) ?? items[0];
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

export type SyncOutcome = "stored" | "stale" | "unknown_user" | "missing" | "mismatch";

/**
 * Reads the subscription from Stripe (unless given a fresh copy) and stores it. Every event is
 * handled this way, so the order events arrive in does not matter: each write is Stripe's state
 * at the time of the read, and an older read never overwrites a newer one.
 */
export async function syncSubscription(
  billing: Billing,
  subscriptionOrId: string | Stripe.Subscription,
): Promise<SyncOutcome> {
  const readAt = new Date().toISOString();
  let subscription: Stripe.Subscription;
  if (typeof subscriptionOrId === "string") {
    try {
      subscription = await billing.stripe.subscriptions.retrieve(subscriptionOrId);
    } catch (error) {
      if ((error as { code?: string }).code === "resource_missing") {
        console.warn(`Stripe has no subscription ${subscriptionOrId}; nothing to store`);
        return "missing";
      }
      throw error;
    }
  } else {
    subscription = subscriptionOrId;
  }

  const userId = await resolveSubscriptionUser(billing, subscription);
  if (!userId) {
    console.warn(`Subscription ${subscription.id} belongs to no Tonewise user; not stored`);
    return "unknown_user";
  }
  const item = proItem(billing, subscription);
  const { data, error } = await billing.db.rpc("store_stripe_subscription", {
    p_id: subscription.id,
    p_user_id: userId,
    p_customer_id: idOf(subscription.customer),
    p_status: subscription.status,
    p_price_id: item?.price?.id ?? null,
    // Only the configured Pro price grants Pro, whatever else the account sells.
    p_grants_pro: item?.price?.id === billing.env.STRIPE_PRO_PRICE_ID,
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
  const session = await billing.stripe.checkout.sessions.retrieve(sessionId, { expand: ["subscription"] });
  const owner = session.client_reference_id ?? session.metadata?.user_id ?? null;
  if (owner !== user.id) {
    console.warn(`Checkout Session ${sessionId} does not belong to the signed-in user; ignored`);
    return "ignored";
  }
  if (session.status !== "complete" || !session.subscription) return "ignored";
  return syncSubscription(billing, session.subscription);
}

// ——— webhooks ———————————————————————————————————————————————————————————————————————————————

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

// ——— what the dashboard shows (read as the user, through row-level security) ————————————————

export type SubscriptionStatus = "active" | "trialing" | "past_due" | "unpaid" | "other";

export type SubscriptionSummary = {
  status: SubscriptionStatus;
  /** ISO date: the end of the paid period (the renewal date unless it is set to end). */
  currentPeriodEnd: string | null;
  /** ISO date when the plan is set to end (cancelled at period end, or at a date). */
  endsAt: string | null;
};

type SubscriptionRow = {
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: string | null;
  current_period_end: string | null;
};

const SHOWN_STATUSES: SubscriptionStatus[] = ["active", "trialing", "past_due", "unpaid"];

/** The user's subscription that matters now: a live one (active, trialing, past due, unpaid), else none. */
export async function loadSubscriptionSummary(supabase: SupabaseClient, userId: string): Promise<SubscriptionSummary | null> {
  const { data, error } = await supabase
    .from("subscriptions")
    .select("status, cancel_at_period_end, cancel_at, current_period_end")
    .eq("user_id", userId)
    .in("status", SHOWN_STATUSES)
    .order("created_at", { ascending: false })
    .limit(5)
    .overrideTypes<SubscriptionRow[], { merge: false }>();
  if (error) {
    console.error(`Subscription load failed: ${error.message}`);
    return null;
  }
  const rank = (status: string) => SHOWN_STATUSES.indexOf(status as SubscriptionStatus);
  const row = [...(data ?? [])].sort((a, b) => rank(a.status) - rank(b.status))[0];
  if (!row) return null;
  const endsAt = row.cancel_at ?? (row.cancel_at_period_end ? row.current_period_end : null);
  return {
    status: SHOWN_STATUSES.includes(row.status as SubscriptionStatus) ? (row.status as SubscriptionStatus) : "other",
    currentPeriodEnd: row.current_period_end,
    endsAt,
  };
}

/** A failed payment the user can fix in the portal: past due (still Pro) or unpaid (Pro paused). */
export type PaymentIssue = "past_due" | "unpaid" | null;
