/**
 * A complete production configuration of the app, as `parseEnv` accepts it: every required
 * variable set, none of the local backend's published values, no AI engine. Tests spread it and
 * change or drop the variables they are about.
 */
export const VALID_ENV = Object.freeze({
  APP_URL: "https://tonewise.app",
  SUPABASE_URL: "https://abc.supabase.co",
  SUPABASE_ANON_KEY: "anon",
  SUPABASE_SERVICE_ROLE_KEY: "service",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PRO_PRICE_ID: "price_x",
  COOKIE_SECRET: "a".repeat(32),
});
