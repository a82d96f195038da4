/**
 * Fixed addresses and credentials of the local backend. They are public on purpose, like the
 * Supabase CLI's local stack: they only ever unlock services running on this machine.
 */
export const LOCAL_SUPABASE_PORT = 54321;
export const LOCAL_MAILBOX_PORT = 54324;
export const LOCAL_STRIPE_PORT = 12111;

export const LOCAL_SUPABASE_URL = `http://127.0.0.1:${LOCAL_SUPABASE_PORT}`;
export const LOCAL_MAILBOX_URL = `http://127.0.0.1:${LOCAL_MAILBOX_PORT}`;
export const LOCAL_STRIPE_URL = `http://127.0.0.1:${LOCAL_STRIPE_PORT}`;

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

/** The app's default address: GoTrue's `site_url`, used when a request names no allowed redirect. */
export const LOCAL_SITE_URL = "http://localhost:5173";

/** Fixed cookie-signing secret that `emulators/launch.ts` hands the app when it runs locally. */
export const LOCAL_COOKIE_SECRET = "tonewise-local-cookie-secret-not-for-production";
