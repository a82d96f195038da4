import Stripe from "stripe";
import { describe, expect, it } from "vitest";

import { LOCAL_STRIPE_PRO_PRICE_ID } from "../../../emulators/config.ts";
import { createStripeEmulator, signWebhookPayload } from "../../../emulators/stripe/index.ts";
import { createClock } from "../../../emulators/clock.ts";
import {
  APP_URL,
  createProCheckout,
  eventTypes,
  formsOf,
  ONE_DAY_MS,
  openPage,
  payCheckout,
  sdkFor,
  harnessForEachTest,
  startWebhookReceiver,
  submitForm,
  WEBHOOK_SECRET,
} from "./harness.ts";

const h = harnessForEachTest();

describe("hosted checkout page", () => {
  it("is a plain accessible form showing the plan, the email and a prefilled test card", async () => {
    const customer = await h.stripe.customers.create({ email: "wren@example.com", name: "Wren" });
    const session = await createProCheckout(h.stripe, { customer: customer.id });
    const page = await openPage(h.emulator, session.url ?? "");

    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain("Tonewise Pro — $14.99 per month");
    expect(page.html).toContain("wren@example.com");
    expect(page.html).not.toMatch(/<script|<link|src=|url\(/i);
    for (const id of ["card_number", "card_expiry", "card_cvc", "cardholder_name"]) {
      expect(page.html).toContain(`<label for="${id}">`);
      expect(page.html).toContain(`id="${id}"`);
    }
    expect(page.html).toMatch(/<button type="submit"[^>]*>Subscribe<\/button>/);
    expect(page.html).toContain(`<a href="${APP_URL}/pricing">`);

    const [form] = formsOf(page.html);
    expect(form?.action).toBe(`/checkout/${session.id}/pay`);
    expect(form?.fields.card_number).toBe("4242 4242 4242 4242");
    expect(form?.fields.card_cvc).toMatch(/^\d{3}$/);
  });

  it("subscribes on payment, delivers signed webhooks in order, then redirects to success_url", async () => {
    const customer = await h.stripe.customers.create({ email: "wren@example.com" });
    const session = await createProCheckout(h.stripe, {
      customer: customer.id,
      client_reference_id: "user_42",
      subscription_data: { metadata: { user_id: "user_42" } },
    });

    const response = await payCheckout(h.emulator, session);

    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${APP_URL}/billing/success?session_id=${session.id}`);
    // Delivered before the redirect was returned.
    expect(eventTypes(h.receiver)).toEqual([
      "customer.subscription.created",
      "checkout.session.completed",
      "invoice.paid",
    ]);

    const completed = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription"] });
    expect(completed).toMatchObject({ status: "complete", payment_status: "paid", customer: customer.id });
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription).toMatchObject({
      object: "subscription",
      status: "active",
      customer: customer.id,
      cancel_at_period_end: false,
      metadata: { user_id: "user_42" },
      livemode: false,
    });
    const [item] = subscription.items.data;
    expect(item).toMatchObject({ object: "subscription_item", quantity: 1, price: { id: LOCAL_STRIPE_PRO_PRICE_ID } });
    const start = new Date((item?.current_period_start ?? 0) * 1000);
    const end = new Date((item?.current_period_end ?? 0) * 1000);
    const sameDayNextMonth = new Date(start);
    sameDayNextMonth.setUTCDate(1);
    sameDayNextMonth.setUTCMonth(start.getUTCMonth() + 1);
    const lastDay = new Date(Date.UTC(sameDayNextMonth.getUTCFullYear(), sameDayNextMonth.getUTCMonth() + 1, 0)).getUTCDate();
    sameDayNextMonth.setUTCDate(Math.min(start.getUTCDate(), lastDay));
    expect(end.toISOString()).toBe(sameDayNextMonth.toISOString());
    expect(Math.abs((item?.current_period_start ?? 0) - Date.now() / 1000)).toBeLessThan(5);

    const [created, checkoutCompleted, invoicePaid] = h.receiver.received;
    expect(created?.event.data.object).toMatchObject({ id: subscription.id, status: "active" });
    expect(checkoutCompleted?.event.data.object).toMatchObject({
      id: session.id,
      client_reference_id: "user_42",
      subscription: subscription.id,
      customer: customer.id,
      payment_status: "paid",
    });
    const invoice = invoicePaid?.event.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({
      object: "invoice",
      status: "paid",
      amount_paid: 1499,
      billing_reason: "subscription_create",
      parent: { subscription_details: { subscription: subscription.id } },
    });
    expect(subscription.latest_invoice).toBe(invoice.id);

    const delivery = h.receiver.received[0];
    expect(delivery?.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(delivery?.headers["user-agent"]).toBe("Stripe/1.0 (+https://stripe.com/docs/webhooks)");
    expect(delivery?.headers["stripe-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(created?.event).toMatchObject({
      object: "event",
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    expect(h.emulator.deliveries().map((record) => [record.type, record.status])).toEqual([
      ["customer.subscription.created", 200],
      ["checkout.session.completed", 200],
      ["invoice.paid", 200],
    ]);
  });

  it("signs webhooks so that only the right secret verifies them", async () => {
    const customer = await h.stripe.customers.create({ email: "wren@example.com" });
    await payCheckout(h.emulator, await createProCheckout(h.stripe, { customer: customer.id }));
    const [delivery] = h.receiver.received;
    if (!delivery) throw new Error("no webhook received");
    const header = delivery.headers["stripe-signature"] ?? "";

    const event = await h.stripe.webhooks.constructEventAsync(delivery.body, header, WEBHOOK_SECRET);
    expect(event.type).toBe("customer.subscription.created");
    await expect(
      h.stripe.webhooks.constructEventAsync(delivery.body, header, "whsec_wrong_secret"),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
    await expect(
      h.stripe.webhooks.constructEventAsync(delivery.body.replace("active", "canceled"), header, WEBHOOK_SECRET),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);

    // The same scheme as the SDK's own test-header generator.
    const timestamp = Number(/t=(\d+)/.exec(header)?.[1]);
    const expected = await h.stripe.webhooks.generateTestHeaderStringAsync({
      payload: delivery.body,
      secret: WEBHOOK_SECRET,
      timestamp,
    });
    expect(await signWebhookPayload(WEBHOOK_SECRET, delivery.body, timestamp)).toBe(expected);
  });

  it("a receiver with the wrong secret rejects every delivery", async () => {
    const wrong = await startWebhookReceiver(h.stripe, "whsec_not_the_configured_one");
    h.emulator.setWebhookUrl(wrong.url);
    try {
      const customer = await h.stripe.customers.create({ email: "wren@example.com" });
      await payCheckout(h.emulator, await createProCheckout(h.stripe, { customer: customer.id }));
      expect(wrong.received).toEqual([]);
      expect(h.emulator.deliveries().map((record) => [record.status, record.attempts])).toEqual([
        [400, 4],
        [400, 4],
        [400, 4],
      ]);
    } finally {
      await wrong.close();
    }
  }, 20_000);

  it("declines card 4000 0000 0000 0002 without subscribing", async () => {
    const customer = await h.stripe.customers.create({ email: "wren@example.com" });
    const session = await createProCheckout(h.stripe, { customer: customer.id });

    const response = await payCheckout(h.emulator, session, { card_number: "4000 0000 0000 0002" });

    expect(response.status).toBe(402);
    const html = await response.text();
    expect(html).toContain("Your card was declined.");
    expect(html).toContain('role="alert"');
    expect(formsOf(html)[0]?.fields.card_number).toBe("4000 0000 0000 0002");
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    expect((await h.stripe.subscriptions.list({ status: "all" })).data).toEqual([]);
    expect(h.receiver.received).toEqual([]);

    // The same session can still be paid with a good card.
    expect((await payCheckout(h.emulator, session)).status).toBe(303);
  });

  it("does not subscribe twice when a completed session is paid again", async () => {
    const customer = await h.stripe.customers.create({ email: "wren@example.com" });
    const session = await createProCheckout(h.stripe, { customer: customer.id });
    const page = await openPage(h.emulator, session.url ?? "");
    const [form] = formsOf(page.html);
    if (!form) throw new Error("no form");

    expect((await submitForm(h.emulator, form)).status).toBe(303);
    const second = await submitForm(h.emulator, form);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("already completed");
    expect((await h.stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
    expect(eventTypes(h.receiver)).toHaveLength(3);
  });

  it("refuses to pay an expired session", async () => {
    const session = await createProCheckout(h.stripe, { customer_email: "late@example.com" });
    const [form] = formsOf((await openPage(h.emulator, session.url ?? "")).html);
    if (!form) throw new Error("no form");
    h.clock.advance(ONE_DAY_MS + 60_000);

    const response = await submitForm(h.emulator, form);
    expect(response.status).toBe(410);
    expect(await response.text()).toContain("This checkout session has expired.");
    const page = await openPage(h.emulator, session.url ?? "");
    expect(page.status).toBe(410);
    expect(formsOf(page.html)).toEqual([]);
    expect(eventTypes(h.receiver)).toEqual(["checkout.session.expired"]);
    expect((await h.stripe.subscriptions.list({ status: "all" })).data).toEqual([]);
  });

  it("creates the customer from customer_email when the session has none", async () => {
    const session = await createProCheckout(h.stripe, { customer_email: "new@example.com" });
    const page = await openPage(h.emulator, session.url ?? "");
    expect(page.html).toContain("new@example.com");
    expect((await payCheckout(h.emulator, session)).status).toBe(303);
    const completed = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ["customer"] });
    expect((completed.customer as Stripe.Customer).email).toBe("new@example.com");
  });

  it("retries failed deliveries with backoff and records the outcome", async () => {
    h.receiver.failNext(2, 503);
    const customer = await h.stripe.customers.create({ email: "wren@example.com" });
    await payCheckout(h.emulator, await createProCheckout(h.stripe, { customer: customer.id }));
    expect(h.emulator.deliveries().map((record) => [record.type, record.status, record.attempts])).toEqual([
      ["customer.subscription.created", 200, 3],
      ["checkout.session.completed", 200, 1],
      ["invoice.paid", 200, 1],
    ]);
    expect(eventTypes(h.receiver)).toEqual(["customer.subscription.created", "checkout.session.completed", "invoice.paid"]);
  });

  it("records unreachable endpoints as errors and skips delivery without a URL", async () => {
    const clock = createClock();
    const emulator = createStripeEmulator({ clock, webhookSecret: WEBHOOK_SECRET, webhookUrl: "http://127.0.0.1:9/hook" });
    const stripe = sdkFor(emulator);
    const customer = await stripe.customers.create({ email: "wren@example.com" });
    await payCheckout(emulator, await createProCheckout(stripe, { customer: customer.id, success_url: `${APP_URL}/ok` }));
    expect(emulator.deliveries()[0]).toMatchObject({ status: "error", attempts: 4, url: "http://127.0.0.1:9/hook" });

    emulator.reset();
    emulator.setWebhookUrl(undefined);
    const again = await stripe.customers.create({ email: "wren@example.com" });
    const response = await payCheckout(emulator, await createProCheckout(stripe, { customer: again.id }));
    expect(response.status).toBe(303);
    expect(emulator.deliveries()).toEqual([]);
  }, 20_000);
});
