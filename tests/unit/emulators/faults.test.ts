/**
 * Fault injection over the in-process local backend (MSW): the next N requests to a service fail
 * with that service's own 500, or hang until aborted or reset; MSW's own server.use() overrides
 * work alongside.
 */
import { http, HttpResponse } from "msw";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  LOCAL_AI_URL,
  LOCAL_MAILBOX_URL,
  LOCAL_STRIPE_PORT,
  LOCAL_STRIPE_PRO_PRICE_ID,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_SUPABASE_ANON_KEY,
  LOCAL_SUPABASE_URL,
} from "../../../emulators/config.ts";
import { anonClient, localBackendForThisFile } from "../../integration/backend/local-backend-fixture.ts";

const harness = localBackendForThisFile();
const stripe = () => new Stripe(LOCAL_STRIPE_SECRET_KEY, { host: "127.0.0.1", port: LOCAL_STRIPE_PORT, protocol: "http" });

describe("fail mode", () => {
  it("answers the next N matching Supabase requests with a PostgREST-shaped 500, then recovers", async () => {
    harness.backend.injectFault({ service: "supabase", mode: "fail", count: 2, pathPrefix: "/rest/v1/rpc" });
    for (let attempt = 0; attempt < 2; attempt++) {
      const { data, error, status } = await anonClient().rpc("get_platform_stats");
      expect(data).toBeNull();
      expect(status).toBe(500);
      expect(error).toMatchObject({ code: "XX000", details: null, hint: null });
    }
    expect(await anonClient().rpc("get_platform_stats")).toMatchObject({ data: [{ total_users: 0 }], error: null });
  });

  it("answers Auth requests with GoTrue's 500, which supabase-js treats as retryable", async () => {
    harness.backend.injectFault({ service: "supabase", mode: "fail", count: 1, pathPrefix: "/auth/v1/token" });
    const { error } = await anonClient().auth.signInWithPassword({ email: "a@example.com", password: "Whatever-1" });
    expect(error).toMatchObject({ name: "AuthRetryableFetchError", status: 500 });
    expect((await anonClient().auth.signInWithPassword({ email: "a@example.com", password: "Whatever-1" })).error?.code).toBe(
      "invalid_credentials",
    );
  });

  it("leaves other paths alone", async () => {
    harness.backend.injectFault({ service: "supabase", mode: "fail", count: 1, pathPrefix: "/auth/v1" });
    expect((await anonClient().rpc("get_platform_stats")).error).toBeNull();
    expect((await fetch(`${LOCAL_SUPABASE_URL}/auth/v1/health`, { headers: { apikey: LOCAL_SUPABASE_ANON_KEY } })).status).toBe(500);
  });

  it("fails one Stripe call with a Stripe api_error the SDK does not retry", async () => {
    harness.backend.injectFault({ service: "stripe", mode: "fail", count: 1 });
    await expect(stripe().prices.retrieve(LOCAL_STRIPE_PRO_PRICE_ID)).rejects.toMatchObject({ type: "StripeAPIError", statusCode: 500 });
    await expect(stripe().prices.retrieve(LOCAL_STRIPE_PRO_PRICE_ID)).resolves.toMatchObject({ id: LOCAL_STRIPE_PRO_PRICE_ID });
  });

  it("with bodyContains, fails only the requests whose body holds the marker, counting only those", async () => {
    harness.backend.injectFault({ service: "ai", mode: "fail", count: 1, bodyContains: "Quokka-7" });
    const complete = (text: string) =>
      fetch(`${LOCAL_AI_URL}/chat/completions`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ model: "tonewise-local", messages: [{ role: "user", content: text }] }),
      });
    expect((await complete("hi sam, can we talk tuesday")).status).toBe(200);
    const failed = await complete("hi sam, Quokka-7 is ready");
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { error: { type: string } }).error.type).toBe("server_error");
    expect((await complete("hi sam, Quokka-7 is ready")).status).toBe(200);

    const invalid = await fetch(`${LOCAL_SUPABASE_URL}/__emulator/faults`, {
      method: "POST",
      body: JSON.stringify({ service: "ai", mode: "fail", count: 1, bodyContains: "" }),
    });
    expect(invalid.status).toBe(400);
  });

  it("fails the mailbox too, and is set through the HTTP control", async () => {
    const control = await fetch(`${LOCAL_SUPABASE_URL}/__emulator/faults`, {
      method: "POST",
      body: JSON.stringify({ service: "mailbox", mode: "fail", count: 1 }),
    });
    expect(control.status).toBe(200);
    const failed = await fetch(`${LOCAL_MAILBOX_URL}/api/messages`);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toHaveProperty("error");
    expect((await fetch(`${LOCAL_MAILBOX_URL}/api/messages`)).status).toBe(200);

    const invalid = await fetch(`${LOCAL_SUPABASE_URL}/__emulator/faults`, {
      method: "POST",
      body: JSON.stringify({ service: "nowhere", mode: "fail", count: 1 }),
    });
    expect(invalid.status).toBe(400);
  });
});

describe("hang mode", () => {
  it("never answers until the caller gives up, then serves the next request", async () => {
    harness.backend.injectFault({ service: "supabase", mode: "hang", count: 1, pathPrefix: "/rest/v1" });
    const started = Date.now();
    const hung = await anonClient().rpc("get_platform_stats").abortSignal(AbortSignal.timeout(300));
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(hung.data).toBeNull();
    expect(hung.error?.message).toMatch(/Abort|Timeout/);
    expect((await anonClient().rpc("get_platform_stats")).error).toBeNull();
  });

  it("ends hanging requests as network errors on reset", async () => {
    harness.backend.injectFault({ service: "mailbox", mode: "hang", count: 1 });
    const pending = fetch(`${LOCAL_MAILBOX_URL}/api/messages`);
    let settled = false;
    void pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    await harness.backend.reset();
    await expect(pending).rejects.toThrow();
  });
});

describe("MSW overrides", () => {
  it("work on top of the local backend for a single test", async () => {
    harness.server.use(
      http.post(`${LOCAL_SUPABASE_URL}/rest/v1/rpc/get_platform_stats`, () =>
        HttpResponse.json({ code: "57014", details: null, hint: null, message: "canceling statement due to statement timeout" }, { status: 500 }),
      ),
    );
    expect((await anonClient().rpc("get_platform_stats")).error?.code).toBe("57014");
    harness.server.resetHandlers();
    expect((await anonClient().rpc("get_platform_stats")).error).toBeNull();
  });
});
