/**
 * Billing tests on top of the app harness: the local Stripe delivers its webhooks to the app
 * in-process (an MSW handler for the app's origin forwards them into the server build), the
 * real `stripe` SDK inspects the emulator, and helpers walk a user through Checkout the way a
 * browser does (the app's upgrade form, the hosted page's pay form, the success redirect).
 */
import { http } from "msw";
import type Stripe from "stripe";
import { beforeEach, expect } from "vitest";
import {
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_URL,
  LOCAL_STRIPE_WEBHOOK_SECRET,
} from "../../../emulators/config.ts";
import { signWebhookPayload } from "../../../emulators/stripe/index.ts";
import { createStripeClient } from "../../../app/lib/stripe.server.ts";
import { APP_ORIGIN, appForThisFile, signUpThroughApp, type AppClient, type AppHarness } from "../app/app-harness.ts";

export const WEBHOOK_PATH = "/api/webhooks/stripe";
export const WEBHOOK_URL = `${APP_ORIGIN}${WEBHOOK_PATH}`;

/**
 * The real SDK, talking to the in-process local Stripe through MSW. Its fetch is looked up on
 * every call: MSW patches globalThis.fetch only once the server listens (in beforeAll).
 */
export const stripe: Stripe = createStripeClient(
  { STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY, STRIPE_API_URL: LOCAL_STRIPE_URL },
  { fetch: (input, init) => globalThis.fetch(input, init) },
);

export type BillingHarness = AppHarness & {
  /** Turns the local Stripe's webhook delivery to the app on (default) or off. */
  deliverWebhooks(on: boolean): void;
};

export function billingAppForThisFile(): BillingHarness {
  const app = appForThisFile() as BillingHarness;
  app.deliverWebhooks = (on) => app.backend.setStripeWebhookUrl(on ? WEBHOOK_URL : undefined);
  beforeEach(() => {
    // Runs after the app harness's reset (registered later), so the handler survives resetHandlers().
    app.server.use(
      http.post(WEBHOOK_URL, async ({ request }) =>
        app.client().fetch(WEBHOOK_PATH, {
          method: "POST",
          headers: {
            "Content-Type": request.headers.get("Content-Type") ?? "application/json",
            "Stripe-Signature": request.headers.get("Stripe-Signature") ?? "",
          },
          body: await request.text(),
        }),
      ),
    );
    app.deliverWebhooks(true);
  });
  return app;
}

export async function userIdOf(app: AppHarness, email: string): Promise<string> {
  const rows = await app.backend.sql<{ id: string }>("select id from auth.users where email = $1", [email]);
  if (!rows[0]) throw new Error(`No user ${email}`);
  return rows[0].id;
}

/** What public.current_tier says (Postgres now() follows the shared clock). */
export async function tierOf(app: AppHarness, userId: string): Promise<string> {
  const rows = await app.backend.sql<{ tier: string }>("select public.current_tier($1) as tier", [userId]);
  return rows[0]!.tier;
}

export type StoredSubscription = {
  id: string;
  user_id: string;
  customer_id: string;
  status: string;
  price_id: string | null;
  cancel_at_period_end: boolean;
  current_period_start: Date | null;
  current_period_end: Date | null;
};

export async function storedSubscriptions(app: AppHarness, userId: string): Promise<StoredSubscription[]> {
  return app.backend.sql<StoredSubscription>("select * from public.subscriptions where user_id = $1 order by created_at", [userId]);
}

/** Posts the upgrade form; answers the 303's Location (Checkout, the portal, or back). */
export async function upgrade(client: AppClient): Promise<{ status: number; location: string }> {
  const response = await client.post("/dashboard/subscription", { intent: "upgrade" });
  return { status: response.status, location: response.headers.get("Location") ?? "" };
}

export async function manage(client: AppClient): Promise<{ status: number; location: string }> {
  const response = await client.post("/dashboard/subscription", { intent: "manage" });
  return { status: response.status, location: response.headers.get("Location") ?? "" };
}

export function checkoutSessionIdFrom(url: string): string {
  const match = /\/checkout\/([^/?#]+)$/.exec(new URL(url).pathname);
  if (!match) throw new Error(`Not a local Checkout URL: ${url}`);
  return match[1]!;
}

/** Submits the hosted checkout page's form as a browser would; answers the 303 to success_url. */
export async function payCheckout(checkoutUrl: string, cardNumber = "4242 4242 4242 4242"): Promise<Response> {
  return fetch(`${checkoutUrl}/pay`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      card_number: cardNumber,
      card_expiry: "12 / 39",
      card_cvc: "123",
      cardholder_name: "Test Payer",
    }),
  });
}

/** A path on the app from an absolute URL on it (the success_url, cancel_url, return_url). */
export function appPath(url: string): string {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(APP_ORIGIN);
  return `${parsed.pathname}${parsed.search}`;
}

/** Sign up, upgrade, pay; answers the client (not yet back on the app) and the success URL. */
export async function subscribe(app: BillingHarness, email: string) {
  const client = await signUpThroughApp(app, email);
  const userId = await userIdOf(app, email);
  const { location: checkoutUrl } = await upgrade(client);
  const paid = await payCheckout(checkoutUrl);
  expect(paid.status).toBe(303);
  await app.backend.stripe.idle();
  return { client, userId, checkoutUrl, successUrl: paid.headers.get("Location")! };
}

/** Sign up, subscribe, and come back to the app: a Pro user with a live subscription. */
export async function proUser(app: BillingHarness, email: string) {
  const subscribed = await subscribe(app, email);
  const back = await subscribed.client.fetch(appPath(subscribed.successUrl));
  expect(back.status).toBe(302);
  await subscribed.client.html(back.headers.get("Location")!); // shows (and so clears) the welcome toast
  const [subscription] = await storedSubscriptions(app, subscribed.userId);
  return { ...subscribed, subscriptionId: subscription!.id, customerId: subscription!.customer_id };
}

/** Signs and POSTs an event (or any payload) to the app's webhook endpoint, as Stripe would. */
export async function deliver(
  app: AppHarness,
  payload: string | object,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
): Promise<Response> {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload, null, 2);
  const timestamp = options.timestamp ?? Math.floor(app.backend.clock.now() / 1000);
  const signature =
    options.signature === undefined
      ? await signWebhookPayload(options.secret ?? LOCAL_STRIPE_WEBHOOK_SECRET, body, timestamp)
      : options.signature;
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return app.client().fetch(WEBHOOK_PATH, { method: "POST", headers, body });
}

/** The events the local Stripe recorded, oldest first (optionally of some types). */
export async function recordedEvents(types?: string[]): Promise<Stripe.Event[]> {
  const events: Stripe.Event[] = [];
  for await (const event of stripe.events.list({ limit: 100 })) events.push(event);
  return events.reverse().filter((event) => !types || types.includes(event.type));
}

export async function processedEventIds(app: AppHarness): Promise<string[]> {
  const rows = await app.backend.sql<{ id: string }>("select id from public.stripe_events order by created_at, id");
  return rows.map((row) => row.id);
}

export type RenderedForm = {
  attributes: Record<string, string>;
  buttons: Array<{ attributes: Record<string, string>; text: string }>;
};

function attributesOf(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([a-zA-Z][\w-]*)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));
}

/** The forms in a page's HTML, with their attributes and submit buttons (text without tags). */
export function formsIn(html: string): RenderedForm[] {
  return [...html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attributes, body]) => ({
    attributes: attributesOf(attributes!),
    buttons: [...body!.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map(([, buttonAttributes, text]) => ({
      attributes: attributesOf(buttonAttributes!),
      text: text!.replace(/<[^>]+>/g, "").trim(),
    })),
  }));
}

/** The forms whose submit button posts `intent=<intent>`. */
export function billingForms(html: string, intent: "upgrade" | "manage"): RenderedForm[] {
  return formsIn(html).filter((form) => form.buttons.some((button) => button.attributes.name === "intent" && button.attributes.value === intent));
}
