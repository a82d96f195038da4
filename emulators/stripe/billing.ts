/**
 * What Stripe Billing does behind the API and the hosted pages: creating customers and checkout
 * sessions, turning a paid checkout into a subscription with a paid invoice, canceling and
 * resuming, paying an open invoice, expiring sessions, and renewing (or failing, or ending)
 * subscriptions when the shared clock passes the end of their period. Every change records its
 * events on the given recorder; delivering them is the caller's business.
 */
import { addMonths } from "./calendar.ts";
import { invalidRequest } from "./errors.ts";
import { previousAttributes, type EventRecorder } from "./events.ts";
import type { Metadata } from "./forms.ts";
import type {
  CheckoutLineItemObject,
  CustomerObject,
  InvoiceObject,
  PriceObject,
  SubscriptionObject,
} from "./objects.ts";
import { newId, type CheckoutSessionRecord, type StripeStore, type SubscriptionBilling } from "./store.ts";

export interface BillingContext {
  store: StripeStore;
  /** The shared clock, in unix seconds. */
  now(): number;
  /** Where the emulator is reached, for `url` fields. */
  baseUrl: string;
}

const CHECKOUT_SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

// ——— customers ———

export function createCustomer(
  ctx: BillingContext,
  fields: { email: string | null; name: string | null; metadata?: Metadata },
): CustomerObject {
  const customer: CustomerObject = {
    id: newId("cus"),
    object: "customer",
    created: ctx.now(),
    email: fields.email,
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name,
  };
  ctx.store.customers.set(customer.id, customer);
  return customer;
}

// ——— checkout ———

export interface CheckoutSessionInput {
  customer: CustomerObject | null;
  customerEmail: string | null;
  lineItems: { price: PriceObject; quantity: number }[];
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  subscriptionMetadata: Metadata;
  allowPromotionCodes: boolean | null;
}

export function createCheckoutSession(ctx: BillingContext, input: CheckoutSessionInput): CheckoutSessionRecord {
  const id = newId("cs_test");
  const created = ctx.now();
  const lineItems: CheckoutLineItemObject[] = input.lineItems.map(({ price, quantity }) => ({
    id: newId("li"),
    object: "item",
    amount_total: (price.unit_amount ?? 0) * quantity,
    description: productName(ctx.store, price),
    price: structuredClone(price),
    quantity,
  }));
  const record: CheckoutSessionRecord = {
    lineItems,
    subscriptionMetadata: input.subscriptionMetadata,
    session: {
      id,
      object: "checkout.session",
      allow_promotion_codes: input.allowPromotionCodes,
      amount_total: lineItems.reduce((sum, item) => sum + item.amount_total, 0),
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      created,
      currency: input.lineItems[0]?.price.currency ?? "usd",
      customer: input.customer?.id ?? null,
      customer_email: input.customerEmail,
      expires_at: created + CHECKOUT_SESSION_LIFETIME_SECONDS,
      livemode: false,
      metadata: input.metadata,
      mode: "subscription",
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: input.successUrl,
      url: `${ctx.baseUrl}/checkout/${id}`,
    },
  };
  ctx.store.checkoutSessions.set(id, record);
  return record;
}

/** Marks an open session whose `expires_at` has passed as expired (`checkout.session.expired`). */
export function expireSessionIfDue(ctx: BillingContext, events: EventRecorder, record: CheckoutSessionRecord): void {
  const { session } = record;
  if (session.status !== "open" || session.expires_at > ctx.now()) return;
  session.status = "expired";
  session.url = null;
  events.emit("checkout.session.expired", session);
}

/**
 * A successful payment on the hosted checkout page: creates the customer if the session had
 * none, the active subscription and its paid first invoice, completes the session, and records
 * `customer.subscription.created`, `checkout.session.completed` and `invoice.paid`, in that order.
 */
export function completeCheckout(
  ctx: BillingContext,
  events: EventRecorder,
  record: CheckoutSessionRecord,
  payer: { email: string; name: string | null },
): SubscriptionObject {
  const { session } = record;
  if (session.status !== "open") {
    throw invalidRequest(`This Checkout Session is ${session.status}.`, "checkout_session");
  }
  const customer =
    (session.customer ? ctx.store.customers.get(session.customer) : undefined) ??
    createCustomer(ctx, { email: payer.email, name: payer.name });
  const subscription = createSubscription(ctx, customer, record);
  const invoice = createSubscriptionInvoice(ctx, subscription, "subscription_create", true);
  subscription.latest_invoice = invoice.id;

  session.status = "complete";
  session.payment_status = "paid";
  session.customer = customer.id;
  session.subscription = subscription.id;
  session.url = null;

  events.emit("customer.subscription.created", subscription);
  events.emit("checkout.session.completed", session);
  events.emit("invoice.paid", invoice);
  return subscription;
}

export function productName(store: StripeStore, price: PriceObject): string {
  return store.products.get(price.product)?.name ?? price.product;
}

// ——— subscriptions ———

function createSubscription(
  ctx: BillingContext,
  customer: CustomerObject,
  checkout: CheckoutSessionRecord,
): SubscriptionObject {
  const id = newId("sub");
  const start = ctx.now();
  const subscription: SubscriptionObject = {
    id,
    object: "subscription",
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { reason: null },
    customer: customer.id,
    ended_at: null,
    items: {
      object: "list",
      data: checkout.lineItems.map((line) => ({
        id: newId("si"),
        object: "subscription_item",
        current_period_end: addMonths(start, 1),
        current_period_start: start,
        price: structuredClone(line.price),
        quantity: line.quantity,
      })),
    },
    latest_invoice: null,
    livemode: false,
    metadata: { ...checkout.subscriptionMetadata },
    status: "active",
  };
  ctx.store.subscriptions.set(id, subscription);
  ctx.store.subscriptionBilling.set(id, { anchor: start, periodIndex: 0, failNextPayment: false });
  return subscription;
}

/** The current billing period, which this API version keeps on the subscription's items. */
export function currentPeriod(subscription: SubscriptionObject): { start: number; end: number } {
  const item = subscription.items.data[0];
  return { start: item?.current_period_start ?? 0, end: item?.current_period_end ?? 0 };
}

function billingOf(ctx: BillingContext, subscription: SubscriptionObject): SubscriptionBilling {
  const billing = ctx.store.subscriptionBilling.get(subscription.id);
  if (!billing) throw new Error(`No billing state for ${subscription.id}`);
  return billing;
}

/**
 * Applies a change to a subscription and records `customer.subscription.updated` with the
 * changed fields' previous values (no event when nothing changed).
 */
export function updateSubscription(
  events: EventRecorder,
  subscription: SubscriptionObject,
  change: (subscription: SubscriptionObject) => void,
): void {
  const before = structuredClone(subscription);
  change(subscription);
  const previous = previousAttributes(before, subscription);
  if (Object.keys(previous).length > 0) events.emit("customer.subscription.updated", subscription, previous);
}

export function isEnded(subscription: SubscriptionObject): boolean {
  return subscription.status === "canceled";
}

/**
 * "Cancel plan": the subscription stays active until the end of the period, then ends. A mutator
 * for `updateSubscription`.
 */
export function scheduleCancellation(ctx: BillingContext, subscription: SubscriptionObject): void {
  if (!subscription.cancel_at_period_end) {
    subscription.cancel_at_period_end = true;
    subscription.cancel_at = currentPeriod(subscription).end;
    subscription.canceled_at = ctx.now();
  }
  subscription.cancellation_details = { reason: "cancellation_requested" };
}

/** "Renew plan": undoes a scheduled cancellation. A mutator for `updateSubscription`. */
export function unscheduleCancellation(subscription: SubscriptionObject): void {
  subscription.cancel_at_period_end = false;
  subscription.cancel_at = null;
  subscription.canceled_at = null;
  subscription.cancellation_details = { reason: null };
}

/** Ends the subscription at `at` (`customer.subscription.deleted`). */
export function endSubscription(events: EventRecorder, subscription: SubscriptionObject, at: number): void {
  subscription.status = "canceled";
  subscription.ended_at = at;
  subscription.canceled_at ??= at;
  subscription.cancel_at = subscription.cancel_at_period_end ? subscription.cancel_at : null;
  subscription.cancellation_details = { reason: "cancellation_requested" };
  events.emit("customer.subscription.deleted", subscription);
}

/** Test hook: the subscription's next renewal payment will fail. */
export function failNextPayment(ctx: BillingContext, subscription: SubscriptionObject): void {
  billingOf(ctx, subscription).failNextPayment = true;
}

/** The subscription's unpaid invoices, oldest first. */
export function openInvoices(ctx: BillingContext, subscription: SubscriptionObject): InvoiceObject[] {
  return [...ctx.store.invoices.values()].filter(
    (invoice) => invoice.status === "open" && invoice.parent.subscription_details.subscription === subscription.id,
  );
}

/**
 * "Update payment method" on a past-due subscription: the new card pays the open invoices
 * (`invoice.paid`) and the subscription is active again (`customer.subscription.updated`).
 */
export function payOpenInvoices(ctx: BillingContext, events: EventRecorder, subscription: SubscriptionObject): void {
  const unpaid = openInvoices(ctx, subscription);
  if (unpaid.length === 0) return;
  for (const invoice of unpaid) {
    markInvoicePaid(invoice);
    events.emit("invoice.paid", invoice);
  }
  updateSubscription(events, subscription, (sub) => {
    sub.status = "active";
  });
}

// ——— invoices ———

function createSubscriptionInvoice(
  ctx: BillingContext,
  subscription: SubscriptionObject,
  reason: "subscription_create" | "subscription_cycle",
  paid: boolean,
): InvoiceObject {
  const total = subscription.items.data.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * item.quantity, 0);
  const invoice: InvoiceObject = {
    id: newId("in"),
    object: "invoice",
    amount_due: total,
    amount_paid: 0,
    billing_reason: reason,
    parent: { subscription_details: { subscription: subscription.id } },
    status: "open",
  };
  if (paid) markInvoicePaid(invoice);
  ctx.store.invoices.set(invoice.id, invoice);
  return invoice;
}

function markInvoicePaid(invoice: InvoiceObject): void {
  invoice.status = "paid";
  invoice.amount_paid = invoice.amount_due;
}

export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

// ——— the clock ———

/**
 * Catches every subscription and checkout session up with the shared clock, one due transition
 * at a time in chronological order: open sessions past `expires_at` expire; a subscription whose
 * period has ended is canceled (if `cancel_at_period_end`), or goes past due with an open invoice
 * (if its next payment was set to fail), or renews for one more month with a paid invoice.
 */
export function catchUpWithClock(ctx: BillingContext, events: EventRecorder): void {
  for (;;) {
    const now = ctx.now();
    let next: { at: number; apply: () => void } | undefined;
    const consider = (at: number, apply: () => void) => {
      if (at <= now && (!next || at < next.at)) next = { at, apply };
    };
    for (const record of ctx.store.checkoutSessions.values()) {
      if (record.session.status === "open") {
        consider(record.session.expires_at, () => expireSessionIfDue(ctx, events, record));
      }
    }
    for (const subscription of ctx.store.subscriptions.values()) {
      if (isEnded(subscription)) continue;
      consider(currentPeriod(subscription).end, () => closePeriod(ctx, events, subscription));
    }
    if (!next) return;
    next.apply();
  }
}

function closePeriod(ctx: BillingContext, events: EventRecorder, subscription: SubscriptionObject): void {
  const billing = billingOf(ctx, subscription);
  if (subscription.cancel_at_period_end) {
    endSubscription(events, subscription, currentPeriod(subscription).end);
    return;
  }
  const paymentFails = billing.failNextPayment;
  billing.failNextPayment = false;
  billing.periodIndex += 1;
  // Earlier unpaid invoices are retried with the renewal; they share its outcome.
  const earlierUnpaid = paymentFails ? [] : openInvoices(ctx, subscription);

  const before = structuredClone(subscription);
  for (const item of subscription.items.data) {
    item.current_period_start = addMonths(billing.anchor, billing.periodIndex);
    item.current_period_end = addMonths(billing.anchor, billing.periodIndex + 1);
  }
  const invoice = createSubscriptionInvoice(ctx, subscription, "subscription_cycle", !paymentFails);
  subscription.latest_invoice = invoice.id;
  for (const unpaid of earlierUnpaid) markInvoicePaid(unpaid);
  subscription.status = paymentFails ? "past_due" : "active";
  events.emit("customer.subscription.updated", subscription, previousAttributes(before, subscription));
  for (const unpaid of earlierUnpaid) events.emit("invoice.paid", unpaid);
  events.emit(paymentFails ? "invoice.payment_failed" : "invoice.paid", invoice);
}
