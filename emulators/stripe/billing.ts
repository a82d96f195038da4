/**
 * What Stripe Billing does behind the API and the hosted pages: creating customers and checkout
 * sessions, turning a paid checkout into a subscription with a paid invoice, canceling and
 * resuming, paying an open invoice, expiring sessions, and renewing (or failing, or ending)
 * subscriptions when the shared clock passes the end of their period. Every change records its
 * events on the given recorder; delivering them is the caller's business.
 */
import type { Stripe } from "stripe";

import { addMonths } from "./calendar.ts";
import { invalidRequest } from "./errors.ts";
import { previousAttributes, type EventRecorder } from "./events.ts";
import type { Metadata } from "./forms.ts";
import {
  buildCustomer,
  planFromPrice,
  type CheckoutLineItemObject,
  type CustomerObject,
  type InvoiceObject,
  type PriceObject,
  type SubscriptionObject,
} from "./objects.ts";
import {
  newId,
  newInvoicePrefix,
  type CheckoutSessionRecord,
  type StripeStore,
  type SubscriptionBilling,
} from "./store.ts";

export interface BillingContext {
  store: StripeStore;
  /** The shared clock, in unix seconds. */
  now(): number;
  /** Where the emulator is reached, for `url` fields. */
  baseUrl: string;
}

const ACCOUNT_NAME = "Tonewise";
const CHECKOUT_SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

// ——— customers ———

export function createCustomer(
  ctx: BillingContext,
  fields: {
    email: string | null;
    name: string | null;
    description?: string | null;
    phone?: string | null;
    metadata?: Metadata;
  },
): CustomerObject {
  const customer = buildCustomer({
    id: newId("cus"),
    created: ctx.now(),
    email: fields.email,
    name: fields.name,
    description: fields.description ?? null,
    phone: fields.phone ?? null,
    metadata: fields.metadata ?? {},
    invoicePrefix: newInvoicePrefix(),
  });
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
  expiresAt: number | null;
}

export function createCheckoutSession(ctx: BillingContext, input: CheckoutSessionInput): CheckoutSessionRecord {
  const id = newId("cs_test");
  const created = ctx.now();
  const currency = input.lineItems[0]?.price.currency ?? "usd";
  const lineItems: CheckoutLineItemObject[] = input.lineItems.map(({ price, quantity }) => {
    const amount = (price.unit_amount ?? 0) * quantity;
    return {
      id: newId("li"),
      object: "item",
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: productName(ctx.store, price),
      metadata: {},
      price: structuredClone(price),
      quantity,
    };
  });
  const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  const record: CheckoutSessionRecord = {
    lineItems,
    subscriptionMetadata: input.subscriptionMetadata,
    session: {
      id,
      object: "checkout.session",
      after_expiration: null,
      allow_promotion_codes: input.allowPromotionCodes,
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      client_secret: null,
      consent: null,
      consent_collection: null,
      created,
      currency,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: input.customer?.id ?? null,
      customer_creation: input.customer ? null : "always",
      customer_details: input.customer
        ? customerDetails(input.customer.email, input.customer.name ?? null)
        : null,
      customer_email: input.customerEmail,
      discounts: [],
      expires_at: input.expiresAt ?? created + CHECKOUT_SESSION_LIFETIME_SECONDS,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      metadata: input.metadata,
      mode: "subscription",
      payment_intent: null,
      payment_link: null,
      payment_method_collection: "always",
      payment_method_types: ["card"],
      payment_status: "unpaid",
      recovered_from: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: "open",
      submit_type: null,
      subscription: null,
      success_url: input.successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: "hosted_page",
      url: `${ctx.baseUrl}/checkout/${id}`,
    },
  };
  ctx.store.checkoutSessions.set(id, record);
  return record;
}

function customerDetails(email: string | null, name: string | null) {
  return {
    address: null,
    business_name: null,
    email,
    individual_name: null,
    name,
    phone: null,
    tax_exempt: "none" as const,
    tax_ids: [],
  };
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
  const now = ctx.now();
  const subscription = createSubscription(ctx, {
    customer,
    lineItems: record.lineItems,
    metadata: record.subscriptionMetadata,
    start: now,
  });
  const invoice = createSubscriptionInvoice(ctx, subscription, {
    reason: "subscription_create",
    paid: true,
    at: now,
    invoicedPeriod: { start: now, end: now },
  });
  subscription.latest_invoice = invoice.id;

  session.status = "complete";
  session.payment_status = "paid";
  session.customer = customer.id;
  session.customer_details = customerDetails(customer.email ?? payer.email, payer.name ?? customer.name ?? null);
  session.subscription = subscription.id;
  session.invoice = invoice.id;
  session.url = null;

  events.emit("customer.subscription.created", subscription);
  events.emit("checkout.session.completed", session);
  events.emit("invoice.paid", invoice);
  return subscription;
}

function productName(store: StripeStore, price: PriceObject): string {
  return store.products.get(price.product)?.name ?? price.product;
}

// ——— subscriptions ———

function createSubscription(
  ctx: BillingContext,
  input: { customer: CustomerObject; lineItems: CheckoutLineItemObject[]; metadata: Metadata; start: number },
): SubscriptionObject {
  const id = newId("sub");
  const periodEnd = addMonths(input.start, 1);
  const subscription: SubscriptionObject = {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: "classic" },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    created: input.start,
    currency: input.lineItems[0]?.currency ?? "usd",
    customer: input.customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: "self" } },
    items: {
      object: "list",
      data: input.lineItems.map((line) => ({
        id: newId("si"),
        object: "subscription_item",
        billing_thresholds: null,
        created: input.start,
        current_period_end: periodEnd,
        current_period_start: input.start,
        discounts: [],
        metadata: {},
        plan: planFromPrice(line.price),
        price: structuredClone(line.price),
        quantity: line.quantity,
        subscription: id,
        tax_rates: [],
      })),
      has_more: false,
      total_count: input.lineItems.length,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: { ...input.metadata },
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.start,
    status: "active",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" } },
    trial_start: null,
  };
  ctx.store.subscriptions.set(id, subscription);
  ctx.store.subscriptionBilling.set(id, { periodIndex: 0, failNextPayment: false });
  return subscription;
}

/** The current billing period, which this API version keeps on the subscription's items. */
export function currentPeriod(subscription: SubscriptionObject): { start: number; end: number } {
  const item = subscription.items.data[0];
  if (!item) return { start: subscription.start_date, end: subscription.start_date };
  return { start: item.current_period_start, end: item.current_period_end };
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
  return subscription.status === "canceled" || subscription.status === "incomplete_expired";
}

export function assertNotCanceled(subscription: SubscriptionObject): void {
  if (isEnded(subscription)) {
    throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.");
  }
}

/**
 * "Cancel plan": the subscription stays active until the end of the period, then ends. A mutator
 * for `updateSubscription`.
 */
export function scheduleCancellation(
  ctx: BillingContext,
  subscription: SubscriptionObject,
  details: { comment?: string | null; feedback?: Stripe.Subscription.CancellationDetails.Feedback | null } = {},
): void {
  assertNotCanceled(subscription);
  if (!subscription.cancel_at_period_end) {
    subscription.cancel_at_period_end = true;
    subscription.cancel_at = currentPeriod(subscription).end;
    subscription.canceled_at = ctx.now();
  }
  subscription.cancellation_details = {
    comment: details.comment ?? subscription.cancellation_details?.comment ?? null,
    feedback: details.feedback ?? subscription.cancellation_details?.feedback ?? null,
    feedback_option: null,
    reason: "cancellation_requested",
  };
}

/** "Renew plan": undoes a scheduled cancellation. A mutator for `updateSubscription`. */
export function unscheduleCancellation(subscription: SubscriptionObject): void {
  assertNotCanceled(subscription);
  subscription.cancel_at_period_end = false;
  subscription.cancel_at = null;
  subscription.canceled_at = null;
  subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: null };
}

/** Ends the subscription now (`customer.subscription.deleted`). */
export function cancelNow(
  ctx: BillingContext,
  events: EventRecorder,
  subscription: SubscriptionObject,
  details: { comment?: string | null } = {},
): void {
  assertNotCanceled(subscription);
  endSubscription(events, subscription, ctx.now(), details.comment ?? null);
}

function endSubscription(
  events: EventRecorder,
  subscription: SubscriptionObject,
  at: number,
  comment: string | null,
): void {
  subscription.status = "canceled";
  subscription.ended_at = at;
  subscription.canceled_at ??= at;
  subscription.cancel_at = subscription.cancel_at_period_end ? subscription.cancel_at : null;
  subscription.cancellation_details = {
    comment: comment ?? subscription.cancellation_details?.comment ?? null,
    feedback: subscription.cancellation_details?.feedback ?? null,
    feedback_option: null,
    reason: "cancellation_requested",
  };
  events.emit("customer.subscription.deleted", subscription);
}

/** Test hook: the subscription's next renewal payment will fail. */
export function failNextPayment(ctx: BillingContext, subscription: SubscriptionObject): void {
  billingOf(ctx, subscription).failNextPayment = true;
}

export function willFailNextPayment(ctx: BillingContext, subscription: SubscriptionObject): boolean {
  return billingOf(ctx, subscription).failNextPayment;
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
    markInvoicePaid(invoice, ctx.now());
    events.emit("invoice.paid", invoice);
  }
  setDelinquent(ctx, subscription, false);
  if (subscription.status === "past_due" || subscription.status === "unpaid") {
    updateSubscription(events, subscription, (sub) => {
      sub.status = "active";
    });
  }
}

/** Stripe flags a customer as delinquent while an invoice payment has failed. */
function setDelinquent(ctx: BillingContext, subscription: SubscriptionObject, delinquent: boolean): void {
  const customer = ctx.store.customers.get(subscription.customer);
  if (customer) customer.delinquent = delinquent;
}

// ——— invoices ———

function createSubscriptionInvoice(
  ctx: BillingContext,
  subscription: SubscriptionObject,
  options: {
    reason: "subscription_create" | "subscription_cycle";
    paid: boolean;
    at: number;
    invoicedPeriod: { start: number; end: number };
  },
): InvoiceObject {
  const customer = ctx.store.customers.get(subscription.customer);
  const sequence = customer?.next_invoice_sequence ?? 1;
  if (customer) customer.next_invoice_sequence = sequence + 1;
  const id = newId("in");
  const service = currentPeriod(subscription);
  const lines = subscription.items.data.map((item) => {
    const amount = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
    const name = productName(ctx.store, item.price);
    return {
      id: newId("il"),
      object: "line_item" as const,
      amount,
      currency: item.price.currency,
      description: `${item.quantity ?? 1} × ${name} (at ${formatAmount(item.price.unit_amount ?? 0, item.price.currency)} / month)`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: { ...subscription.metadata },
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
        type: "subscription_item_details" as const,
      },
      period: { start: service.start, end: service.end },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: item.price.id, product: item.price.product },
        type: "price_details" as const,
        unit_amount_decimal: item.price.unit_amount_decimal,
      },
      quantity: item.quantity ?? 1,
      subtotal: amount,
      taxes: [],
    };
  });
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const invoice: InvoiceObject = {
    id,
    object: "invoice",
    account_country: "US",
    account_name: ACCOUNT_NAME,
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: !options.paid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: options.reason,
    collection_method: "charge_automatically",
    created: options.at,
    currency: subscription.currency,
    custom_fields: null,
    customer: subscription.customer,
    customer_account: null,
    customer_address: null,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    customer_phone: customer?.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: options.at,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: "list", data: lines, has_more: false, total_count: lines.length, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${customer?.invoice_prefix ?? "LOCAL"}-${String(sequence).padStart(4, "0")}`,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      type: "subscription_details",
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: options.invoicedPeriod.end,
    period_start: options.invoicedPeriod.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: "open",
    status_transitions: { finalized_at: options.at, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: options.at,
  };
  if (options.paid) markInvoicePaid(invoice, options.at);
  ctx.store.invoices.set(id, invoice);
  return invoice;
}

function markInvoicePaid(invoice: InvoiceObject, at: number): void {
  invoice.status = "paid";
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.auto_advance = false;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = at;
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
      const { end } = currentPeriod(subscription);
      consider(end, () => closePeriod(ctx, events, subscription));
    }
    if (!next) return;
    next.apply();
  }
}

function closePeriod(ctx: BillingContext, events: EventRecorder, subscription: SubscriptionObject): void {
  const billing = billingOf(ctx, subscription);
  const ended = currentPeriod(subscription);
  if (subscription.cancel_at_period_end) {
    endSubscription(events, subscription, ended.end, null);
    return;
  }
  const paymentFails = billing.failNextPayment;
  billing.failNextPayment = false;
  billing.periodIndex += 1;
  const start = addMonths(subscription.billing_cycle_anchor, billing.periodIndex);
  const end = addMonths(subscription.billing_cycle_anchor, billing.periodIndex + 1);
  // Earlier unpaid invoices are retried with the renewal; they share its outcome.
  const earlierUnpaid = paymentFails ? [] : openInvoices(ctx, subscription);

  const before = structuredClone(subscription);
  for (const item of subscription.items.data) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
  const invoice = createSubscriptionInvoice(ctx, subscription, {
    reason: "subscription_cycle",
    paid: !paymentFails,
    at: ended.end,
    invoicedPeriod: ended,
  });
  subscription.latest_invoice = invoice.id;
  for (const unpaid of earlierUnpaid) markInvoicePaid(unpaid, ended.end);
  subscription.status = paymentFails ? "past_due" : "active";
  setDelinquent(ctx, subscription, paymentFails);
  events.emit("customer.subscription.updated", subscription, previousAttributes(before, subscription));
  for (const unpaid of earlierUnpaid) events.emit("invoice.paid", unpaid);
  events.emit(paymentFails ? "invoice.payment_failed" : "invoice.paid", invoice);
}
