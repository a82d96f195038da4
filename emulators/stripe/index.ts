/**
 * Local Stripe: the API subset Tonewise calls, the hosted checkout and customer-portal pages, and
 * signed webhook delivery, as one Web-standard request handler over in-memory state.
 *
 * Routes served by `handle(request)`:
 * - `/v1/…` — the REST API (see api.ts): customers, prices, products, checkout sessions,
 *   billing portal sessions, subscriptions, invoice and event lists.
 * - `GET /checkout/:id`, `POST /checkout/:id/pay` — hosted checkout (see hosted.ts).
 * - `GET /portal/:id`, `POST /portal/:id/subscriptions/:sub/:action` — customer portal.
 * - `POST /__stripe/subscriptions/:id/fail-next-payment` — test hook: the subscription's next
 *   renewal payment fails, so the following `advanceClock()` past its period end makes it
 *   `past_due` with an open invoice (`invoice.payment_failed`), until "Update payment method"
 *   in the portal pays it. Answers `{ id, object: "subscription", fail_next_payment: true }`.
 */
import { LOCAL_STRIPE_URL } from "../config.ts";
import type { Clock } from "../clock.ts";
import { handleApiRequest } from "./api.ts";
import { catchUpWithClock, failNextPayment, type BillingContext } from "./billing.ts";
import { toUnixSeconds } from "./calendar.ts";
import { AUTOMATIC, createEventRecorder } from "./events.ts";
import { handleHostedRequest } from "./hosted.ts";
import { createStore, seedStore } from "./store.ts";
import { createWebhookDispatcher, type WebhookDelivery, type WebhookDispatcher } from "./webhooks.ts";
import { errorMessage } from "../../app/lib/error-message.ts";

export { API_VERSION } from "./objects.ts";
export { signWebhookPayload, type WebhookDelivery } from "./webhooks.ts";

export interface StripeEmulatorOptions {
  clock: Clock;
  webhookSecret: string;
  /** Where events are POSTed; without one, events are recorded but not delivered. */
  webhookUrl?: string;
  /** How the emulator is reached, used in returned `url` fields. Default LOCAL_STRIPE_URL. */
  baseUrl?: string;
}

export interface StripeEmulator {
  handle(request: Request): Promise<Response>;
  /** Empties all state and re-seeds the Tonewise Pro product and price; forgets deliveries. */
  reset(): void;
  setWebhookUrl(url: string | undefined): void;
  /**
   * Call after the shared clock moved: expires checkout sessions and ends, renews or fails the
   * subscriptions whose period is over, and delivers the resulting events.
   */
  advanceClock(): Promise<void>;
  /** One entry per delivered event (after retries), oldest first. */
  deliveries(): ReadonlyArray<WebhookDelivery>;
  /** Resolves once every event queued so far has been delivered (API calls deliver in the background). */
  idle(): Promise<void>;
}

const FAIL_NEXT_PAYMENT = /^\/__stripe\/subscriptions\/([^/]+)\/fail-next-payment$/;

export function createStripeEmulator(options: StripeEmulatorOptions): StripeEmulator {
  const { clock } = options;
  let webhookUrl = options.webhookUrl;
  const now = () => toUnixSeconds(clock.now());
  const store = createStore();
  seedStore(store);
  const webhooks: WebhookDispatcher = createWebhookDispatcher({
    secret: options.webhookSecret,
    url: () => webhookUrl,
    now,
  });
  const ctx: BillingContext & { webhooks: WebhookDispatcher } = {
    store,
    now,
    baseUrl: (options.baseUrl ?? LOCAL_STRIPE_URL).replace(/\/+$/, ""),
    webhooks,
  };

  async function route(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/v1" || pathname.startsWith("/v1/")) return handleApiRequest(ctx, request);

    const failNext = FAIL_NEXT_PAYMENT.exec(pathname);
    if (failNext && request.method.toUpperCase() === "POST") {
      const id = decodeURIComponent(failNext[1] ?? "");
      const subscription = store.subscriptions.get(id);
      if (!subscription) {
        return Response.json(
          { error: { type: "invalid_request_error", code: "resource_missing", message: `No such subscription: '${id}'`, param: "id" } },
          { status: 404 },
        );
      }
      failNextPayment(ctx, subscription);
      return Response.json({ id, object: "subscription", fail_next_payment: true });
    }

    const hosted = await handleHostedRequest(ctx, request);
    if (hosted) return hosted;
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }

  return {
    async handle(request) {
      try {
        return await route(request);
      } catch (error) {
        const message = errorMessage(error);
        return Response.json(
          { error: { type: "api_error", message: `The local Stripe emulator failed: ${message}` } },
          { status: 500 },
        );
      }
    },
    reset() {
      seedStore(store);
      webhooks.reset();
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async advanceClock() {
      const events = createEventRecorder(store, AUTOMATIC);
      catchUpWithClock(ctx, events);
      await webhooks.deliver(events.events);
    },
    deliveries: () => webhooks.deliveries(),
    idle: () => webhooks.idle(),
  };
}
