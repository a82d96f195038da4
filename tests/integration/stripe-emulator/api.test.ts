import Stripe from "stripe";
import { describe, expect, it } from "vitest";

import {
  LOCAL_STRIPE_PRO_PRICE_ID,
  LOCAL_STRIPE_PRO_PRODUCT_ID,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_URL,
} from "../../../emulators/config.ts";
import { API_VERSION } from "../../../emulators/stripe/index.ts";
import {
  createProCheckout,
  ONE_DAY_MS,
  sdkFor,
  serveOverHttp,
  harnessForEachTest,
  subscribeToPro,
} from "./harness.ts";

const h = harnessForEachTest();

describe("local Stripe API through the real SDK", () => {
  it("speaks the SDK's pinned API version", () => {
    expect(API_VERSION).toBe(Stripe.API_VERSION);
  });

  it("works over real HTTP with the SDK's default Node client", async () => {
    const server = await serveOverHttp(h.emulator);
    try {
      const stripe = new Stripe(LOCAL_STRIPE_SECRET_KEY, {
        host: "127.0.0.1",
        port: server.port,
        protocol: "http",
        maxNetworkRetries: 0,
      });
      const customer = await stripe.customers.create({ email: "http@example.com", metadata: { user_id: "u" } });
      const session = await createProCheckout(stripe, { customer: customer.id });
      expect((await stripe.checkout.sessions.retrieve(session.id)).customer).toBe(customer.id);
      await expect(stripe.customers.retrieve("cus_missing")).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    } finally {
      await server.close();
    }
  });

  it("creates, retrieves, updates and lists customers", async () => {
    const created = await h.stripe.customers.create({
      email: "wren@example.com",
      name: "Wren",
      metadata: { user_id: "user_1" },
    });
    expect(created).toMatchObject({
      object: "customer",
      email: "wren@example.com",
      name: "Wren",
      metadata: { user_id: "user_1" },
      livemode: false,
    });
    expect(created.id).toMatch(/^cus_/);
    expect(Math.abs(created.created - Date.now() / 1000)).toBeLessThan(5);

    const updated = await h.stripe.customers.update(created.id, {
      name: "Wren Writer",
      metadata: { plan: "pro", user_id: "" },
    });
    expect(updated.name).toBe("Wren Writer");
    expect(updated.metadata).toEqual({ plan: "pro" });

    const fetched = await h.stripe.customers.retrieve(created.id);
    expect(fetched).toEqual(updated);

    const byEmail = await h.stripe.customers.list({ email: "wren@example.com" });
    expect(byEmail.data.map((customer) => customer.id)).toEqual([created.id]);
  });

  it("serves the seeded Pro price and product", async () => {
    const price = await h.stripe.prices.retrieve(LOCAL_STRIPE_PRO_PRICE_ID);
    expect(price).toMatchObject({
      object: "price",
      active: true,
      currency: "usd",
      unit_amount: 1499,
      product: LOCAL_STRIPE_PRO_PRODUCT_ID,
      type: "recurring",
      recurring: { interval: "month", interval_count: 1 },
    });
    const product = await h.stripe.products.retrieve(LOCAL_STRIPE_PRO_PRODUCT_ID);
    expect(product).toMatchObject({ object: "product", name: "Tonewise Pro", active: true });
  });

  it("creates an open subscription-mode checkout session", async () => {
    const customer = await h.stripe.customers.create({ email: "wren@example.com" });
    const session = await createProCheckout(h.stripe, {
      customer: customer.id,
      client_reference_id: "user_1",
      metadata: { user_id: "user_1" },
      subscription_data: { metadata: { user_id: "user_1" } },
      allow_promotion_codes: true,
    });
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      mode: "subscription",
      customer: customer.id,
      subscription: null,
      client_reference_id: "user_1",
      metadata: { user_id: "user_1" },
      success_url: "http://localhost:5173/billing/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:5173/pricing",
      amount_total: 1499,
      currency: "usd",
      allow_promotion_codes: true,
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${LOCAL_STRIPE_URL}/checkout/${session.id}`);
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);

    const withItems = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    expect(withItems.line_items?.data[0]).toMatchObject({ quantity: 1, amount_total: 1499, description: "Tonewise Pro" });
  });

  it("rejects checkout sessions it cannot honour, with Stripe's error shapes", async () => {
    const base = {
      line_items: [{ price: LOCAL_STRIPE_PRO_PRICE_ID, quantity: 1 }],
      success_url: "http://localhost:5173/ok",
    };
    await expect(h.stripe.checkout.sessions.create({ ...base, mode: "payment" })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      param: "mode",
    });
    await expect(
      h.stripe.checkout.sessions.create({ ...base, mode: "subscription", line_items: [{ quantity: 1 }] }),
    ).rejects.toMatchObject({ statusCode: 400, code: "parameter_missing", param: "line_items[0][price]" });
    await expect(
      h.stripe.checkout.sessions.create({ ...base, mode: "subscription", line_items: [{ price: "price_nope", quantity: 1 }] }),
    ).rejects.toMatchObject({ statusCode: 400, code: "resource_missing", message: "No such price: 'price_nope'" });
    await expect(
      h.stripe.checkout.sessions.create({ ...base, mode: "subscription", customer: "cus_missing" }),
    ).rejects.toMatchObject({ statusCode: 400, code: "resource_missing", param: "customer" });
    await expect(
      h.stripe.checkout.sessions.create({ ...base, mode: "subscription", bogus: 1 } as Stripe.Checkout.SessionCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "bogus" });
  });

  it("answers a missing object with a typed 404 and a missing key with a typed 401", async () => {
    const missing = await h.stripe.customers.retrieve("cus_doesnotexist").catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      param: "id",
      message: "No such customer: 'cus_doesnotexist'",
      requestId: expect.stringMatching(/^req_/),
    });

    const noKey = await h.emulator.handle(new Request(`${LOCAL_STRIPE_URL}/v1/customers`));
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { type: "invalid_request_error", message: expect.stringContaining("did not provide an API key") } });

    const wrongKey = await sdkFor(h.emulator, "sk_live_not_allowed")
      .customers.list()
      .catch((error: unknown) => error);
    expect(wrongKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(wrongKey).toMatchObject({ statusCode: 401, message: expect.stringContaining("Invalid API Key provided") });

    const anyTestKey = await sdkFor(h.emulator, "sk_test_anything").prices.retrieve(LOCAL_STRIPE_PRO_PRICE_ID);
    expect(anyTestKey.id).toBe(LOCAL_STRIPE_PRO_PRICE_ID);
  });

  it("answers unknown URLs like Stripe", async () => {
    const response = await h.emulator.handle(
      new Request(`${LOCAL_STRIPE_URL}/v1/charges`, { headers: { Authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}` } }),
    );
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toContain("Unrecognized request URL (GET: /v1/charges)");
  });

  it("replays idempotent requests and refuses a reused key with other params", async () => {
    const first = await h.stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "signup-user-1" });
    const again = await h.stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "signup-user-1" });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.idempotencyKey).toBe("signup-user-1");
    expect((await h.stripe.customers.list()).data).toHaveLength(1);

    const conflict = await h.stripe.customers
      .create({ email: "other@example.com" }, { idempotencyKey: "signup-user-1" })
      .catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(conflict).toMatchObject({ statusCode: 400, type: "StripeIdempotencyError" });

    const replay = await h.emulator.handle(
      new Request(`${LOCAL_STRIPE_URL}/v1/customers`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Idempotency-Key": "signup-user-1",
        },
        body: "email=once%40example.com",
      }),
    );
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await replay.json()).id).toBe(first.id);
  });

  it("parses bracket notation sent by hand", async () => {
    const response = await h.emulator.handle(
      new Request(`${LOCAL_STRIPE_URL}/v1/checkout/sessions`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${LOCAL_STRIPE_SECRET_KEY}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Stripe-Version": "2026-10-28.endive",
        },
        body:
          "mode=subscription&line_items[0][price]=price_tonewise_pro_monthly&line_items[0][quantity]=2" +
          "&success_url=http%3A%2F%2Flocalhost%3A5173%2Fok&metadata[a]=1&subscription_data[metadata][b]=2" +
          "&expand[]=line_items",
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Stripe-Version")).toBe("2026-10-28.endive");
    const session = await response.json();
    expect(session).toMatchObject({ amount_total: 2998, metadata: { a: "1" } });
    expect(session.line_items.data[0].quantity).toBe(2);
  });

  it("lists subscriptions like Stripe: canceled ones only with status=all or canceled", async () => {
    const { customer, subscription } = await subscribeToPro(h);
    const second = await subscribeToPro(h, "other@example.com");
    await h.stripe.subscriptions.cancel(second.subscription.id);

    const mine = await h.stripe.subscriptions.list({ customer: customer.id });
    expect(mine).toMatchObject({ object: "list", has_more: false, url: "/v1/subscriptions" });
    expect(mine.data.map((sub) => sub.id)).toEqual([subscription.id]);

    const active = await h.stripe.subscriptions.list();
    expect(active.data.map((sub) => sub.id)).toEqual([subscription.id]);
    const all = await h.stripe.subscriptions.list({ status: "all" });
    expect(all.data.map((sub) => sub.id)).toEqual([second.subscription.id, subscription.id]);
    const canceled = await h.stripe.subscriptions.list({ status: "canceled", limit: 1 });
    expect(canceled.data.map((sub) => sub.id)).toEqual([second.subscription.id]);
    const page = await h.stripe.subscriptions.list({ status: "all", limit: 1 });
    expect(page.has_more).toBe(true);
    await expect(h.stripe.subscriptions.list({ status: "bogus" as "all" })).rejects.toMatchObject({ param: "status" });
  });

  it("updates and cancels subscriptions through the API", async () => {
    const { subscription } = await subscribeToPro(h);
    const updated = await h.stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
      metadata: { reason: "testing" },
    });
    expect(updated).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: subscription.items.data[0]?.current_period_end,
      status: "active",
      metadata: { user_id: "user_123", reason: "testing" },
    });
    const canceled = await h.stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe("canceled");
    expect(canceled.ended_at).not.toBeNull();
    await expect(h.stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
    await expect(h.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false })).rejects.toMatchObject({
      statusCode: 400,
      message: "A canceled subscription can only update its cancellation_details and metadata.",
    });

    await h.emulator.idle();
    const types = h.receiver.received.map((delivery) => delivery.event);
    const updatedEvent = types.find((event) => event.type === "customer.subscription.updated");
    expect(updatedEvent?.data.previous_attributes).toEqual({
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { reason: null },
      metadata: { reason: null },
    });
    expect(updatedEvent?.request?.id).toMatch(/^req_/);
    expect(types.at(-1)?.type).toBe("customer.subscription.deleted");
  });

  it("expires checkout sessions after 24 hours of clock time", async () => {
    const session = await createProCheckout(h.stripe);
    h.clock.advance(ONE_DAY_MS + 1000);
    await h.emulator.advanceClock();
    const expired = await h.stripe.checkout.sessions.retrieve(session.id);
    expect(expired.status).toBe("expired");
    expect(h.receiver.received.map((delivery) => delivery.event.type)).toEqual(["checkout.session.expired"]);
  });

  it("reset() empties the state and re-seeds the catalogue", async () => {
    const customer = await h.stripe.customers.create({ email: "gone@example.com" });
    h.emulator.reset();
    await expect(h.stripe.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await h.stripe.prices.retrieve(LOCAL_STRIPE_PRO_PRICE_ID)).unit_amount).toBe(1499);
    expect(h.emulator.deliveries()).toEqual([]);
  });
});
