import { describe, expect, it } from "vitest";
import { ConfigurationError, parseEnv } from "~/lib/env.server";

const complete = {
  APP_URL: "https://tonewise.app",
  SUPABASE_URL: "https://abc.supabase.co",
  SUPABASE_ANON_KEY: "anon",
  SUPABASE_SERVICE_ROLE_KEY: "service",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PRO_PRICE_ID: "price_x",
  COOKIE_SECRET: "a".repeat(32),
};

describe("environment", () => {
  it("accepts a complete configuration", () => {
    expect(parseEnv(complete)).toMatchObject({ APP_URL: "https://tonewise.app", NODE_ENV: "production" });
  });

  it("stops with the spec's message when a Supabase key is missing", () => {
    for (const key of ["SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY"]) {
      expect(() => parseEnv({ ...complete, [key]: "" })).toThrow(new ConfigurationError("supabaseKey is required."));
    }
  });

  it("names every other missing variable", () => {
    const { STRIPE_SECRET_KEY: _s, COOKIE_SECRET: _c, ...rest } = complete;
    expect(() => parseEnv(rest)).toThrow("Missing environment variables: COOKIE_SECRET, STRIPE_SECRET_KEY");
  });

  it("rejects malformed values with the variable's name", () => {
    expect(() => parseEnv({ ...complete, APP_URL: "tonewise.app" })).toThrow(/APP_URL/);
    expect(() => parseEnv({ ...complete, COOKIE_SECRET: "short" })).toThrow(/COOKIE_SECRET/);
  });
});
