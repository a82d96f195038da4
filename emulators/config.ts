/**
 * Fixed addresses and credentials of the local backend. They are public on purpose, like the
 * Supabase CLI's local stack: they only ever unlock services running on this machine.
 */
export const LOCAL_SUPABASE_PORT = 54321;
export const LOCAL_MAILBOX_PORT = 54324;
export const LOCAL_STRIPE_PORT = 12111;
export const LOCAL_AI_PORT = 54331;

export const LOCAL_SUPABASE_URL = `http://127.0.0.1:${LOCAL_SUPABASE_PORT}`;
export const LOCAL_MAILBOX_URL = `http://127.0.0.1:${LOCAL_MAILBOX_PORT}`;
export const LOCAL_STRIPE_URL = `http://127.0.0.1:${LOCAL_STRIPE_PORT}`;
/** The local AI stand-in's OpenAI-compatible API (what AI_BASE_URL points at locally). */
export const LOCAL_AI_URL = `http://127.0.0.1:${LOCAL_AI_PORT}/v1`;
export const LOCAL_AI_MODEL = "tonewise-local";
export const LOCAL_AI_API_KEY = "tonewise-local-ai-key";

/** HS256 secret that signs every local JWT (the Supabase CLI's default local secret). */
export const LOCAL_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

/** The Supabase CLI's well-known local keys, signed with LOCAL_JWT_SECRET. */
export const LOCAL_SUPABASE_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";
export const LOCAL_SUPABASE_SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

export const LOCAL_STRIPE_SECRET_KEY = "sk_test_tonewise_local";
export const LOCAL_STRIPE_WEBHOOK_SECRET = "whsec_tonewise_local_webhook_secret";
/** The Pro plan's monthly price, seeded in the local Stripe: $14.99 USD. */
export const LOCAL_STRIPE_PRO_PRICE_ID = "price_tonewise_pro_monthly";
export const LOCAL_STRIPE_PRO_PRODUCT_ID = "prod_tonewise_pro";
/** Another recurring price on the same account (not Pro): paying it must not grant Pro. */
export const LOCAL_STRIPE_OTHER_PRICE_ID = "price_tonewise_other_monthly";

/** The app's default address: GoTrue's `site_url`, used when a request names no allowed redirect. */
export const LOCAL_SITE_URL = "http://localhost:5173";

/** Fixed cookie-signing secret that `emulators/launch.ts` hands the app when it runs locally. */
export const LOCAL_COOKIE_SECRET = "tonewise-local-cookie-secret-not-for-production";

/**
 * The app's whole configuration for running against the local backend: what `emulators/launch.ts`
 * hands `npm run dev`, `preview` and `preview:worker`, and what the tests and the bench use.
 * `urls` replaces the fixed addresses when the backend listens elsewhere (ephemeral ports).
 */
export function localAppEnvironment(
  appUrl: string,
  urls: Partial<{ supabase: string; stripe: string; ai: string }> = {},
): Record<string, string> {
  return {
    APP_URL: appUrl,
    SUPABASE_URL: urls.supabase ?? LOCAL_SUPABASE_URL,
    SUPABASE_ANON_KEY: LOCAL_SUPABASE_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
    STRIPE_PRO_PRICE_ID: LOCAL_STRIPE_PRO_PRICE_ID,
    STRIPE_API_URL: urls.stripe ?? LOCAL_STRIPE_URL,
    COOKIE_SECRET: LOCAL_COOKIE_SECRET,
    AI_BASE_URL: urls.ai ?? LOCAL_AI_URL,
    AI_MODEL: LOCAL_AI_MODEL,
    AI_API_KEY: LOCAL_AI_API_KEY,
  };
}
