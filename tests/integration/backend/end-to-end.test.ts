/**
 * The local backend served over real HTTP, used by the real @supabase/supabase-js client the way
 * the app uses it: sign up, confirm through the mailbox's JSON endpoint, sign in, read the usage
 * row, fail to write it, refresh the session. Runs on its own ports so that it never clashes with
 * a developer's `npm run dev` (which uses the fixed ones).
 */
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOCAL_SUPABASE_ANON_KEY } from "../../../emulators/config.ts";
import { serveLocalBackend, type ServedLocalBackend } from "../../../emulators/http.ts";
import { createLocalBackend, type LocalBackend } from "../../../emulators/index.ts";
import { freePort } from "../../../emulators/ports.ts";

let TEST_PORTS: { supabase: number; mailbox: number; stripe: number; ai: number };
let backend: LocalBackend;
let served: ServedLocalBackend;

beforeAll(async () => {
  // Free ports, as the system hands them out, so nothing else can already hold them.
  TEST_PORTS = { supabase: await freePort(), mailbox: await freePort(), stripe: await freePort(), ai: await freePort() };
  backend = await createLocalBackend({ ports: TEST_PORTS, logEmails: false });
  served = await serveLocalBackend(backend);
});
beforeEach(async () => {
  expect((await fetch(`${served.urls.supabase}/__emulator/reset`, { method: "POST" })).status).toBe(200);
});
afterAll(async () => {
  await served?.close();
  await backend?.close();
});

const client = () =>
  createClient(served.urls.supabase, LOCAL_SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

describe("local backend over HTTP", () => {
  it("listens on the requested ports of 127.0.0.1", () => {
    expect(served.urls).toEqual({
      supabase: `http://127.0.0.1:${TEST_PORTS.supabase}`,
      mailbox: `http://127.0.0.1:${TEST_PORTS.mailbox}`,
      stripe: `http://127.0.0.1:${TEST_PORTS.stripe}`,
      ai: `http://127.0.0.1:${TEST_PORTS.ai}/v1`,
    });
  });

  it("signs up, confirms by email, signs in, reads its usage, cannot write it, and refreshes", async () => {
    const email = "e2e@example.com";
    const password = "Correct-Horse-9";
    const signUp = await client().auth.signUp({
      email,
      password,
      options: { emailRedirectTo: "http://localhost:5173/dashboard", data: { full_name: "End To End" } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();

    const messages = (await (await fetch(`${served.urls.mailbox}/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
      subject: string;
      links: string[];
    }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]!.subject).toBe("Confirm your Tonewise account");
    const tokenHash = new URL(messages[0]!.links[0]!).searchParams.get("token_hash")!;
    expect((await client().auth.verifyOtp({ type: "email", token_hash: tokenHash })).error).toBeNull();

    const app = client();
    const signIn = await app.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const userId = signIn.data.user!.id;

    expect((await app.rpc("consume_message").single()).data).toMatchObject({ allowed: true, tier: "free", message_count: 1 });
    const month = new Date(backend.clock.now()).toISOString().slice(0, 7);
    const usage = await app.from("usage_tracking").select("tier, message_count").eq("user_id", userId).eq("month", month).single();
    expect(usage).toMatchObject({ data: { tier: "free", message_count: 1 }, error: null });

    const write = await app.from("usage_tracking").update({ message_count: 0, tier: "pro" }).eq("user_id", userId);
    expect(write.status).toBe(403);
    expect(write.error?.code).toBe("42501");

    const oldRefresh = signIn.data.session!.refresh_token;
    const refreshed = await app.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(oldRefresh);
    expect((await app.auth.getUser()).data.user?.email).toBe(email);
    expect((await app.from("profiles").select("full_name").single()).data).toEqual({ full_name: "End To End" });
  });

  it("serves the controls, the mailbox page and Stripe on their ports", async () => {
    const sql = await fetch(`${served.urls.supabase}/__emulator/sql`, {
      method: "POST",
      body: JSON.stringify({ query: "select count(*)::int as users from auth.users" }),
    });
    expect(await sql.json()).toEqual({ rows: [{ users: 0 }] });
    const page = await fetch(`${served.urls.mailbox}/`);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("Local mailbox");
    const stripe = await fetch(`${served.urls.stripe}/v1/prices/price_tonewise_pro_monthly`, {
      headers: { Authorization: "Bearer sk_test_tonewise_local" },
    });
    expect(stripe.status).toBe(200);
  });

  it("names the service and port it cannot bind", async () => {
    await expect(serveLocalBackend(backend)).rejects.toThrow(`Cannot start the local Supabase on 127.0.0.1:${TEST_PORTS.supabase}`);
  });
});
