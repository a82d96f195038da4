import { href } from "react-router";
import type Stripe from "stripe";
import { errorMessage } from "../error-message";
import type { SessionUser } from "../session.server";
import { storeError, type Billing } from "./clients.server";
import { syncSubscription } from "./subscription-sync.server";

/**
 * Upgrading and managing the plan: the user's Stripe customer, Checkout for the Pro plan, and the
 * Customer Portal (docs/decisions/012).
 */

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

/** The subscription page's absolute URL, where Stripe sends the user back. */
function subscriptionPageUrl(billing: Billing): string {
  return `${billing.env.APP_URL.replace(/\/+$/, "")}${href("/dashboard/subscription")}`;
}

/**
 * The idempotency key of the user's next Checkout Session: the same for every request that saw
 * the same newest session (a double click, two tabs at once get one session), a new one once a
 * session was made since — never the stored answer of a session already paid or expired.
 */
function checkoutIdempotencyKey(userId: string, newestSessionId: string | undefined): string {
  return `tonewise-checkout-${userId}-after-${newestSessionId ?? "none"}`;
}

/**
 * The one Checkout Session a customer may pay at a time: one still open from an earlier upgrade
 * (another tab, a page left open, Back from Stripe) is reused, so two sessions can never both be
 * paid into two subscriptions; else a new one for the Pro price.
 */
async function openOrCreateCheckoutSession(
  billing: Billing,
  userId: string,
  customer: { id: string; created: boolean },
): Promise<Stripe.Checkout.Session> {
  const recent = customer.created ? [] : (await billing.stripe.checkout.sessions.list({ customer: customer.id, limit: 10 })).data;
  const open = recent.find((session) => session.status === "open" && session.url && session.client_reference_id === userId);
  if (open && open.metadata?.price_id === billing.env.STRIPE_PRO_PRICE_ID) return open;
  // Opened for an earlier price (the price changed since): it goes before a new one is made, so
  // there is still only one to pay, at today's price.
  if (open) await billing.stripe.checkout.sessions.expire(open.id);
  const returnUrl = subscriptionPageUrl(billing);
  return billing.stripe.checkout.sessions.create(
    {
      mode: "subscription",
      customer: customer.id,
      client_reference_id: userId,
      line_items: [{ price: billing.env.STRIPE_PRO_PRICE_ID, quantity: 1 }],
      metadata: { user_id: userId, price_id: billing.env.STRIPE_PRO_PRICE_ID },
      subscription_data: { metadata: { user_id: userId } },
      success_url: `${returnUrl}?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${returnUrl}?canceled=true`,
    },
    { idempotencyKey: checkoutIdempotencyKey(userId, recent[0]?.id) },
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
export async function startUpgrade(billing: Billing, user: SessionUser): Promise<{ kind: "checkout" | "portal"; url: string }> {
  const customer = await ensureCustomer(billing, user);
  const live = customer.created ? null : await findLiveSubscription(billing, customer.id);
  if (live) {
    // Someone who pays and is shown Free (a webhook that has not arrived) clicked Upgrade: store
    // what Stripe has now, so the page they come back to is right. The portal opens either way.
    await syncSubscription(billing, live.id).catch((error: unknown) => console.error(`Subscription sync on upgrade failed: ${errorMessage(error)}`));
    return { kind: "portal", url: await createPortalSession(billing, customer.id) };
  }
  const session = await openOrCreateCheckoutSession(billing, user.id, customer);
  if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL (status ${session.status})`);
  return { kind: "checkout", url: session.url };
}

/** Manage Subscription: the Customer Portal for the user's own customer. */
export async function openBillingPortal(billing: Billing, user: SessionUser): Promise<string> {
  const customerId = await findCustomerId(billing, user.id);
  if (!customerId) throw new Error(`User ${user.id} has no billing customer`);
  return createPortalSession(billing, customerId);
}
