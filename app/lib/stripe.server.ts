import Stripe from "stripe";
import type { AppEnv } from "./env.server";

/**
 * The Stripe API version every request is pinned to: the installed SDK's own version
 * (node_modules/stripe/esm/apiVersion.js), so response shapes match its types. A unit test fails
 * when an SDK upgrade moves it, so the change is made on purpose.
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" satisfies Stripe.LatestApiVersion;

export type StripeClientEnv = Pick<AppEnv, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">;
export type StripeWebhookEnv = Pick<AppEnv, "STRIPE_WEBHOOK_SECRET">;

export interface StripeClientOptions {
  /** The fetch the client uses; tests pass one that calls the local Stripe in-process. */
  fetch?: typeof fetch;
}

const STRIPE_TIMEOUT_MS = 10_000;

/**
 * A Stripe client that runs on Node and on Workers alike: it sends requests with `fetch` (never
 * Node's http module) and, when `STRIPE_API_URL` is set, talks to that address (the local Stripe
 * stand-in) instead of api.stripe.com.
 */
export function createStripeClient(env: StripeClientEnv, options: StripeClientOptions = {}): Stripe {
  const config: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION,
    httpClient: Stripe.createFetchHttpClient(options.fetch),
    // A person is waiting on every call: fail within seconds rather than the SDK's 80 s default.
    // One retry is safe: writes carry idempotency keys.
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
  };
  if (env.STRIPE_API_URL) {
    const url = new URL(env.STRIPE_API_URL);
    const protocol = url.protocol === "http:" ? "http" : "https";
    config.host = url.hostname;
    config.port = url.port || (protocol === "http" ? 80 : 443);
    config.protocol = protocol;
  }
  return new Stripe(env.STRIPE_SECRET_KEY, config);
}

/** A webhook request that is not from Stripe: missing, malformed, forged or stale signature. */
export class StripeWebhookVerificationError extends Error {
  override name = "StripeWebhookVerificationError";
}

/** Web Crypto (SubtleCrypto) works on Node and Workers; Node's crypto module is not needed. */
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/**
 * Checks a webhook's `Stripe-Signature` header against the raw request body (read it with
 * `request.text()` before any parsing) and the configured secret, and returns the event.
 * Throws StripeWebhookVerificationError when the request cannot be trusted.
 */
export async function verifyStripeWebhook(
  env: StripeWebhookEnv,
  rawBody: string,
  signatureHeader: string | null | undefined,
): Promise<Stripe.Event> {
  if (!signatureHeader) throw new StripeWebhookVerificationError("Missing Stripe-Signature header");
  try {
    return await Stripe.webhooks.constructEventAsync(
      rawBody,
      signatureHeader,
      env.STRIPE_WEBHOOK_SECRET,
      undefined,
      cryptoProvider,
    );
  } catch (error) {
    throw new StripeWebhookVerificationError(
      error instanceof Error ? error.message : "Invalid Stripe webhook signature",
    );
  }
}
