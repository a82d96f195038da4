import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { LOCAL_STRIPE_OTHER_PRICE_ID, LOCAL_STRIPE_PRO_PRICE_ID, LOCAL_STRIPE_WEBHOOK_SECRET, LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { signWebhookPayload } from "../../../emulators/stripe/index.ts";
import { APP_ORIGIN, signUpThroughApp } from "../app/app-harness.ts";
import {
  billingAppForThisFile,
  deliver,
  payCheckout,
  processedEventIds,
  proUser,
  recordedEvents,
  storedSubscriptions,
  stripe,
  subscribe,
  tierOf,
  upgrade,
  userIdOf,
} from "./billing-harness.ts";

const app = billingAppForThisFile();

const SUBSCRIPTION_EVENTS = [
  "customer.subscription.created",
  "checkout.session.completed",
  "invoice.paid",
  "customer.subscription.updated",
  "customer.subscription.deleted",
];

async function eventOf(type: string) {
  const [event] = await recordedEvents([type]);
  if (!event) throw new Error(`No ${type} event recorded`);
  return event;
}

describe("signatures", () => {
  it("answers 400 to a missing, forged, tampered or stale signature, and stores nothing", async () => {
    app.deliverWebhooks(false);
    const { userId } = await subscribe(app, "sig@example.com");
    const event = await eventOf("customer.subscription.created");
    const body = JSON.stringify(event, null, 2);

    expect((await deliver(app, body, { signature: null })).status).toBe(400);
    expect((await deliver(app, body, { signature: "not a signature" })).status).toBe(400);
    expect((await deliver(app, body, { secret: "whsec_someone_else" })).status).toBe(400);
    const signedForOriginal = await signWebhookPayload(LOCAL_STRIPE_WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000));
    const tampered = body.replace('"status": "active"', '"status": "trialing"');
    expect(tampered).not.toBe(body);
    expect((await deliver(app, tampered, { signature: signedForOriginal })).status).toBe(400);
    expect((await deliver(app, body, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(400);

    expect(await storedSubscriptions(app, userId)).toEqual([]);
    expect(await processedEventIds(app)).toEqual([]);
  });

  it("is not subject to the CSRF check (Stripe posts cross-site)", async () => {
    const response = await app.client().fetch("/api/webhooks/stripe", {
      method: "POST",
      headers: { Origin: "https://stripe.com", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(400);
  });
});

describe("events", () => {
  it("answers 2xx to events it does not handle, without recording them", async () => {
    const response = await deliver(app, {
      id: "evt_ignored_1",
      object: "event",
      type: "customer.created",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "cus_x", object: "customer" } },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "ignored" });
    expect(await processedEventIds(app)).toEqual([]);
  });

  it("records each handled event id once; a redelivery changes nothing and needs no Stripe call", async () => {
    const { userId } = await subscribe(app, "replay@example.com");
    const delivered = app.backend.stripe.deliveries().map((delivery) => delivery.eventId);
    expect([...(await processedEventIds(app))].sort()).toEqual([...delivered].sort());
    const [before] = await storedSubscriptions(app, userId);

    // The subscription is cancelled in Stripe without the app hearing about it...
    app.deliverWebhooks(false);
    await stripe.subscriptions.update(before!.id, { cancel_at_period_end: true });
    await app.backend.stripe.idle();
    // ...then an old event is replayed (even with Stripe unreachable): nothing is read or written.
    app.backend.injectFault({ service: "stripe", mode: "fail", count: 10, pathPrefix: "/v1/subscriptions" });
    const created = await eventOf("customer.subscription.created");
    const replay = await deliver(app, created);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    const [after] = await storedSubscriptions(app, userId);
    expect(after).toEqual(before);
    expect(await processedEventIds(app)).toHaveLength(delivered.length);
  });

  it("forgets ids recorded more than 30 days ago when the next event is recorded; a forgotten event is processed again", async () => {
    const { userId } = await subscribe(app, "forget@example.com");
    const [old, recent, ...others] = await processedEventIds(app);
    await app.backend.sql("update public.stripe_events set created_at = now() - interval '31 days' where id = $1", [old]);
    await app.backend.sql("update public.stripe_events set created_at = now() - interval '29 days' where id = $1", [recent]);
    expect(await processedEventIds(app)).toContain(old);

    const [subscription] = await storedSubscriptions(app, userId);
    await stripe.subscriptions.update(subscription!.id, { cancel_at_period_end: true });
    await app.backend.stripe.idle();
    const updated = await eventOf("customer.subscription.updated");
    const remembered = await processedEventIds(app);
    expect(remembered).not.toContain(old);
    expect(remembered).toEqual(expect.arrayContaining([recent, ...others, updated.id]));

    const [forgotten] = (await recordedEvents()).filter((event) => event.id === old);
    const again = await deliver(app, forgotten!);
    expect(await again.json()).toEqual({ received: true, outcome: "processed" });
    expect((await storedSubscriptions(app, userId))[0]).toMatchObject({ status: "active", cancel_at_period_end: true });
  });

  it("out of order (the cancellation's update before the creation) ends in the right state", async () => {
    app.deliverWebhooks(false);
    const { userId } = await subscribe(app, "order@example.com");
    const [subscription] = (await stripe.subscriptions.list({ limit: 1 })).data;
    await stripe.subscriptions.update(subscription!.id, { cancel_at_period_end: true });
    await app.backend.stripe.idle();

    const events = await recordedEvents(SUBSCRIPTION_EVENTS);
    expect(events.map((event) => event.type)).toEqual([
      "customer.subscription.created",
      "checkout.session.completed",
      "invoice.paid",
      "customer.subscription.updated",
    ]);
    for (const event of [...events].reverse()) expect((await deliver(app, event)).status).toBe(200);

    const [stored] = await storedSubscriptions(app, userId);
    expect(stored).toMatchObject({ id: subscription!.id, status: "active", cancel_at_period_end: true });
    expect(await tierOf(app, userId)).toBe("pro");
  });

  it("out of order (deleted before created) ends Free", async () => {
    app.deliverWebhooks(false);
    const { userId } = await subscribe(app, "deleted@example.com");
    const [subscription] = (await stripe.subscriptions.list({ limit: 1 })).data;
    await stripe.subscriptions.cancel(subscription!.id);
    await app.backend.stripe.idle();
    const events = await recordedEvents(SUBSCRIPTION_EVENTS);
    expect(events.at(-1)?.type).toBe("customer.subscription.deleted");
    for (const event of [...events].reverse()) expect((await deliver(app, event)).status).toBe(200);
    const [stored] = await storedSubscriptions(app, userId);
    expect(stored).toMatchObject({ status: "canceled" });
    expect(await tierOf(app, userId)).toBe("free");
  });

  it("an older read never overwrites a newer one", async () => {
    app.deliverWebhooks(false);
    const { userId } = await subscribe(app, "race@example.com");
    const created = await eventOf("customer.subscription.created");
    await deliver(app, created);
    const [stored] = await storedSubscriptions(app, userId);
    const rows = await app.backend.sql<{ outcome: string }>(
      `select public.store_stripe_subscription($1, $2, $3, 'canceled', $4, true, false, null, now(), now(), now(), now(), now() - interval '1 hour') as outcome`,
      [stored!.id, userId, stored!.customer_id, LOCAL_STRIPE_PRO_PRICE_ID],
    );
    expect(rows[0]!.outcome).toBe("stale");
    expect((await storedSubscriptions(app, userId))[0]).toMatchObject({ status: "active" });
  });

  it("answers 500 without recording the event when the change cannot be stored, so Stripe's retry lands", async () => {
    app.server.use(
      http.post(`${LOCAL_SUPABASE_URL}/rest/v1/rpc/store_stripe_subscription`, () => HttpResponse.json({ message: "down" }, { status: 503 }), {
        once: true,
      }),
    );
    const { userId } = await subscribe(app, "retry@example.com");
    const [first, ...rest] = app.backend.stripe.deliveries();
    expect(first).toMatchObject({ type: "customer.subscription.created", status: 200, attempts: 2 });
    expect(rest.every((delivery) => delivery.status === 200 && delivery.attempts === 1)).toBe(true);
    expect(await tierOf(app, userId)).toBe("pro");
    expect(await processedEventIds(app)).toHaveLength(3);
  });

  it("answers 500 when Stripe cannot be read, and records nothing", async () => {
    app.deliverWebhooks(false);
    await subscribe(app, "stripedown@example.com");
    const created = await eventOf("customer.subscription.created");
    app.backend.injectFault({ service: "stripe", mode: "fail", count: 10, pathPrefix: "/v1/subscriptions" });
    const response = await deliver(app, created);
    expect(response.status).toBe(500);
    expect(await processedEventIds(app)).toEqual([]);
  });

  it("maps the user from the linked customer when the subscription has no user metadata", async () => {
    const client = await signUpThroughApp(app, "linked@example.com");
    const userId = await userIdOf(app, "linked@example.com");
    await upgrade(client);
    const [link] = await app.backend.sql<{ customer_id: string }>("select customer_id from public.billing_customers");
    const bare = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: link!.customer_id,
      line_items: [{ price: LOCAL_STRIPE_PRO_PRICE_ID, quantity: 1 }],
      success_url: `${APP_ORIGIN}/dashboard/subscription?success=true`,
    });
    expect((await payCheckout(bare.url!)).status).toBe(303);
    await app.backend.stripe.idle();
    const [stored] = await storedSubscriptions(app, userId);
    expect(stored).toMatchObject({ customer_id: link!.customer_id, status: "active" });
    expect(await tierOf(app, userId)).toBe("pro");
  });

  it("a subscription that belongs to no user is acknowledged and not stored", async () => {
    const stranger = await stripe.customers.create({ email: "stranger@example.com" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: stranger.id,
      line_items: [{ price: LOCAL_STRIPE_PRO_PRICE_ID, quantity: 1 }],
      success_url: `${APP_ORIGIN}/dashboard/subscription?success=true`,
    });
    await payCheckout(session.url!);
    await app.backend.stripe.idle();
    const deliveries = app.backend.stripe.deliveries();
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    expect(await app.backend.sql("select id from public.subscriptions")).toEqual([]);
  });

  it("grants Pro only for the configured Pro price (issue 10, finding 9)", async () => {
    const client = await signUpThroughApp(app, "other-price@example.com");
    const userId = await userIdOf(app, "other-price@example.com");
    await upgrade(client);
    const [link] = await app.backend.sql<{ customer_id: string }>("select customer_id from public.billing_customers");
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: link!.customer_id,
      line_items: [{ price: LOCAL_STRIPE_OTHER_PRICE_ID, quantity: 1 }],
      success_url: `${APP_ORIGIN}/dashboard/subscription?success=true`,
    });
    expect((await payCheckout(session.url!)).status).toBe(303);
    await app.backend.stripe.idle();
    const [stored] = await storedSubscriptions(app, userId);
    expect(stored).toMatchObject({ status: "active", price_id: LOCAL_STRIPE_OTHER_PRICE_ID });
    expect(await tierOf(app, userId)).toBe("free");
  });

  it("refuses a subscription whose metadata names another user than its customer's", async () => {
    const victim = await signUpThroughApp(app, "victim@example.com");
    await upgrade(victim);
    const attackerId = (await signUpThroughApp(app, "attacker@example.com"), await userIdOf(app, "attacker@example.com"));
    const victimId = await userIdOf(app, "victim@example.com");
    const [link] = await app.backend.sql<{ customer_id: string }>("select customer_id from public.billing_customers where user_id = $1", [victimId]);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: link!.customer_id,
      line_items: [{ price: LOCAL_STRIPE_PRO_PRICE_ID, quantity: 1 }],
      subscription_data: { metadata: { user_id: attackerId } },
      success_url: `${APP_ORIGIN}/dashboard/subscription?success=true`,
    });
    await payCheckout(session.url!);
    await app.backend.stripe.idle();
    expect(await app.backend.sql("select id from public.subscriptions")).toEqual([]);
    expect(await tierOf(app, attackerId)).toBe("free");
  });

  it("never moves a stored subscription to another user", async () => {
    const { userId, subscriptionId, customerId } = await proUser(app, "keeper@example.com");
    await signUpThroughApp(app, "taker@example.com");
    const takerId = await userIdOf(app, "taker@example.com");
    const [result] = await app.backend.sql<{ outcome: string }>(
      "select public.store_stripe_subscription($1, $2, $3, 'active', $4, true, false, null, now(), now() + interval '1 month', null, null, now() + interval '1 hour') as outcome",
      [subscriptionId, takerId, customerId, LOCAL_STRIPE_PRO_PRICE_ID],
    );
    expect(result!.outcome).toBe("mismatch");
    expect(await storedSubscriptions(app, userId)).toHaveLength(1);
    expect(await tierOf(app, takerId)).toBe("free");
    expect(await tierOf(app, userId)).toBe("pro");
  });
});

