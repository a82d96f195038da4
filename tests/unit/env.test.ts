import { describe, expect, it } from "vitest";
import { ConfigurationError, parseEnv } from "~/lib/env.server";
import { VALID_ENV as complete } from "./support/valid-env.ts";

describe("environment", () => {
  it("accepts a complete configuration", () => {
    expect(parseEnv(complete)).toMatchObject({ APP_URL: "https://tonewise.app", NODE_ENV: "production" });
  });

  it("stops with 'supabaseKey is required.' when a Supabase key is missing", () => {
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
    expect(() => parseEnv({ ...complete, STRIPE_LEGACY_PRO_PRICE_IDS: "prod_123" })).toThrow(/STRIPE_LEGACY_PRO_PRICE_IDS/);
  });

  it("reads the earlier Pro prices as a list, none when unset or empty", () => {
    expect(parseEnv(complete).STRIPE_LEGACY_PRO_PRICE_IDS).toEqual([]);
    expect(parseEnv({ ...complete, STRIPE_LEGACY_PRO_PRICE_IDS: "" }).STRIPE_LEGACY_PRO_PRICE_IDS).toEqual([]);
    expect(parseEnv({ ...complete, STRIPE_LEGACY_PRO_PRICE_IDS: " price_2025 , price_2024," }).STRIPE_LEGACY_PRO_PRICE_IDS).toEqual(["price_2025", "price_2024"]);
  });
});

describe("production refuses local values (issue 10, finding 13)", () => {
  const localAnon =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

  it.each([
    ["SUPABASE_URL", { SUPABASE_URL: "http://127.0.0.1:54321" }],
    ["SUPABASE_ANON_KEY", { SUPABASE_ANON_KEY: localAnon }],
    ["STRIPE_API_URL", { STRIPE_API_URL: "http://127.0.0.1:12111" }],
    ["STRIPE_SECRET_KEY", { STRIPE_SECRET_KEY: "sk_test_tonewise_local" }],
    ["COOKIE_SECRET", { COOKIE_SECRET: "tonewise-local-cookie-secret-not-for-production" }],
    ["AI_BASE_URL", { AI_BASE_URL: "http://127.0.0.1:54331/v1", AI_MODEL: "tonewise-local" }],
  ])("a public site with the local %s does not start", (name, values) => {
    expect(() => parseEnv({ ...complete, ...values })).toThrow(new RegExp(`Production refuses local development values.*${name}`));
  });

  it("the same values are fine for the app running on this machine, or outside production", () => {
    const localValues = {
      SUPABASE_URL: "http://127.0.0.1:54321",
      SUPABASE_ANON_KEY: localAnon,
      STRIPE_API_URL: "http://127.0.0.1:12111",
      COOKIE_SECRET: "tonewise-local-cookie-secret-not-for-production",
    };
    expect(() => parseEnv({ ...complete, ...localValues, APP_URL: "http://localhost:3000" })).not.toThrow();
    expect(() => parseEnv({ ...complete, ...localValues, NODE_ENV: "development" })).not.toThrow();
  });

  it("a real configuration starts", () => {
    expect(() => parseEnv({ ...complete, AI_BASE_URL: "https://api.openai.com/v1", AI_MODEL: "gpt-4o-mini" })).not.toThrow();
  });
});
