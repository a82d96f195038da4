/**
 * Webhook delivery as Stripe does it: each event POSTed as (pretty-printed) JSON to the endpoint,
 * signed in `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`,
 * one at a time in order; a non-2xx answer or network error is retried after 200, 400 and 800 ms.
 */
import type { EventObject } from "./objects.ts";

export interface WebhookDelivery {
  eventId: string;
  type: string;
  url: string;
  /** The last attempt's HTTP status, or "error" when it never got an answer. */
  status: number | "error";
  attempts: number;
}

export interface WebhookDispatcher {
  /** Queues events behind those already queued; resolves once these have been delivered (or given up). */
  deliver(events: readonly EventObject[]): Promise<void>;
  /** Resolves when everything queued so far has been delivered. */
  idle(): Promise<void>;
  deliveries(): readonly WebhookDelivery[];
  /** Forgets past deliveries and abandons queued ones. */
  reset(): void;
}

export interface WebhookDispatcherOptions {
  secret: string;
  /** The endpoint at the moment of delivery; undefined skips delivery. */
  url(): string | undefined;
  /** Signing time, in unix seconds. */
  now(): number;
}

const RETRY_DELAYS_MS = [200, 400, 800];
const ATTEMPT_TIMEOUT_MS = 10_000;

export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  let records: WebhookDelivery[] = [];
  let generation = 0;
  let tail: Promise<void> = Promise.resolve();

  async function deliverOne(event: EventObject, url: string, since: number): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    let status: number | "error";
    let attempts = 0;
    for (;;) {
      attempts += 1;
      status = await post(url, payload);
      if (since !== generation) return;
      if (typeof status === "number" && status >= 200 && status < 300) break;
      const delay = RETRY_DELAYS_MS[attempts - 1];
      if (delay === undefined) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (since !== generation) return;
    }
    records.push({ eventId: event.id, type: event.type, url, status, attempts });
  }

  async function post(url: string, payload: string): Promise<number | "error"> {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "Stripe-Signature": await signWebhookPayload(options.secret, payload, options.now()),
        },
        body: payload,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return "error";
    }
  }

  return {
    deliver(events) {
      const since = generation;
      const run = tail.then(async () => {
        for (const event of events) {
          if (since !== generation) return;
          const url = options.url();
          if (url) await deliverOne(event, url, since);
        }
      });
      tail = run.catch(() => {});
      return run;
    },
    idle: () => tail,
    deliveries: () => records,
    reset() {
      generation += 1;
      records = [];
    },
  };
}

/** The `Stripe-Signature` header value for a payload, exactly as Stripe computes it. */
export async function signWebhookPayload(secret: string, payload: string, timestamp: number): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`));
  const hex = Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `t=${timestamp},v1=${hex}`;
}
