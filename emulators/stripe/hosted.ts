/**
 * The hosted pages' routes: `GET /checkout/:id` and `POST /checkout/:id/pay`, `GET /portal/:id`
 * and `POST /portal/:id/subscriptions/:sub/{cancel,renew,cancel-now,update-payment}`. Webhooks
 * caused by a form post are delivered before the response (a 303 redirect), so the app has
 * usually processed them by the time the browser arrives back.
 */
import {
  completeCheckout,
  currentPeriod,
  endSubscription,
  expireSessionIfDue,
  formatAmount,
  isEnded,
  openInvoices,
  payOpenInvoices,
  productName,
  scheduleCancellation,
  unscheduleCancellation,
  updateSubscription,
  type BillingContext,
} from "./billing.ts";
import { chargeCard, prefilledExpiry, SUCCESS_CARD } from "./cards.ts";
import { AUTOMATIC, createEventRecorder, type EventRecorder } from "./events.ts";
import type { SubscriptionObject } from "./objects.ts";
import { checkoutPage, messagePage, portalPage, type CardForm } from "./pages.ts";
import type { CheckoutSessionRecord } from "./store.ts";
import type { WebhookDispatcher } from "./webhooks.ts";

export interface HostedContext extends BillingContext {
  webhooks: WebhookDispatcher;
}

const CHECKOUT_PAGE = /^\/checkout\/([^/]+)$/;
const CHECKOUT_PAY = /^\/checkout\/([^/]+)\/pay$/;
const PORTAL_PAGE = /^\/portal\/([^/]+)$/;
const PORTAL_ACTION = /^\/portal\/([^/]+)\/subscriptions\/([^/]+)\/(cancel|renew|cancel-now|update-payment)$/;

/** Answers a hosted-page request, or undefined when the path is not one of them. */
export async function handleHostedRequest(ctx: HostedContext, request: Request): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  const method = request.method.toUpperCase();
  let match: RegExpExecArray | null;
  if ((match = CHECKOUT_PAGE.exec(pathname)) && method === "GET") return showCheckout(ctx, param(match, 1));
  if ((match = CHECKOUT_PAY.exec(pathname)) && method === "POST") return payCheckout(ctx, param(match, 1), request);
  if ((match = PORTAL_PAGE.exec(pathname)) && method === "GET") return showPortal(ctx, param(match, 1));
  if ((match = PORTAL_ACTION.exec(pathname)) && method === "POST") {
    return portalAction(ctx, param(match, 1), param(match, 2), param(match, 3));
  }
  return undefined;
}

function param(match: RegExpExecArray, index: number): string {
  return decodeURIComponent(match[index] ?? "");
}

function html(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

/** Runs a change that records events, then delivers them before answering. */
async function withEvents<T>(ctx: HostedContext, change: (events: EventRecorder) => T): Promise<T> {
  const events = createEventRecorder(ctx.store, AUTOMATIC);
  const result = change(events);
  if (events.events.length > 0) await ctx.webhooks.deliver(events.events);
  return result;
}

// ——— checkout ———

function successUrl(record: CheckoutSessionRecord): string | null {
  return record.session.success_url?.replaceAll("{CHECKOUT_SESSION_ID}", record.session.id) ?? null;
}

/** The page for a session that can no longer be paid, or undefined while it is open. */
function closedSessionPage(record: CheckoutSessionRecord, attemptedPayment: boolean): Response | undefined {
  const { session } = record;
  if (session.status === "complete") {
    const link = successUrl(record);
    return html(
      messagePage(
        "You're already subscribed",
        attemptedPayment
          ? "This checkout was already completed, so you have not been charged again."
          : "This checkout is complete.",
        link ? { href: link, text: "Continue to Tonewise" } : undefined,
      ),
      attemptedPayment ? 409 : 200,
    );
  }
  if (session.status === "expired") {
    return html(
      messagePage(
        "This checkout has expired",
        "This checkout session has expired. Go back to Tonewise and start again.",
        session.cancel_url ? { href: session.cancel_url, text: "Return to Tonewise" } : undefined,
      ),
      410,
    );
  }
  return undefined;
}

async function openSession(ctx: HostedContext, id: string): Promise<CheckoutSessionRecord | Response> {
  const record = ctx.store.checkoutSessions.get(id);
  if (!record) {
    return html(messagePage("Checkout not found", "This checkout link is not valid. Go back to Tonewise and start again."), 404);
  }
  await withEvents(ctx, (events) => expireSessionIfDue(ctx, events, record));
  return record;
}

function knownEmail(ctx: HostedContext, record: CheckoutSessionRecord): string | null {
  const customer = record.session.customer ? ctx.store.customers.get(record.session.customer) : undefined;
  return customer?.email ?? record.session.customer_email ?? null;
}

function renderCheckout(
  ctx: HostedContext,
  record: CheckoutSessionRecord,
  form: CardForm,
  error?: { message: string; status: number },
): Response {
  const first = record.lineItems[0];
  const interval = first?.price.recurring.interval ?? "month";
  const priceText = first ? formatAmount(first.price.unit_amount ?? 0, first.price.currency) : "";
  const total = formatAmount(record.session.amount_total ?? 0, record.session.currency ?? "usd");
  return html(
    checkoutPage({
      sessionId: record.session.id,
      heading: `${first?.description ?? "Subscription"} — ${priceText} per ${interval}`,
      totalLine: `Total due today: ${total}. Renews every ${interval} until you cancel.`,
      email: knownEmail(ctx, record),
      cancelUrl: record.session.cancel_url,
      form,
      ...(error ? { error: error.message } : {}),
    }),
    error?.status ?? 200,
  );
}

async function showCheckout(ctx: HostedContext, id: string): Promise<Response> {
  const record = await openSession(ctx, id);
  if (record instanceof Response) return record;
  const closed = closedSessionPage(record, false);
  if (closed) return closed;
  const customer = record.session.customer ? ctx.store.customers.get(record.session.customer) : undefined;
  return renderCheckout(ctx, record, {
    email: "",
    cardNumber: SUCCESS_CARD,
    expiry: prefilledExpiry(ctx.now()),
    cvc: "123",
    name: customer?.name ?? "Test Customer",
  });
}

async function payCheckout(ctx: HostedContext, id: string, request: Request): Promise<Response> {
  const fields = new URLSearchParams(await request.text());
  const record = await openSession(ctx, id);
  if (record instanceof Response) return record;
  const closed = closedSessionPage(record, true);
  if (closed) return closed;

  const form: CardForm = {
    email: fields.get("email") ?? "",
    cardNumber: fields.get("card_number") ?? "",
    expiry: fields.get("card_expiry") ?? "",
    cvc: fields.get("card_cvc") ?? "",
    name: fields.get("cardholder_name") ?? "",
  };
  const email = knownEmail(ctx, record) ?? form.email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    return renderCheckout(ctx, record, form, { message: "Enter a valid email address.", status: 400 });
  }
  const outcome = chargeCard({ number: form.cardNumber, expiry: form.expiry, cvc: form.cvc }, ctx.now());
  if (!outcome.ok) {
    return renderCheckout(ctx, record, form, {
      message: outcome.message,
      status: outcome.kind === "declined" ? 402 : 400,
    });
  }

  await withEvents(ctx, (events) => completeCheckout(ctx, events, record, { email, name: form.name.trim() || null }));
  return redirect(successUrl(record) ?? `/checkout/${record.session.id}`);
}

// ——— customer portal ———

function showPortal(ctx: HostedContext, id: string): Response {
  const session = ctx.store.portalSessions.get(id);
  if (!session) {
    return html(messagePage("Portal session not found", "This billing link is not valid. Open billing from Tonewise again."), 404);
  }
  const customer = ctx.store.customers.get(session.customer);
  const all = [...ctx.store.subscriptions.values()].filter((sub) => sub.customer === session.customer).reverse();
  const live = all.filter((sub) => !isEnded(sub));
  const shown = live.length > 0 ? live : all.slice(0, 1);
  return html(
    portalPage({
      sessionId: id,
      customerEmail: customer?.email ?? null,
      returnUrl: session.return_url,
      plans: shown.map((subscription) => {
        const item = subscription.items.data[0];
        const price = item?.price;
        return {
          subscription,
          planName: price ? productName(ctx.store, price) : "Subscription",
          priceLine: price ? `${formatAmount(price.unit_amount ?? 0, price.currency)} per ${price.recurring.interval}` : "",
          periodEnd: currentPeriod(subscription).end,
          hasOpenInvoice: openInvoices(ctx, subscription).length > 0,
        };
      }),
    }),
  );
}

async function portalAction(
  ctx: HostedContext,
  sessionId: string,
  subscriptionId: string,
  action: string,
): Promise<Response> {
  const session = ctx.store.portalSessions.get(sessionId);
  const subscription: SubscriptionObject | undefined = ctx.store.subscriptions.get(subscriptionId);
  if (!session || !subscription || subscription.customer !== session.customer) {
    return html(messagePage("Plan not found", "This plan could not be found. Open billing from Tonewise again."), 404);
  }
  // A repeated or stale form post on an ended plan changes nothing.
  if (!isEnded(subscription)) {
    await withEvents(ctx, (events) => {
      switch (action) {
        case "cancel":
          updateSubscription(events, subscription, (sub) => scheduleCancellation(ctx, sub));
          break;
        case "renew":
          updateSubscription(events, subscription, (sub) => unscheduleCancellation(sub));
          break;
        case "cancel-now":
          endSubscription(events, subscription, ctx.now());
          break;
        case "update-payment":
          payOpenInvoices(ctx, events, subscription);
          break;
      }
    });
  }
  return redirect(`/portal/${sessionId}`);
}
