/** The test controls under /__emulator/ on the local Supabase port. */
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { anonClient, createConfirmedUser, localBackendForThisFile } from "./local-backend-fixture.ts";

const harness = localBackendForThisFile();

async function control(path: string, body?: unknown, method = "POST") {
  const response = await fetch(`${LOCAL_SUPABASE_URL}/__emulator/${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("/__emulator controls", () => {
  it("runs SQL as the superuser, with parameters", async () => {
    const user = await createConfirmedUser(harness.backend, "sql@example.com");
    const month = new Date(harness.backend.clock.now()).toISOString().slice(0, 7);
    const inserted = await control("sql", {
      query: "insert into public.usage_tracking (user_id, month, message_count) values ($1, $2, 29) returning message_count",
      params: [user.id, month],
    });
    expect(inserted).toEqual({ status: 200, body: { rows: [{ message_count: 29 }] } });
    expect((await user.client.rpc("consume_message").single()).data).toMatchObject({ allowed: true, message_count: 30 });

    const broken = await control("sql", { query: "select * from nowhere" });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: "42P01" });
  });

  it("moves the clock by months or milliseconds", async () => {
    const start = harness.backend.clock.now();
    const realStart = Date.now();
    const moved = await control("clock", { advanceMonths: 1 });
    const now = new Date(moved.body.now as string);
    expect(now.getUTCDate()).toBe(1);
    expect(now.getTime()).toBeGreaterThan(start);
    const later = await control("clock", { advanceMs: 5000 });
    // The clock keeps running in real time on top of the moves: 5 s on, plus no more than the time
    // that passed between the two reads.
    const laterMs = new Date(later.body.now as string).getTime();
    expect(laterMs - now.getTime()).toBeGreaterThanOrEqual(5000);
    expect(laterMs - now.getTime()).toBeLessThanOrEqual(5000 + (Date.now() - realStart));
    expect(new Date((await control("clock", undefined, "GET")).body.now as string).getTime()).toBeGreaterThanOrEqual(laterMs);
    expect((await control("clock", { advanceMonths: -1 })).status).toBe(400);
  });

  it("moves the clock one second into the next fixed window of a given length", async () => {
    const window = 15 * 60_000;
    const moved = new Date((await control("clock", { toNextWindowMs: window })).body.now as string).getTime();
    // One second into the window, plus the moment the request itself took.
    expect(moved % window).toBeGreaterThanOrEqual(1000);
    expect(moved % window).toBeLessThan(60_000);
    expect((await control("clock", { toNextWindowMs: 0 })).status).toBe(400);
    expect((await control("clock", { toNextWindowMs: 1.5 })).status).toBe(400);
  });

  it("sets the access token lifetime until the next reset", async () => {
    expect((await control("config", { accessTokenLifetimeSeconds: 120 })).status).toBe(200);
    const short = await createConfirmedUser(harness.backend, "short@example.com");
    expect(decodeJwt(short.accessToken).exp! - decodeJwt(short.accessToken).iat!).toBe(120);
    await control("reset");
    const normal = await createConfirmedUser(harness.backend, "normal@example.com");
    expect(decodeJwt(normal.accessToken).exp! - decodeJwt(normal.accessToken).iat!).toBe(900);
  });

  it("resets the database, the mailbox, faults and the clock", async () => {
    await createConfirmedUser(harness.backend, "gone@example.com");
    await control("clock", { advanceMonths: 2 });
    harness.backend.injectFault({ service: "supabase", mode: "fail", count: 5, pathPrefix: "/rest/v1" });
    expect(harness.backend.mailbox.messages()).not.toEqual([]);

    expect(await control("reset")).toEqual({ status: 200, body: { ok: true } });
    expect(harness.backend.mailbox.messages()).toEqual([]);
    expect(Math.abs(harness.backend.clock.now() - Date.now())).toBeLessThan(5000);
    expect(await anonClient().rpc("get_platform_stats")).toMatchObject({ data: [{ total_users: 0 }], error: null });
    expect((await anonClient().auth.signInWithPassword({ email: "gone@example.com", password: "Correct-Horse-9" })).error?.code).toBe(
      "invalid_credentials",
    );
  });

  it("points Stripe's webhooks somewhere, and checks its input", async () => {
    expect((await control("stripe-webhook", { url: "http://localhost:5173/api/webhooks/stripe" })).status).toBe(200);
    expect((await control("stripe-webhook", { url: "not a url" })).status).toBe(400);
    expect((await control("nothing-here")).status).toBe(404);
  });
});
