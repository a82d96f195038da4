/**
 * The REST API under `/v1`, as the `stripe` SDK calls it: bearer-key authentication,
 * form-encoded params with bracket notation, `expand[]`, list pagination, idempotency keys
 * (a replay returns the stored response; the same key with other params is an idempotency_error),
 * and Stripe's error shapes and statuses. Events caused by a request carry its id and
 * idempotency key, and are delivered in the background, as Stripe does.
 */
import { LOCAL_STRIPE_SECRET_KEY } from "../config.ts";
import {
  createCheckoutSession,
  createCustomer,
  cancelNow,
  expireSessionIfDue,
  isEnded,
  scheduleCancellation,
  unscheduleCancellation,
  updateSubscription,
  type BillingContext,
} from "./billing.ts";
import { invalidRequest, missingParam, noSuch, StripeApiError } from "./errors.ts";
import { AUTOMATIC, createEventRecorder, type EventRecorder } from "./events.ts";
import {
  applyMetadata,
  assertKnownParams,
  fingerprint,
  parseParams,
  readBoolean,
  readExpand,
  readInteger,
  readList,
  readNullableString,
  readObject,
  readString,
  type Params,
} from "./forms.ts";
import { API_VERSION, type ListObject, type PortalSessionObject, type SubscriptionObject } from "./objects.ts";
import { findObject, newId, type CheckoutSessionRecord } from "./store.ts";
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

const PAGINATION = ["limit", "starting_after", "ending_before"];
const params = (...names: string[]) => new Set(names);

/** Top-level params each endpoint accepts, from the pinned SDK's param types. */
const ACCEPTED = {
  retrieve: params("expand"),
  customerCreate: params(
    "address", "balance", "business_name", "cash_balance", "description", "email", "expand",
    "individual_name", "invoice_prefix", "invoice_settings", "metadata", "name", "next_invoice_sequence",
    "payment_method", "phone", "preferred_locales", "shipping", "source", "tax", "tax_exempt",
    "tax_id_data", "test_clock", "validate",
  ),
  customerUpdate: params(
    "address", "balance", "business_name", "cash_balance", "default_source", "description", "email",
    "expand", "individual_name", "invoice_prefix", "invoice_settings", "metadata", "name",
    "next_invoice_sequence", "phone", "preferred_locales", "shipping", "source", "tax", "tax_exempt",
    "validate",
  ),
  customerList: params("created", "email", "expand", "test_clock", ...PAGINATION),
  checkoutCreate: params(
    "adaptive_pricing", "after_expiration", "allow_promotion_codes", "allowed_payment_method_types",
    "automatic_tax", "billing_address_collection", "branding_settings", "cancel_url",
    "client_reference_id", "consent_collection", "currency", "custom_fields", "custom_text", "customer",
    "customer_account", "customer_creation", "customer_email", "customer_update", "discounts",
    "excluded_payment_method_types", "expand", "expires_at", "integration_identifier",
    "invoice_creation", "line_items", "locale", "managed_payments", "metadata", "mode",
    "name_collection", "optional_items", "origin_context", "payment_intent_data",
    "payment_method_collection", "payment_method_configuration", "payment_method_data",
    "payment_method_options", "permissions", "phone_number_collection", "redirect_on_completion",
    "return_url", "saved_payment_method_options", "setup_intent_data", "shipping_address_collection",
    "shipping_options", "submit_type", "subscription_data", "success_url", "tax_id_collection", "ui_mode",
    "wallet_options",
  ),
  checkoutList: params(
    "created", "customer", "customer_account", "customer_details", "expand", "payment_intent",
    "payment_link", "status", "subscription", ...PAGINATION,
  ),
  portalCreate: params(
    "after_expiration", "configuration", "customer", "customer_account", "expand", "flow_data", "locale",
    "on_behalf_of", "return_url",
  ),
  subscriptionUpdate: params(
    "add_invoice_items", "application_fee_percent", "automatic_tax", "billing_cycle_anchor",
    "billing_schedules", "billing_thresholds", "cancel_at", "cancel_at_period_end", "cancellation_details",
    "collection_method", "days_until_due", "default_payment_method", "default_source", "default_tax_rates",
    "description", "discounts", "expand", "invoice_settings", "items", "metadata", "off_session",
    "on_behalf_of", "pause_collection", "payment_behavior", "payment_settings",
    "pending_invoice_item_interval", "proration_behavior", "proration_date", "transfer_data", "trial_end",
    "trial_from_plan", "trial_settings",
  ),
  subscriptionList: params(
    "automatic_tax", "collection_method", "created", "current_period_end", "current_period_start",
    "customer", "customer_account", "expand", "plan", "price", "status", "test_clock", ...PAGINATION,
  ),
  subscriptionCancel: params("cancellation_details", "expand", "invoice_now", "prorate"),
  invoiceList: params(
    "collection_method", "created", "customer", "customer_account", "due_date", "expand", "status",
    "subscription", ...PAGINATION,
  ),
  eventList: params("created", "delivery_success", "expand", "type", "types", ...PAGINATION),
};

const PORTAL_CONFIGURATION_ID = "bpc_tonewise_local_default";
const SUBSCRIPTION_STATUSES = [
  "active", "all", "canceled", "ended", "incomplete", "incomplete_expired", "past_due", "paused",
  "trialing", "unpaid",
];

const ROUTES: { method: string; pattern: RegExp; handler: Handler }[] = [
  { method: "POST", pattern: /^\/v1\/customers$/, handler: createCustomerHandler },
  { method: "GET", pattern: /^\/v1\/customers$/, handler: listCustomers },
  { method: "GET", pattern: /^\/v1\/customers\/([^/]+)$/, handler: retrieveCustomer },
  { method: "POST", pattern: /^\/v1\/customers\/([^/]+)$/, handler: updateCustomer },
  { method: "GET", pattern: /^\/v1\/prices\/([^/]+)$/, handler: retrieveFrom("price", (ctx) => ctx.store.prices) },
  { method: "GET", pattern: /^\/v1\/products\/([^/]+)$/, handler: retrieveFrom("product", (ctx) => ctx.store.products) },
  { method: "POST", pattern: /^\/v1\/checkout\/sessions$/, handler: createCheckoutSessionHandler },
  { method: "GET", pattern: /^\/v1\/checkout\/sessions$/, handler: listCheckoutSessions },
  { method: "GET", pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handler: retrieveCheckoutSession },
  { method: "GET", pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/, handler: listCheckoutLineItems },
  { method: "POST", pattern: /^\/v1\/billing_portal\/sessions$/, handler: createPortalSession },
  { method: "GET", pattern: /^\/v1\/subscriptions$/, handler: listSubscriptions },
  { method: "GET", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handler: retrieveFrom("subscription", (ctx) => ctx.store.subscriptions) },
  { method: "POST", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handler: updateSubscriptionHandler },
  { method: "DELETE", pattern: /^\/v1\/subscriptions\/([^/]+)$/, handler: cancelSubscriptionHandler },
  { method: "GET", pattern: /^\/v1\/invoices$/, handler: listInvoices },
  { method: "GET", pattern: /^\/v1\/invoices\/([^/]+)$/, handler: retrieveFrom("invoice", (ctx) => ctx.store.invoices) },
  { method: "GET", pattern: /^\/v1\/events$/, handler: listEvents },
  { method: "GET", pattern: /^\/v1\/events\/([^/]+)$/, handler: retrieveFrom("event", (ctx) => ctx.store.events) },
];

export async function handleApiRequest(ctx: ApiContext, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const requestId = newId("req");
  const stripeVersion = request.headers.get("Stripe-Version") ?? API_VERSION;
  const headers = new Headers({
    "Content-Type": "application/json",
    "Request-Id": requestId,
    "Stripe-Version": stripeVersion,
    "Cache-Control": "no-cache, no-store",
  });
  const respond = (status: number, body: string) => new Response(body, { status, headers });
  const respondError = (error: StripeApiError) =>
    respond(error.status, JSON.stringify({ error: { ...error.body, request_log_url: requestLogUrl(requestId) } }, null, 2));

  const authError = authenticate(request.headers.get("Authorization"));
  if (authError) {
    headers.set("WWW-Authenticate", 'Basic realm="Stripe"');
    return respondError(authError);
  }

  let parsed: Params;
  try {
    parsed = parseParams([...url.searchParams, ...new URLSearchParams(await request.text())]);
  } catch (error) {
    if (error instanceof StripeApiError) return respondError(error);
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
        return respondError(
          new StripeApiError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          }),
        );
      }
      headers.set("Idempotent-Replayed", "true");
      headers.set("Original-Request", stored.requestId);
      return respond(stored.status, stored.body);
    }
  }

  const events = createEventRecorder(ctx.store, ctx.now, { requestId, idempotencyKey });
  let status: number;
  let body: string;
  try {
    const result = route(ctx, { method, path: url.pathname, params: parsed, events });
    status = result.status;
    body = JSON.stringify(result.body, null, 2);
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    status = error.status;
    body = JSON.stringify({ error: { ...error.body, request_log_url: requestLogUrl(requestId) } }, null, 2);
  }
  // Stripe keeps the outcome once the endpoint has started executing; rejected params are not kept.
  if (idempotencyKey && status !== 400) {
    ctx.store.idempotentResponses.set(idempotencyKey, { fingerprint: requestFingerprint, status, body, requestId });
  }
  if (events.events.length > 0) void ctx.webhooks.deliver(events.events);
  return respond(status, body);
}

function requestLogUrl(requestId: string): string {
  return `https://dashboard.stripe.com/test/logs/${requestId}`;
}

function authenticate(authorization: string | null): StripeApiError | undefined {
  if (!authorization) {
    return new StripeApiError(401, {
      type: "invalid_request_error",
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  }
  const key = bearerOrBasicKey(authorization);
  if (key === LOCAL_STRIPE_SECRET_KEY || /^sk_test_\w+$/.test(key)) return undefined;
  const shown = key.length > 8 ? `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
  return new StripeApiError(401, {
    type: "invalid_request_error",
    message: `Invalid API Key provided: ${shown}`,
  });
}

function bearerOrBasicKey(authorization: string): string {
  const [scheme = "", value = ""] = authorization.trim().split(/\s+/, 2);
  if (scheme.toLowerCase() === "bearer") return value;
  if (scheme.toLowerCase() === "basic") {
    try {
      return atob(value).split(":")[0] ?? "";
    } catch {
      return "";
    }
  }
  return authorization.trim();
}

function route(ctx: ApiContext, request: ApiRequest): ApiResult {
  const matchingPath = ROUTES.filter((candidate) => candidate.pattern.test(request.path));
  const match = matchingPath.find((candidate) => candidate.method === request.method);
  if (!match) {
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${request.method}: ${request.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }
  const id = decodeURIComponent(match.pattern.exec(request.path)?.[1] ?? "");
  return match.handler(ctx, request, id);
}

// ——— responses: expansion and lists ———

function ok(ctx: ApiContext, object: object, request: ApiRequest): ApiResult {
  return { status: 200, body: expand(ctx, structuredClone(object), readExpand(request.params)) };
}

/** Replaces ids with the objects they name along each `expand[]` path ("subscription", "data.customer", …). */
function expand(ctx: ApiContext, root: object, paths: string[]): object {
  for (const path of paths) expandPath(ctx, root as Record<string, unknown>, path.split("."), path);
  return root;
}

function expandPath(ctx: ApiContext, node: Record<string, unknown>, segments: string[], path: string): void {
  const [segment, ...rest] = segments;
  if (segment === undefined) return;
  if (node.object === "list" && segment === "data" && Array.isArray(node.data)) {
    for (const entry of node.data) expandPath(ctx, entry as Record<string, unknown>, rest, path);
    return;
  }
  if (node.object === "checkout.session" && segment === "line_items" && !("line_items" in node)) {
    node.line_items = checkoutLineItems(ctx, String(node.id));
  }
  let value = node[segment];
  if (typeof value === "string") {
    const found = findObject(ctx.store, value);
    if (!found) throw invalidRequest(`This property cannot be expanded (${path}).`, "expand");
    value = structuredClone(found);
    node[segment] = value;
  }
  if (value === null) return;
  if (typeof value !== "object" || value === undefined) {
    throw invalidRequest(`This property cannot be expanded (${path}).`, "expand");
  }
  if (rest.length > 0) expandPath(ctx, value as Record<string, unknown>, rest, path);
}

/** Newest first, `limit` (1–100, default 10), cursors `starting_after` / `ending_before`. */
function list<T extends { id: string }>(ctx: ApiContext, request: ApiRequest, newestFirst: T[], url: string): ApiResult {
  const limit = readInteger(request.params, "limit") ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest("This value must be greater than or equal to 1 and less than or equal to 100.", "limit");
  }
  const startingAfter = readString(request.params, "starting_after");
  const endingBefore = readString(request.params, "ending_before");
  let page: T[];
  let hasMore: boolean;
  if (endingBefore) {
    const index = newestFirst.findIndex((item) => item.id === endingBefore);
    if (index < 0) throw cursorMissing(endingBefore, "ending_before");
    const before = newestFirst.slice(0, index);
    page = before.slice(Math.max(0, before.length - limit));
    hasMore = before.length > limit;
  } else {
    let start = 0;
    if (startingAfter) {
      const index = newestFirst.findIndex((item) => item.id === startingAfter);
      if (index < 0) throw cursorMissing(startingAfter, "starting_after");
      start = index + 1;
    }
    page = newestFirst.slice(start, start + limit);
    hasMore = newestFirst.length > start + limit;
  }
  const body: ListObject<T> = { object: "list", data: page.map((item) => structuredClone(item)), has_more: hasMore, url };
  return { status: 200, body: expand(ctx, body, readExpand(request.params)) };
}

function cursorMissing(id: string, param: string): StripeApiError {
  return noSuch(objectKind(id), id, { param, status: 400 });
}

function objectKind(id: string): string {
  const kinds: Record<string, string> = { cus: "customer", sub: "subscription", in: "invoice", cs: "checkout.session", evt: "event" };
  return kinds[id.split("_")[0] ?? ""] ?? "object";
}

function newestFirst<T>(values: Iterable<T>): T[] {
  return [...values].reverse();
}

function retrieveFrom<T extends object>(kind: string, collection: (ctx: ApiContext) => Map<string, T>): Handler {
  return (ctx, request, id) => {
    assertKnownParams(request.params, ACCEPTED.retrieve);
    const object = collection(ctx).get(id);
    if (!object) throw noSuch(kind, id);
    return ok(ctx, object, request);
  };
}

// ——— customers ———

function createCustomerHandler(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  assertKnownParams(p, ACCEPTED.customerCreate);
  const customer = createCustomer(ctx, {
    email: readEmail(p),
    name: readNullableString(p, "name") ?? null,
    description: readNullableString(p, "description") ?? null,
    phone: readNullableString(p, "phone") ?? null,
    metadata: applyMetadata({}, p),
  });
  return ok(ctx, customer, request);
}

function readEmail(p: Params): string | null {
  const email = readNullableString(p, "email") ?? null;
  if (email !== null && (email.length > 512 || !/^[^\s@]+@[^\s@]+$/.test(email))) {
    throw invalidRequest(`Invalid email address: ${email}`, "email", "email_invalid");
  }
  return email;
}

function listCustomers(ctx: ApiContext, request: ApiRequest): ApiResult {
  assertKnownParams(request.params, ACCEPTED.customerList);
  const email = readString(request.params, "email");
  const customers = newestFirst(ctx.store.customers.values()).filter((customer) => !email || customer.email === email);
  return list(ctx, request, customers, "/v1/customers");
}

function retrieveCustomer(ctx: ApiContext, request: ApiRequest, id: string): ApiResult {
  assertKnownParams(request.params, ACCEPTED.retrieve);
  const customer = ctx.store.customers.get(id);
  if (!customer) throw noSuch("customer", id);
  return ok(ctx, customer, request);
}

function updateCustomer(ctx: ApiContext, request: ApiRequest, id: string): ApiResult {
  const { params: p } = request;
  assertKnownParams(p, ACCEPTED.customerUpdate);
  const customer = ctx.store.customers.get(id);
  if (!customer) throw noSuch("customer", id);
  const email = p.email === undefined ? customer.email : readEmail(p);
  const metadata = applyMetadata(customer.metadata, p);
  customer.email = email;
  if (p.name !== undefined) customer.name = readNullableString(p, "name") ?? null;
  if (p.description !== undefined) customer.description = readNullableString(p, "description") ?? null;
  if (p.phone !== undefined) customer.phone = readNullableString(p, "phone") ?? null;
  customer.metadata = metadata;
  return ok(ctx, customer, request);
}

// ——— checkout ———

function createCheckoutSessionHandler(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  assertKnownParams(p, ACCEPTED.checkoutCreate);
  const mode = readString(p, "mode");
  if (!mode) throw missingParam("mode");
  if (mode !== "subscription") {
    throw invalidRequest(
      `The local Stripe emulator only supports mode=subscription (got '${mode}').`,
      "mode",
    );
  }
  const uiMode = readString(p, "ui_mode");
  if (uiMode !== undefined && uiMode !== "hosted_page" && uiMode !== "hosted") {
    throw invalidRequest(`The local Stripe emulator only supports the hosted checkout page (got ui_mode '${uiMode}').`, "ui_mode");
  }

  const rawLineItems = readList(p, "line_items");
  if (!rawLineItems || rawLineItems.length === 0) throw missingParam("line_items");
  const lineItems = rawLineItems.map((raw, index) => {
    const param = `line_items[${index}]`;
    if (typeof raw !== "object" || Array.isArray(raw)) throw invalidRequest(`Invalid object: ${param}`, param);
    if (raw.price_data !== undefined) {
      throw invalidRequest("The local Stripe emulator does not support price_data; pass a price id.", `${param}[price_data]`);
    }
    const priceId = readString(raw, "price", `${param}[price]`);
    if (!priceId) throw missingParam(`${param}[price]`);
    const price = ctx.store.prices.get(priceId);
    if (!price) throw noSuch("price", priceId, { param: `${param}[price]`, status: 400 });
    if (!price.active) {
      throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, `${param}[price]`);
    }
    if (price.type !== "recurring") {
      throw invalidRequest(
        "You must specify at least one recurring price in `subscription` mode when using prices.",
        `${param}[price]`,
      );
    }
    const quantity = readInteger(raw, "quantity", `${param}[quantity]`);
    if (quantity === undefined) throw missingParam(`${param}[quantity]`);
    if (quantity < 1) throw invalidRequest("Quantity must be greater than 0.", `${param}[quantity]`);
    return { price, quantity };
  });

  const customerId = readString(p, "customer");
  const customerEmail = readNullableString(p, "customer_email") ?? null;
  if (customerId && customerEmail) {
    throw invalidRequest("You may only specify one of these parameters: customer, customer_email.", "customer_email");
  }
  const customer = customerId ? ctx.store.customers.get(customerId) : undefined;
  if (customerId && !customer) throw noSuch("customer", customerId, { param: "customer", status: 400 });
  if (customerEmail !== null && !/^[^\s@]+@[^\s@]+$/.test(customerEmail)) {
    throw invalidRequest(`Invalid email address: ${customerEmail}`, "customer_email", "email_invalid");
  }

  const successUrl = readUrl(p, "success_url");
  if (!successUrl) throw missingParam("success_url");
  const cancelUrl = readUrl(p, "cancel_url");
  const clientReferenceId = readNullableString(p, "client_reference_id") ?? null;
  if (clientReferenceId !== null && clientReferenceId.length > 200) {
    throw invalidRequest("client_reference_id must be at most 200 characters.", "client_reference_id");
  }

  const subscriptionData = readObject(p, "subscription_data") ?? {};
  for (const unsupported of ["trial_period_days", "trial_end"]) {
    if (subscriptionData[unsupported] !== undefined) {
      throw invalidRequest(
        `The local Stripe emulator does not support trials (subscription_data[${unsupported}]).`,
        `subscription_data[${unsupported}]`,
      );
    }
  }

  const now = ctx.now();
  const expiresAt = readInteger(p, "expires_at") ?? null;
  if (expiresAt !== null && (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 60 * 60)) {
    throw invalidRequest(
      "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
      "expires_at",
    );
  }

  const record = createCheckoutSession(ctx, {
    customer: customer ?? null,
    customerEmail,
    lineItems,
    successUrl,
    cancelUrl: cancelUrl ?? null,
    clientReferenceId,
    metadata: applyMetadata({}, p),
    subscriptionMetadata: applyMetadata({}, subscriptionData, "metadata", "subscription_data[metadata]"),
    allowPromotionCodes: readBoolean(p, "allow_promotion_codes") ?? null,
    expiresAt,
  });
  return ok(ctx, record.session, request);
}

function readUrl(p: Params, name: string): string | undefined {
  const value = readString(p, name);
  if (value === undefined || value === "") return undefined;
  let parsed: URL | undefined;
  try {
    // "{CHECKOUT_SESSION_ID}" is a placeholder Stripe fills in; it is not part of the URL check.
    parsed = new URL(value.replaceAll("{CHECKOUT_SESSION_ID}", "cs_placeholder"));
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
    throw invalidRequest("Not a valid URL", name, "url_invalid");
  }
  return value;
}

/** Sessions past `expires_at` expire when next seen; the event is automatic, not the reader's. */
function expireDueSessions(ctx: ApiContext, records: Iterable<CheckoutSessionRecord>): void {
  const events = createEventRecorder(ctx.store, ctx.now, AUTOMATIC);
  for (const record of records) expireSessionIfDue(ctx, events, record);
  if (events.events.length > 0) void ctx.webhooks.deliver(events.events);
}

function sessionRecord(ctx: ApiContext, id: string): CheckoutSessionRecord {
  const record = ctx.store.checkoutSessions.get(id);
  if (!record) throw noSuch("checkout.session", id);
  expireDueSessions(ctx, [record]);
  return record;
}

function retrieveCheckoutSession(ctx: ApiContext, request: ApiRequest, id: string): ApiResult {
  assertKnownParams(request.params, ACCEPTED.retrieve);
  return ok(ctx, sessionRecord(ctx, id).session, request);
}

function checkoutLineItems(ctx: ApiContext, sessionId: string): ListObject<unknown> {
  const record = ctx.store.checkoutSessions.get(sessionId);
  return {
    object: "list",
    data: structuredClone(record?.lineItems ?? []),
    has_more: false,
    url: `/v1/checkout/sessions/${sessionId}/line_items`,
  };
}

function listCheckoutLineItems(ctx: ApiContext, request: ApiRequest, id: string): ApiResult {
  assertKnownParams(request.params, params("expand", ...PAGINATION));
  const record = sessionRecord(ctx, id);
  return list(ctx, request, record.lineItems, `/v1/checkout/sessions/${id}/line_items`);
}

function listCheckoutSessions(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  assertKnownParams(p, ACCEPTED.checkoutList);
  const customer = readString(p, "customer");
  const subscription = readString(p, "subscription");
  const status = readString(p, "status");
  const records = newestFirst(ctx.store.checkoutSessions.values());
  expireDueSessions(ctx, records);
  const sessions = records
    .map((record) => record.session)
    .filter(
      (session) =>
        (!customer || session.customer === customer) &&
        (!subscription || session.subscription === subscription) &&
        (!status || session.status === status),
    );
  return list(ctx, request, sessions, "/v1/checkout/sessions");
}

// ——— billing portal ———

function createPortalSession(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  assertKnownParams(p, ACCEPTED.portalCreate);
  const customerId = readString(p, "customer");
  if (!customerId) throw missingParam("customer");
  if (!ctx.store.customers.has(customerId)) throw noSuch("customer", customerId, { param: "customer", status: 400 });
  const id = newId("bps");
  const session: PortalSessionObject = {
    id,
    object: "billing_portal.session",
    configuration: PORTAL_CONFIGURATION_ID,
    created: ctx.now(),
    customer: customerId,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: readUrl(p, "return_url") ?? null,
    url: `${ctx.baseUrl}/portal/${id}`,
  };
  ctx.store.portalSessions.set(id, session);
  return ok(ctx, session, request);
}

// ——— subscriptions ———

function subscriptionOr404(ctx: ApiContext, id: string): SubscriptionObject {
  const subscription = ctx.store.subscriptions.get(id);
  if (!subscription) throw noSuch("subscription", id);
  return subscription;
}

function listSubscriptions(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  assertKnownParams(p, ACCEPTED.subscriptionList);
  const customer = readString(p, "customer");
  const price = readString(p, "price") ?? readString(p, "plan");
  const status = readString(p, "status");
  if (status !== undefined && !SUBSCRIPTION_STATUSES.includes(status)) {
    throw invalidRequest(
      `Invalid status: must be one of ${SUBSCRIPTION_STATUSES.slice(0, -1).join(", ")}, or ${SUBSCRIPTION_STATUSES.at(-1)}`,
      "status",
    );
  }
  const matchesStatus = (subscription: SubscriptionObject) => {
    if (status === "all") return true;
    if (status === "ended") return isEnded(subscription);
    if (status === undefined) return subscription.status !== "canceled";
    return subscription.status === status;
  };
  const subscriptions = newestFirst(ctx.store.subscriptions.values()).filter(
    (subscription) =>
      (!customer || subscription.customer === customer) &&
      (!price || subscription.items.data.some((item) => item.price.id === price)) &&
      matchesStatus(subscription),
  );
  return list(ctx, request, subscriptions, "/v1/subscriptions");
}

function updateSubscriptionHandler(ctx: ApiContext, request: ApiRequest, id: string): ApiResult {
  const { params: p } = request;
  assertKnownParams(p, ACCEPTED.subscriptionUpdate);
  const subscription = subscriptionOr404(ctx, id);
  if (isEnded(subscription)) {
    const allowed = new Set(["metadata", "cancellation_details", "expand"]);
    if (Object.keys(p).some((key) => !allowed.has(key))) {
      throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.");
    }
  }
  for (const unsupported of ["items", "trial_end", "pause_collection", "billing_cycle_anchor"]) {
    if (p[unsupported] !== undefined) {
      throw invalidRequest(`The local Stripe emulator does not support updating ${unsupported}.`, unsupported);
    }
  }
  const cancelAt = p.cancel_at === undefined ? undefined : readNullableString(p, "cancel_at");
  if (cancelAt !== undefined && cancelAt !== null) {
    throw invalidRequest("The local Stripe emulator supports cancel_at_period_end, not cancel_at.", "cancel_at");
  }
  const cancelAtPeriodEnd = readBoolean(p, "cancel_at_period_end") ?? (cancelAt === null ? false : undefined);
  const metadata = applyMetadata(subscription.metadata, p);
  const details = readObject(p, "cancellation_details", "cancellation_details") ?? {};
  const comment = readNullableString(details, "comment", "cancellation_details[comment]");
  const feedback = readNullableString(details, "feedback", "cancellation_details[feedback]");

  updateSubscription(request.events, subscription, (sub) => {
    sub.metadata = metadata;
    if (cancelAtPeriodEnd === true) scheduleCancellation(ctx, sub, { comment, feedback });
    if (cancelAtPeriodEnd === false) unscheduleCancellation(sub);
    if (cancelAtPeriodEnd === undefined && (comment !== undefined || feedback !== undefined)) {
      const current = sub.cancellation_details ?? { comment: null, feedback: null, feedback_option: null, reason: null };
      sub.cancellation_details = {
        ...current,
        comment: comment === undefined ? current.comment : comment,
        feedback: feedback === undefined ? current.feedback : feedback,
      };
    }
  });
  return ok(ctx, subscription, request);
}

function cancelSubscriptionHandler(ctx: ApiContext, request: ApiRequest, id: string): ApiResult {
  const { params: p } = request;
  assertKnownParams(p, ACCEPTED.subscriptionCancel);
  const subscription = subscriptionOr404(ctx, id);
  // Stripe treats a canceled subscription as deleted: canceling it again is a 404.
  if (isEnded(subscription)) throw noSuch("subscription", id);
  readBoolean(p, "invoice_now");
  readBoolean(p, "prorate");
  const details = readObject(p, "cancellation_details") ?? {};
  cancelNow(ctx, request.events, subscription, {
    comment: readNullableString(details, "comment", "cancellation_details[comment]") ?? null,
  });
  return ok(ctx, subscription, request);
}

// ——— invoices and events ———

function listInvoices(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  assertKnownParams(p, ACCEPTED.invoiceList);
  const customer = readString(p, "customer");
  const subscription = readString(p, "subscription");
  const status = readString(p, "status");
  const invoices = newestFirst(ctx.store.invoices.values()).filter(
    (invoice) =>
      (!customer || invoice.customer === customer) &&
      (!subscription || invoice.parent.subscription_details.subscription === subscription) &&
      (!status || invoice.status === status),
  );
  return list(ctx, request, invoices, "/v1/invoices");
}

function listEvents(ctx: ApiContext, request: ApiRequest): ApiResult {
  const { params: p } = request;
  assertKnownParams(p, ACCEPTED.eventList);
  const type = readString(p, "type");
  const types = (readList(p, "types") ?? []).map(String);
  const matches = (eventType: string) => {
    if (types.length > 0) return types.includes(eventType);
    if (!type) return true;
    const pattern = new RegExp(`^${type.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
    return pattern.test(eventType);
  };
  const events = newestFirst(ctx.store.events.values()).filter((event) => matches(event.type));
  return list(ctx, request, events, "/v1/events");
}
