/**
 * The REST API under `/v1`, as the `stripe` SDK calls it: bearer-key authentication,
 * form-encoded params with bracket notation, `expand[]`, list pagination, idempotency keys
 * (a replay returns the stored response; the same key with other params is an idempotency_error),
 * and Stripe's error shapes and statuses. Each endpoint takes only the params Tonewise and its
 * tests send; any other is rejected as unknown. Events caused by a request carry its id and
 * idempotency key, and are delivered in the background, as Stripe does.
 */
import {
  createCheckoutSession,
  createCustomer,
  endSubscription,
  isEnded,
  scheduleCancellation,
  unscheduleCancellation,
  updateSubscription,
  type BillingContext,
} from "./billing.ts";
import { invalidRequest, missingParam, noSuch, StripeApiError } from "./errors.ts";
import { createEventRecorder, type EventRecorder } from "./events.ts";
import {
  applyMetadata,
  assertKnownParams,
  fingerprint,
  parseParams,
  readBoolean,
  readExpand,
  readInteger,
  readList,
  readObject,
  readString,
  type Params,
} from "./forms.ts";
import { API_VERSION, type ListObject, type PortalSessionObject } from "./objects.ts";
import { findObject, newId, type StripeStore } from "./store.ts";
import type { WebhookDispatcher } from "./webhooks.ts";

export interface ApiContext extends BillingContext {
  webhooks: WebhookDispatcher;
}

interface ApiRequest {
  method: string;
  path: string;
  params: Params;
  events: EventRecorder;
}

interface ApiResult {
  status: number;
  body: unknown;
}

type Handler = (ctx: ApiContext, request: ApiRequest, id: string) => ApiResult;

interface Route {
  method: string;
  pattern: RegExp;
  /** The params the endpoint takes; any other is a `parameter_unknown` error. */
  params: readonly string[];
  handler: Handler;
}

const PAGE = ["limit", "starting_after"];

const SUBSCRIPTION_STATUSES = [
  "active", "all", "canceled", "ended", "incomplete", "incomplete_expired", "past_due", "paused",
  "trialing", "unpaid",
];

const ROUTES: Route[] = [
  { method: "POST", pattern: /^\/v1\/customers$/, params: ["email", "expand", "metadata", "name"], handler: createCustomerHandler },
  { method: "GET", pattern: /^\/v1\/customers$/, params: ["email", ...PAGE], handler: listCustomers },
  { method: "GET", pattern: /^\/v1\/customers\/([^/]+)$/, params: ["expand"], handler: retrieveFrom("customer", (store) => store.customers) },
  { method: "POST", pattern: /^\/v1\/customers\/([^/]+)$/, params: ["expand", "metadata", "name"], handler: updateCustomer },
  { method: "GET", pattern: /^\/v1\/prices\/([^/]+)$/, params: ["expand"], handler: retrieveFrom("price", (store) => store.prices) },
  { method: "GET", pattern: /^\/v1\/products\/([^/]+)$/, params: ["expand"], handler: retrieveFrom("product", (store) => store.products) },
  {
    method: "POST",
    pattern: /^\/v1\/checkout\/sessions$/,
    params: [
      "allow_promotion_codes", "cancel_url", "client_reference_id", "customer", "customer_email", "expand",
      "line_items", "metadata", "mode", "subscription_data", "success_url",
    ],
    handler: createCheckoutSessionHandler,
  },
  { method: "GET", pattern: /^\/v1\/checkout\/sessions$/, params: ["customer", "status", ...PAGE], handler: listCheckoutSessions },
  {
    method: "GET",
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    params: ["expand"],
    handler: (ctx, request, id) => ok(ctx, sessionRecord(ctx, id).session, request),
  },
  { method: "GET", pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/, params: PAGE, handler: listCheckoutLineItems },
  { method: "POST", pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, params: ["expand"], handler: expireCheckoutSession },
  { method: "POST", pattern: /^\/v1\/billing_portal\/sessions$/, params: ["customer", "expand", "return_url"], handler: createPortalSession },
  { method: "GET", pattern: /^\/v1\/subscriptions$/, params: ["customer", "status", ...PAGE], handler: listSubscriptions },
  {
    method: "GET",
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    params: ["expand"],
    handler: retrieveFrom("subscription", (store) => store.subscriptions),
  },
  {
    method: "POST",
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    params: ["cancel_at_period_end", "expand", "metadata"],
    handler: updateSubscriptionHandler,
  },
  { method: "DELETE", pattern: /^\/v1\/subscriptions\/([^/]+)$/, params: ["expand"], handler: cancelSubscriptionHandler },
  { method: "GET", pattern: /^\/v1\/invoices$/, params: ["status", "subscription", ...PAGE], handler: listInvoices },
  { method: "GET", pattern: /^\/v1\/events$/, params: PAGE, handler: listEvents },
];

export async function handleApiRequest(ctx: ApiContext, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const requestId = newId("req");
  const headers = new Headers({ "Content-Type": "application/json", "Request-Id": requestId, "Stripe-Version": API_VERSION });
  const respond = (status: number, body: string) => new Response(body, { status, headers });
  const errorBody = (error: StripeApiError) => JSON.stringify({ error: error.body }, null, 2);

  const authError = authenticate(request.headers.get("Authorization"));
  if (authError) return respond(authError.status, errorBody(authError));

  let parsed: Params;
  try {
    parsed = parseParams([...url.searchParams, ...new URLSearchParams(await request.text())]);
  } catch (error) {
    if (error instanceof StripeApiError) return respond(error.status, errorBody(error));
    throw error;
  }

  const method = request.method.toUpperCase();
  const idempotencyKey = method === "POST" ? request.headers.get("Idempotency-Key") : null;
  const requestFingerprint = fingerprint(method, url.pathname, parsed);
  if (idempotencyKey) {
    headers.set("Idempotency-Key", idempotencyKey);
    const stored = ctx.store.idempotentResponses.get(idempotencyKey);
    if (stored) {
      if (stored.fingerprint !== requestFingerprint) {
        const conflict = new StripeApiError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
        return respond(conflict.status, errorBody(conflict));
      }
      headers.set("Idempotent-Replayed", "true");
      return respond(stored.status, stored.body);
    }
  }

  const events = createEventRecorder(ctx.store, { requestId, idempotencyKey });
  let status: number;
  let body: string;
  try {
    const result = route(ctx, { method, path: url.pathname, params: parsed, events });
    status = result.status;
    body = JSON.stringify(result.body, null, 2);
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    status = error.status;
    body = errorBody(error);
  }
  // Stripe keeps the outcome once the endpoint has started executing; rejected params are not kept.
  if (idempotencyKey && status !== 400) {
    ctx.store.idempotentResponses.set(idempotencyKey, { fingerprint: requestFingerprint, status, body });
  }
  if (events.events.length > 0) void ctx.webhooks.deliver(events.events);
  return respond(status, body);
}

/** Any test-mode secret key (`Authorization: Bearer sk_test_…`) is accepted. */
function authenticate(authorization: string | null): StripeApiError | undefined {
  if (!authorization) {
    return new StripeApiError(401, {
      type: "invalid_request_error",
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  const key = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1] ?? "";
  if (/^sk_test_\w+$/.test(key)) return undefined;
  const shown = key.length > 8 ? `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
  return new StripeApiError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${shown}` });
}

function route(ctx: ApiContext, request: ApiRequest): ApiResult {
  const match = ROUTES.find((candidate) => candidate.method === request.method && candidate.pattern.test(request.path));
  if (!match) {
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${request.method}: ${request.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }
  assertKnownParams(request.params, match.params);
  const id = decodeURIComponent(match.pattern.exec(request.path)?.[1] ?? "");
  return match.handler(ctx, request, id);
}

// ——— responses: expansion and lists ———

/** The object, with each `expand[]` field's id replaced by the object it names. */
function ok(ctx: ApiContext, object: object, request: ApiRequest): ApiResult {
  const body = structuredClone(object) as Record<string, unknown>;
  for (const field of readExpand(request.params)) {
    if (body.object === "checkout.session" && field === "line_items") {
      const items = ctx.store.checkoutSessions.get(String(body.id))?.lineItems ?? [];
      const lineItems: ListObject<unknown> = {
        object: "list",
        data: structuredClone(items),
        has_more: false,
        url: `/v1/checkout/sessions/${String(body.id)}/line_items`,
      };
      body.line_items = lineItems;
      continue;
    }
    const value = body[field];
    if (value === null) continue;
    const found = typeof value === "string" ? findObject(ctx.store, value) : undefined;
    if (!found) throw invalidRequest(`This property cannot be expanded (${field}).`, "expand");
    body[field] = structuredClone(found);
  }
  return { status: 200, body };
}

/** Newest first: `limit` (default 10) after the `starting_after` cursor. */
function list<T extends { id: string }>(request: ApiRequest, newestFirst: T[], url: string): ApiResult {
  const limit = readInteger(request.params, "limit") ?? 10;
  const startingAfter = readString(request.params, "starting_after");
  const start = startingAfter ? newestFirst.findIndex((item) => item.id === startingAfter) + 1 : 0;
  if (startingAfter && start === 0) throw noSuch("object", startingAfter, { param: "starting_after", status: 400 });
  const body: ListObject<T> = {
    object: "list",
    data: structuredClone(newestFirst.slice(start, start + limit)),
    has_more: newestFirst.length > start + limit,
    url,
  };
  return { status: 200, body };
}

function newestFirst<T>(values: Iterable<T>): T[] {
  return [...values].reverse();
}

function retrieveFrom<T extends object>(kind: string, collection: (store: StripeStore) => Map<string, T>): Handler {
  return (ctx, request, id) => {
    const object = collection(ctx.store).get(id);
    if (!object) throw noSuch(kind, id);
    return ok(ctx, object, request);
  };
}

// ——— customers ———

function createCustomerHandler(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  const customer = createCustomer(ctx, {
    email: readString(p, "email") || null,
    name: readString(p, "name") || null,
    metadata: applyMetadata({}, p),
  });
  return ok(ctx, customer, request);
}

function listCustomers(ctx: ApiContext, request: ApiRequest): ApiResult {
  const email = readString(request.params, "email");
  const customers = newestFirst(ctx.store.customers.values()).filter((customer) => !email || customer.email === email);
  return list(request, customers, "/v1/customers");
}

function updateCustomer(ctx: ApiContext, request: ApiRequest, id: string): ApiResult {
  const { params: p } = request;
  const customer = ctx.store.customers.get(id);
  if (!customer) throw noSuch("customer", id);
  const metadata = applyMetadata(customer.metadata, p);
  if (p.name !== undefined) customer.name = readString(p, "name") || null;
  customer.metadata = metadata;
  return ok(ctx, customer, request);
}

// ——— checkout ———

function createCheckoutSessionHandler(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  const mode = readString(p, "mode");
  if (!mode) throw missingParam("mode");
  if (mode !== "subscription") {
    throw invalidRequest(`The local Stripe emulator only supports mode=subscription (got '${mode}').`, "mode");
  }

  const rawLineItems = readList(p, "line_items");
  if (!rawLineItems || rawLineItems.length === 0) throw missingParam("line_items");
  const lineItems = rawLineItems.map((raw, index) => {
    const param = `line_items[${index}]`;
    if (typeof raw !== "object" || Array.isArray(raw)) throw invalidRequest(`Invalid object: ${param}`, param);
    const priceId = readString(raw, "price", `${param}[price]`);
    if (!priceId) throw missingParam(`${param}[price]`);
    const price = ctx.store.prices.get(priceId);
    if (!price) throw noSuch("price", priceId, { param: `${param}[price]`, status: 400 });
    const quantity = readInteger(raw, "quantity", `${param}[quantity]`);
    if (quantity === undefined) throw missingParam(`${param}[quantity]`);
    return { price, quantity };
  });

  const customerId = readString(p, "customer");
  const customer = customerId ? ctx.store.customers.get(customerId) : undefined;
  if (customerId && !customer) throw noSuch("customer", customerId, { param: "customer", status: 400 });
  const successUrl = readString(p, "success_url");
  if (!successUrl) throw missingParam("success_url");

  const record = createCheckoutSession(ctx, {
    customer: customer ?? null,
    customerEmail: readString(p, "customer_email") || null,
    lineItems,
    successUrl,
    cancelUrl: readString(p, "cancel_url") || null,
    clientReferenceId: readString(p, "client_reference_id") || null,
    metadata: applyMetadata({}, p),
    subscriptionMetadata: applyMetadata({}, readObject(p, "subscription_data") ?? {}, "metadata", "subscription_data[metadata]"),
    allowPromotionCodes: readBoolean(p, "allow_promotion_codes") ?? null,
  });
  return ok(ctx, record.session, request);
}

function sessionRecord(ctx: ApiContext, id: string) {
  const record = ctx.store.checkoutSessions.get(id);
  if (!record) throw noSuch("checkout.session", id);
  return record;
}

/** `POST /v1/checkout/sessions/:id/expire`: an open session can no longer be paid (`checkout.session.expired`). */
function expireCheckoutSession(ctx: ApiContext, request: ApiRequest, id: string): ApiResult {
  const { session } = sessionRecord(ctx, id);
  if (session.status !== "open") {
    throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of ${session.status}.`);
  }
  session.status = "expired";
  session.url = null;
  request.events.emit("checkout.session.expired", session);
  return ok(ctx, session, request);
}

function listCheckoutLineItems(ctx: ApiContext, request: ApiRequest, id: string): ApiResult {
  return list(request, sessionRecord(ctx, id).lineItems, `/v1/checkout/sessions/${id}/line_items`);
}

const CHECKOUT_SESSION_STATUSES = ["open", "complete", "expired"];

function listCheckoutSessions(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  const customer = readString(p, "customer");
  const status = readString(p, "status");
  if (status !== undefined && !CHECKOUT_SESSION_STATUSES.includes(status)) {
    throw invalidRequest(`Invalid status: must be one of open, complete, or expired`, "status");
  }
  const sessions = newestFirst(ctx.store.checkoutSessions.values())
    .map((record) => record.session)
    .filter((session) => (!customer || session.customer === customer) && (!status || session.status === status));
  return list(request, sessions, "/v1/checkout/sessions");
}

// ——— billing portal ———

function createPortalSession(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  const customerId = readString(p, "customer");
  if (!customerId) throw missingParam("customer");
  if (!ctx.store.customers.has(customerId)) throw noSuch("customer", customerId, { param: "customer", status: 400 });
  const id = newId("bps");
  const session: PortalSessionObject = {
    id,
    object: "billing_portal.session",
    customer: customerId,
    livemode: false,
    return_url: readString(p, "return_url") || null,
    url: `${ctx.baseUrl}/portal/${id}`,
  };
  ctx.store.portalSessions.set(id, session);
  return ok(ctx, session, request);
}

// ——— subscriptions ———

function subscriptionOr404(ctx: ApiContext, id: string) {
  const subscription = ctx.store.subscriptions.get(id);
  if (!subscription) throw noSuch("subscription", id);
  return subscription;
}

/** Without `status`, canceled subscriptions are left out, as Stripe does. */
function listSubscriptions(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  const customer = readString(p, "customer");
  const status = readString(p, "status");
  if (status !== undefined && !SUBSCRIPTION_STATUSES.includes(status)) {
    throw invalidRequest(
      `Invalid status: must be one of ${SUBSCRIPTION_STATUSES.slice(0, -1).join(", ")}, or ${SUBSCRIPTION_STATUSES.at(-1)}`,
      "status",
    );
  }
  const subscriptions = newestFirst(ctx.store.subscriptions.values()).filter((subscription) => {
    if (customer && subscription.customer !== customer) return false;
    if (status === "all") return true;
    if (status === undefined) return !isEnded(subscription);
    if (status === "ended") return isEnded(subscription);
    return subscription.status === status;
  });
  return list(request, subscriptions, "/v1/subscriptions");
}

function updateSubscriptionHandler(ctx: ApiContext, request: ApiRequest, id: string): ApiResult {
  const { params: p } = request;
  const subscription = subscriptionOr404(ctx, id);
  if (isEnded(subscription) && Object.keys(p).some((key) => key !== "metadata" && key !== "expand")) {
    throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.");
  }
  const cancelAtPeriodEnd = readBoolean(p, "cancel_at_period_end");
  const metadata = applyMetadata(subscription.metadata, p);
  updateSubscription(request.events, subscription, (sub) => {
    sub.metadata = metadata;
    if (cancelAtPeriodEnd === true) scheduleCancellation(ctx, sub);
    if (cancelAtPeriodEnd === false) unscheduleCancellation(sub);
  });
  return ok(ctx, subscription, request);
}

function cancelSubscriptionHandler(ctx: ApiContext, request: ApiRequest, id: string): ApiResult {
  const subscription = subscriptionOr404(ctx, id);
  // Stripe treats a canceled subscription as deleted: canceling it again is a 404.
  if (isEnded(subscription)) throw noSuch("subscription", id);
  endSubscription(request.events, subscription, ctx.now());
  return ok(ctx, subscription, request);
}

// ——— invoices and events ———

function listInvoices(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  const subscription = readString(p, "subscription");
  const status = readString(p, "status");
  const invoices = newestFirst(ctx.store.invoices.values()).filter(
    (invoice) =>
      (!subscription || invoice.parent.subscription_details.subscription === subscription) &&
      (!status || invoice.status === status),
  );
  return list(request, invoices, "/v1/invoices");
}

function listEvents(ctx: ApiContext, request: ApiRequest): ApiResult {
  return list(request, newestFirst(ctx.store.events.values()), "/v1/events");
}
