/**
 * Test harness for the local Stripe: the emulator on a shared clock, the real `stripe` SDK wired
 * to it in-process (a fetch-based HTTP client calling `handle`), a webhook receiver on a random
 * localhost port, and a "browser" that reads a hosted page's form and submits it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import Stripe from "stripe";
import { afterEach, beforeEach } from "vitest";

import { createClock, type Clock } from "../../../emulators/clock.ts";
import { LOCAL_STRIPE_PRO_PRICE_ID, LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_URL } from "../../../emulators/config.ts";
import { decodeEntities } from "../../../emulators/html.ts";
import { createStripeEmulator, type StripeEmulator } from "../../../emulators/stripe/index.ts";

export const WEBHOOK_SECRET = "whsec_test_stripe_emulator_secret";
export const APP_URL = "http://localhost:5173";

export interface ReceivedWebhook {
  body: string;
  headers: Record<string, string | undefined>;
  event: Stripe.Event;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Answers the next `count` deliveries with `status` before accepting again. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

/** A webhook endpoint like the app's: verifies each delivery with the SDK and the right secret. */
export async function startWebhookReceiver(stripe: Stripe, secret = WEBHOOK_SECRET): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let failures = 0;
  let failureStatus = 500;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      if (failures > 0) {
        failures -= 1;
        response.writeHead(failureStatus).end("failing on purpose");
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const event = await stripe.webhooks.constructEventAsync(body, request.headers["stripe-signature"] ?? "", secret);
        received.push({
          body,
          event,
          headers: {
            "content-type": request.headers["content-type"],
            "user-agent": request.headers["user-agent"],
            "stripe-signature": request.headers["stripe-signature"] as string | undefined,
          },
        });
        response.writeHead(200, { "Content-Type": "application/json" }).end('{"received":true}');
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/stripe`,
    received,
    failNext(count, status = 500) {
      failures = count;
      failureStatus = status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** Serves the emulator on a random localhost port through a minimal node:http adapter. */
export async function serveOverHttp(emulator: StripeEmulator): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const answer = await emulator.handle(
        new Request(`http://${request.headers.host}${request.url}`, {
          method: request.method,
          headers,
          ...(body && request.method !== "GET" ? { body } : {}),
        }),
      );
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export interface Harness {
  clock: Clock;
  emulator: StripeEmulator;
  stripe: Stripe;
  receiver: WebhookReceiver;
  close(): Promise<void>;
}

/** The real SDK, talking to the emulator in-process at its usual address. */
export function sdkFor(emulator: StripeEmulator, apiKey = LOCAL_STRIPE_SECRET_KEY): Stripe {
  const { hostname, port, protocol } = new URL(LOCAL_STRIPE_URL);
  return new Stripe(apiKey, {
    host: hostname,
    port,
    protocol: protocol.replace(":", "") as "http",
    maxNetworkRetries: 0,
    telemetry: false,
    httpClient: Stripe.createFetchHttpClient((input, init) => emulator.handle(new Request(input, init))),
  });
}

/**
 * A fresh harness for every test of the file (started before each, closed after): `h.stripe`,
 * `h.clock`… are always the running test's.
 */
export function harnessForEachTest(): Harness {
  let current: Harness | undefined;
  beforeEach(async () => {
    current = await startHarness();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const running = (): Harness => {
    if (!current) throw new Error("The Stripe harness exists only while a test runs.");
    return current;
  };
  return {
    get clock() {
      return running().clock;
    },
    get emulator() {
      return running().emulator;
    },
    get stripe() {
      return running().stripe;
    },
    get receiver() {
      return running().receiver;
    },
    close: () => running().close(),
  };
}

export async function startHarness(): Promise<Harness> {
  const clock = createClock();
  const emulator = createStripeEmulator({ clock, webhookSecret: WEBHOOK_SECRET });
  const stripe = sdkFor(emulator);
  const receiver = await startWebhookReceiver(stripe);
  emulator.setWebhookUrl(receiver.url);
  return {
    clock,
    emulator,
    stripe,
    receiver,
    async close() {
      await emulator.idle();
      await receiver.close();
    },
  };
}

export async function createProCheckout(
  stripe: Stripe,
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: LOCAL_STRIPE_PRO_PRICE_ID, quantity: 1 }],
    success_url: `${APP_URL}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${APP_URL}/pricing`,
    ...overrides,
  });
}

// ——— a minimal browser ———

export interface PageForm {
  action: string;
  fields: Record<string, string>;
}

/** The page's forms with their fields' current values, as a browser would submit them. */
export function formsOf(html: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const action = /action="([^"]*)"/.exec(match[1] ?? "")?.[1] ?? "";
    const fields: Record<string, string> = {};
    for (const input of (match[2] ?? "").matchAll(/<input\b([^>]*)>/g)) {
      const attributes = input[1] ?? "";
      const name = /\bname="([^"]*)"/.exec(attributes)?.[1];
      if (name) fields[name] = decodeEntities(/\bvalue="([^"]*)"/.exec(attributes)?.[1] ?? "");
    }
    forms.push({ action: decodeEntities(action), fields });
  }
  return forms;
}

/** GETs a hosted page by its absolute URL. */
export async function openPage(emulator: StripeEmulator, url: string): Promise<{ status: number; html: string }> {
  const response = await emulator.handle(new Request(url));
  return { status: response.status, html: await response.text() };
}

/** POSTs a form like a browser (urlencoded), resolving its action against the emulator's origin. */
export async function submitForm(
  emulator: StripeEmulator,
  form: PageForm,
  changes: Record<string, string> = {},
): Promise<Response> {
  return emulator.handle(
    new Request(new URL(form.action, LOCAL_STRIPE_URL), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...form.fields, ...changes }),
      redirect: "manual",
    }),
  );
}

/** Opens the checkout page and submits its prefilled card form. */
export async function payCheckout(
  emulator: StripeEmulator,
  session: Stripe.Checkout.Session,
  changes: Record<string, string> = {},
): Promise<Response> {
  const page = await openPage(emulator, session.url ?? "");
  const [form] = formsOf(page.html);
  if (!form) throw new Error(`No form on the checkout page (HTTP ${page.status})`);
  return submitForm(emulator, form, changes);
}

/** Subscribes a new customer to Pro through the hosted page; returns the customer and subscription. */
export async function subscribeToPro(
  h: Harness,
  email = "writer@example.com",
): Promise<{ customer: Stripe.Customer; subscription: Stripe.Subscription }> {
  const customer = await h.stripe.customers.create({ email, name: "Wren Writer" });
  const session = await createProCheckout(h.stripe, {
    customer: customer.id,
    subscription_data: { metadata: { user_id: "user_123" } },
  });
  const response = await payCheckout(h.emulator, session);
  if (response.status !== 303) throw new Error(`Checkout failed: HTTP ${response.status}`);
  const completed = await h.stripe.checkout.sessions.retrieve(session.id);
  const subscription = await h.stripe.subscriptions.retrieve(String(completed.subscription));
  return { customer, subscription };
}

/** Opens a billing portal session for the customer and returns its page's forms by button label. */
export async function openPortal(
  h: Harness,
  customerId: string,
): Promise<{ session: Stripe.BillingPortal.Session; html: string; button(label: string): PageForm | undefined }> {
  const session = await h.stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${APP_URL}/settings` });
  const page = await openPage(h.emulator, session.url);
  const forms = formsOf(page.html);
  const labels = [...page.html.matchAll(/<form\b[\s\S]*?<button[^>]*>([^<]*)<\/button>[\s\S]*?<\/form>/g)].map(
    (match) => match[1] ?? "",
  );
  return {
    session,
    html: page.html,
    button: (label) => forms[labels.indexOf(label)],
  };
}

export function eventTypes(receiver: WebhookReceiver): string[] {
  return receiver.received.map((delivery) => delivery.event.type);
}

export const ONE_DAY_MS = 24 * 60 * 60 * 1000;
