/**
 * After the Pro price changes: STRIPE_PRO_PRICE_ID names the new price and
 * STRIPE_LEGACY_PRO_PRICE_IDS the one it replaced. Here the local Stripe's other monthly price
 * plays the earlier Pro price (tests/integration/billing/webhooks.test.ts checks that, without
 * this setting, it grants nothing).
 */
import { describe, expect, it } from "vitest";
import { LOCAL_STRIPE_OTHER_PRICE_ID, LOCAL_STRIPE_PRO_PRICE_ID } from "../../../emulators/config.ts";
import { APP_ORIGIN, signUpThroughApp } from "../app/app-harness.ts";
import { billingAppForThisFile, checkoutSessionIdFrom, payCheckout, storedSubscriptions, stripe, tierOf, upgrade, userIdOf } from "./billing-harness.ts";

// Read when the app first parses its environment, at this file's first request.
process.env.STRIPE_LEGACY_PRO_PRICE_IDS = LOCAL_STRIPE_OTHER_PRICE_ID;

const app = billingAppForThisFile();

async function customerOf(userId: string): Promise<string> {
  const [link] = await app.backend.sql<{ customer_id: string }>("select customer_id from public.billing_customers where user_id = $1", [userId]);
  return link!.customer_id;
}

describe("a subscriber at the earlier Pro price", () => {
  it("stays Pro", async () => {
    const client = await signUpThroughApp(app, "early-subscriber@example.com");
    const userId = await userIdOf(app, "early-subscriber@example.com");
    await upgrade(client);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: await customerOf(userId),
      line_items: [{ price: LOCAL_STRIPE_OTHER_PRICE_ID, quantity: 1 }],
      success_url: `${APP_ORIGIN}/dashboard/subscription?success=true`,
    });
    expect((await payCheckout(session.url!)).status).toBe(303);
    await app.backend.stripe.idle();
    expect((await storedSubscriptions(app, userId))[0]).toMatchObject({ status: "active", price_id: LOCAL_STRIPE_OTHER_PRICE_ID });
    expect(await tierOf(app, userId)).toBe("pro");
  });
});

describe("a Checkout left open from before the change", () => {
  it("is expired, and Upgrade opens one at today's price: still only one to pay", async () => {
    const client = await signUpThroughApp(app, "open-before@example.com");
    const userId = await userIdOf(app, "open-before@example.com");
    await upgrade(client);
    const current = checkoutSessionIdFrom((await upgrade(client)).location);
    // What an Upgrade before the change opened: the earlier price, and no price in its metadata.
    await stripe.checkout.sessions.expire(current);
    const before = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: await customerOf(userId),
      client_reference_id: userId,
      line_items: [{ price: LOCAL_STRIPE_OTHER_PRICE_ID, quantity: 1 }],
      metadata: { user_id: userId },
      success_url: `${APP_ORIGIN}/dashboard/subscription?success=true`,
    });

    const next = checkoutSessionIdFrom((await upgrade(client)).location);
    expect(next).not.toBe(before.id);
    expect((await stripe.checkout.sessions.retrieve(before.id)).status).toBe("expired");
    const items = await stripe.checkout.sessions.listLineItems(next);
    expect(items.data.map((item) => item.price?.id)).toEqual([LOCAL_STRIPE_PRO_PRICE_ID]);
    // The new one is reused as before.
    expect(checkoutSessionIdFrom((await upgrade(client)).location)).toBe(next);
  });
});
