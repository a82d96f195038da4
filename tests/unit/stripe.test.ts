/**
 * The shared Stripe module against the local Stripe, mounted in-process: the client talks to the
 * emulator through the fetch HTTP client (the one Workers need), and webhook verification uses
 * Web Crypto on events the emulator actually signed and delivered.
 */
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClock } from "../../emulators/clock.ts";
import {
  LOCAL_STRIPE_PRO_PRICE_ID,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_URL,
  LOCAL_STRIPE_WEBHOOK_SECRET,
} from "../../emulators/config.ts";
import {
  API_VERSION as EMULATOR_API_VERSION,
  createStripeEmulator,
  signWebhookPayload,
  type StripeEmulator,
} from "../../emulators/stripe/index.ts";
import {
  createStripeClient,
  STRIPE_API_VERSION,
  StripeWebhookVerificationError,
  verifyStripeWebhook,
} from "~/lib/stripe.server";
import { payCheckout } from "../integration/stripe-emulator/harness.ts";

const WEBHOOK_URL = "http://app.test/api/webhooks/stripe";
const env = {
  STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_URL: LOCAL_STRIPE_URL,
};

interface Delivery {
  body: string;
  signature: string | null;
}

let emulator: StripeEmulator;
let sent: Request[];
let delivered: Delivery[];

/** A fetch that records each request and answers it from the emulator in-process. */
const emulatorFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  sent.push(request.clone());
  return emulator.handle(request);
};

beforeEach(() => {
  sent = [];
  delivered = [];
  emulator = createStripeEmulator({
    clock: createClock(),
    webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
    webhookUrl: WEBHOOK_URL,
  });
  // The emulator delivers webhooks with the global fetch: catch them here, as the app would.
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url !== WEBHOOK_URL) throw new Error(`Unexpected network call to ${request.url}`);
    delivered.push({ body: await request.text(), signature: request.headers.get("Stripe-Signature") });
    return Response.json({ received: true });
  });
});

afterEach(async () => {
  await emulator.idle();
  vi.unstubAllGlobals();
});

/** Subscribes a customer through the hosted checkout page; returns the delivered completion event. */
async function deliveredEvent(): Promise<Delivery> {
  const stripe = createStripeClient(env, { fetch: emulatorFetch });
  const customer = await stripe.customers.create({ email: "webhook@example.com" });
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price: LOCAL_STRIPE_PRO_PRICE_ID, quantity: 1 }],
    success_url: "http://app.test/billing/success",
    cancel_url: "http://app.test/pricing",
  });
  expect((await payCheckout(emulator, session)).status).toBe(303);
  await emulator.idle();
  const delivery = delivered.find((entry) => JSON.parse(entry.body).type === "checkout.session.completed");
  if (!delivery) throw new Error("The local Stripe delivered no checkout.session.completed event");
  return delivery;
}

describe("createStripeClient", () => {
  it("pins the installed SDK's API version, which the local Stripe speaks too", () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    expect(STRIPE_API_VERSION).toBe(EMULATOR_API_VERSION);
  });

  it("calls the local Stripe at STRIPE_API_URL through fetch, with the pinned version", async () => {
    const stripe = createStripeClient(env, { fetch: emulatorFetch });
    const customer = await stripe.customers.create({ email: "wren@example.com", name: "Wren Writer" });
    const price = await stripe.prices.retrieve(LOCAL_STRIPE_PRO_PRICE_ID);

    expect(customer).toMatchObject({ object: "customer", email: "wren@example.com" });
    expect(price).toMatchObject({ id: LOCAL_STRIPE_PRO_PRICE_ID, unit_amount: 1499, currency: "usd" });
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      `POST ${LOCAL_STRIPE_URL}/v1/customers`,
      `GET ${LOCAL_STRIPE_URL}/v1/prices/${LOCAL_STRIPE_PRO_PRICE_ID}`,
    ]);
    for (const request of sent) {
      expect(request.headers.get("Stripe-Version")).toBe(STRIPE_API_VERSION);
      expect(request.headers.get("Authorization")).toBe(`Bearer ${LOCAL_STRIPE_SECRET_KEY}`);
    }
  });

  it("talks to api.stripe.com over HTTPS when STRIPE_API_URL is unset", async () => {
    const stripe = createStripeClient(
      { STRIPE_SECRET_KEY: "sk_test_real" },
      {
        fetch: async (input, init) => {
          sent.push(new Request(input, init));
          return Response.json({ id: "cus_123", object: "customer" });
        },
      },
    );
    await stripe.customers.retrieve("cus_123");
    expect(sent.map((request) => request.url)).toEqual(["https://api.stripe.com/v1/customers/cus_123"]);
  });

  it("surfaces the API's errors as Stripe errors", async () => {
    const stripe = createStripeClient(env, { fetch: emulatorFetch });
    await expect(stripe.customers.retrieve("cus_missing")).rejects.toBeInstanceOf(Stripe.errors.StripeError);
  });
});

describe("verifyStripeWebhook", () => {
  it("returns the event the local Stripe signed and delivered", async () => {
    const { body, signature } = await deliveredEvent();
    const event = await verifyStripeWebhook(env, body, signature);
    expect(event).toMatchObject({ object: "event", type: "checkout.session.completed" });
    expect(event.id).toBe(JSON.parse(body).id);
  });

  it("rejects a forged signature, a tampered body, a missing header and a stale timestamp", async () => {
    const { body, signature } = await deliveredEvent();
    const now = Math.floor(Date.now() / 1000);
    const tampered = body.replace('"livemode": false', '"livemode": true');
    expect(tampered).not.toBe(body);
    const attempts: Array<[string, string | null]> = [
      [body, await signWebhookPayload("whsec_forged", body, now)],
      [tampered, signature],
      [body, null],
      [body, "not a signature"],
      [body, await signWebhookPayload(LOCAL_STRIPE_WEBHOOK_SECRET, body, now - 10 * 60)],
    ];
    for (const [payload, header] of attempts) {
      await expect(verifyStripeWebhook(env, payload, header)).rejects.toBeInstanceOf(
        StripeWebhookVerificationError,
      );
    }
  });
});
