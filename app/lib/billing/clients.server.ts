import type { SupabaseClient } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";
import type Stripe from "stripe";
import { getEnv, type AppEnv } from "../env.server";
import { createStripeClient } from "../stripe.server";
import { createServiceClient } from "../supabase.server";

/**
 * What billing works through: Stripe, and the service role for `billing_customers`,
 * `subscriptions` and `stripe_events`. Nothing in billing trusts a price, a trial or a user id
 * from the browser.
 */
export type Billing = {
  env: AppEnv;
  stripe: Stripe;
  /** Service role: bypasses row-level security. Billing tables are written only through it. */
  db: SupabaseClient;
};

export function billingFor(context: Readonly<RouterContextProvider>): Billing {
  const env = getEnv(context);
  return { env, stripe: createStripeClient(env), db: createServiceClient(env) };
}

class BillingStoreError extends Error {
  override name = "BillingStoreError";
}

export function storeError(action: string, error: { message: string }): BillingStoreError {
  return new BillingStoreError(`${action}: ${error.message}`);
}
