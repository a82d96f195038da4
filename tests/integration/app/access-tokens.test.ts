/**
 * API access tokens and the extension hand-over, through the production build: the Account
 * page's forms (as a browser with JavaScript off posts them), Bearer authentication on
 * /api/v1/*, last-used dates, revocation, the 90-day idle expiry, and the PKCE one-time code.
 */
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { createClient } from "@supabase/supabase-js";
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { appForThisFile, bearer, createTokenThroughApp as createToken, signUpThroughApp, toastsIn, type AppClient } from "./app-harness.ts";

const app = appForThisFile();
const EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";

async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = "v".repeat(20) + crypto.randomUUID().replace(/-/g, "") + "xyz";
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const challenge = btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return { verifier, challenge };
}

async function approve(client: AppClient, challenge: string, state = "state-12345"): Promise<string> {
  const query = new URLSearchParams({ code_challenge: challenge, code_challenge_method: "S256", state });
  const response = await client.post(`/extension/connect?${query}`, { decision: "approve" });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!, "http://localhost:3000");
  expect(location.pathname).toBe("/extension/connected");
  expect(location.searchParams.get("state")).toBe(state);
  return location.searchParams.get("code")!;
}

function exchange(code: string, codeVerifier: string) {
  return app.client().fetch("/api/v1/extension/token", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: EXTENSION },
    body: JSON.stringify({ code, codeVerifier }),
  });
}

describe("API tokens on the Account page", () => {
  it("shows the account's and its tokens' dates as days in the account's time zone", async () => {
    const client = await signUpThroughApp(app, "evening@example.com");
    await createToken(client, "Evening laptop");
    const [user] = await app.backend.sql<{ id: string }>("select id from auth.users where email = $1", ["evening@example.com"]);
    // Yesterday at 03:00 UTC: the evening of the day before in New York.
    const evening = new Date(Date.now() - 86_400_000);
    evening.setUTCHours(3, 0, 0, 0);
    const newYorkDay = (options: Intl.DateTimeFormatOptions) => evening.toLocaleDateString("en-US", { ...options, timeZone: "America/New_York" });
    expect(newYorkDay({ day: "numeric" })).not.toBe(String(evening.getUTCDate()));
    await app.backend.sql("update auth.users set created_at = $2 where id = $1", [user!.id, evening.toISOString()]);
    await app.backend.sql("update public.access_tokens set created_at = $2 where user_id = $1", [user!.id, evening.toISOString()]);
    await app.backend.sql("update public.user_settings set time_zone = 'America/New_York' where user_id = $1", [user!.id]);
    const html = (await client.html("/dashboard/account")).html.replaceAll("<!-- -->", "");
    expect(html).toContain(`value="${newYorkDay({ month: "long", day: "numeric", year: "numeric" })}"`);
    expect(html).toContain(`Created ${newYorkDay({ month: "short", day: "numeric", year: "numeric" })}`);
  });

  it("still shows the Account page, saying the list is missing, when the tokens cannot be read", async () => {
    const client = await signUpThroughApp(app, "unread-tokens@example.com");
    await createToken(client, "Office desktop");
    app.backend.injectFault({ service: "supabase", mode: "fail", count: 1, pathPrefix: "/rest/v1/access_tokens" });
    const failed = await client.html("/dashboard/account");
    expect(failed.status).toBe(200);
    const html = failed.html.replaceAll("<!-- -->", "");
    expect(html).toContain("Your tokens could not be loaded right now. Reload the page in a moment to see or revoke them.");
    expect(html).not.toContain("Office desktop");
    expect(html).not.toContain("You have no API tokens.");
    // The profile form and the token form are there.
    expect(html).toMatch(/<input[^>]*name="fullName"/);
    expect(html).toContain(">Create token<");

    const again = (await client.html("/dashboard/account")).html;
    expect(again).toContain("Office desktop");
    expect(again).not.toContain("could not be loaded");
  });

  it("creates a token shown once, lists it, and the API accepts it and records its use", async () => {
    const client = await signUpThroughApp(app, "tokens@example.com", "Toni Token");
    const response = await client.post("/dashboard/account", { intent: "create-token", name: "Work laptop" });
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(toastsIn(html)).toContain("Token created / Copy it now: it won't be shown again.");
    const token = /value="(tw_[A-Za-z0-9_-]{43})"/.exec(html)![1]!;

    const page = await client.html("/dashboard/account");
    expect(page.html).toContain("Work laptop");
    expect(page.html).toContain(`tw_…${token.slice(-4)}`);
    expect(page.html).toContain("Last used Never");
    expect(page.html).not.toContain(token);

    const rows = await app.backend.sql<{ token_hash: string }>("select token_hash from public.access_tokens");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token.slice(3));

    const me = await app.client().fetch("/api/v1/me", bearer(token));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "tokens@example.com", fullName: "Toni Token" });
    const [used] = await app.backend.sql<{ last_used_at: string | null }>("select last_used_at from public.access_tokens");
    expect(used!.last_used_at).not.toBeNull();
    expect((await client.html("/dashboard/account")).html).not.toContain("Last used Never");
  });

  it("makes no second token when the page is reloaded after Create token (the same form posted again)", async () => {
    const client = await signUpThroughApp(app, "reload@example.com");
    const page = (await client.html("/dashboard/account")).html;
    const once = /<input type="hidden" name="once" value="([0-9a-f-]{36})"\/>/.exec(page)?.[1];
    expect(once).toBeDefined();
    const first = (await (await client.post("/dashboard/account", { once: once!, name: "Work laptop", intent: "create-token" })).text()).replaceAll("<!-- -->", "");
    expect(toastsIn(first)).toContain("Token created / Copy it now: it won't be shown again.");
    // The page that answered has a new form id for the next token.
    expect(first).not.toContain(`value="${once}"`);

    const again = (await (await client.post("/dashboard/account", { once: once!, name: "Work laptop", intent: "create-token" })).text()).replaceAll("<!-- -->", "");
    expect(toastsIn(again)).toEqual(["Token already created / That form was already sent: the token is in your list below. Its secret was shown only once."]);
    expect(again).not.toMatch(/value="tw_[A-Za-z0-9_-]{43}"/);
    const userId = (await app.backend.sql<{ id: string }>("select id from auth.users where email = $1", ["reload@example.com"]))[0]!.id;
    expect(await app.backend.sql("select id from public.access_tokens where user_id = $1", [userId])).toHaveLength(1);

    // A new render's form makes a new token.
    const next = /<input type="hidden" name="once" value="([0-9a-f-]{36})"\/>/.exec(first)![1]!;
    const third = (await (await client.post("/dashboard/account", { once: next, name: "Home laptop", intent: "create-token" })).text()).replaceAll("<!-- -->", "");
    expect(toastsIn(third)).toContain("Token created / Copy it now: it won't be shown again.");
    expect(await app.backend.sql("select id from public.access_tokens where user_id = $1", [userId])).toHaveLength(2);
  });

  it("lets the same form be sent again when the database failed to make the token", async () => {
    const client = await signUpThroughApp(app, "retry-token@example.com");
    const page = (await client.html("/dashboard/account")).html;
    const once = /<input type="hidden" name="once" value="([0-9a-f-]{36})"\/>/.exec(page)![1]!;
    app.backend.injectFault({ service: "supabase", mode: "fail", count: 1, pathPrefix: "/rest/v1/rpc/create_access_token" });
    const failed = await client.post("/dashboard/account", { once, name: "Work laptop", intent: "create-token" });
    expect(failed.status).toBe(503);
    const failedHtml = (await failed.text()).replaceAll("<!-- -->", "");
    expect(toastsIn(failedHtml)).toEqual(["Error / The token could not be created. Please try again in a moment."]);
    // The page again, with the name typed.
    expect(failedHtml).toMatch(/<input[^>]*name="name"[^>]*value="Work laptop"/);

    const again = (await (await client.post("/dashboard/account", { once, name: "Work laptop", intent: "create-token" })).text()).replaceAll("<!-- -->", "");
    expect(toastsIn(again)).toEqual(["Token created / Copy it now: it won't be shown again."]);
    expect(again).toMatch(/value="tw_[A-Za-z0-9_-]{43}"/);
    const userId = (await app.backend.sql<{ id: string }>("select id from auth.users where email = $1", ["retry-token@example.com"]))[0]!.id;
    expect(await app.backend.sql("select id from public.access_tokens where user_id = $1", [userId])).toHaveLength(1);

    // Revoking while the database fails says so and keeps the token.
    const [{ id }] = (await app.backend.sql<{ id: string }>("select id from public.access_tokens where user_id = $1", [userId])) as [{ id: string }];
    app.backend.injectFault({ service: "supabase", mode: "fail", count: 1, pathPrefix: "/rest/v1/rpc/revoke_access_token" });
    const revoke = await client.post("/dashboard/account", { intent: "revoke-token", tokenId: id });
    expect(revoke.status).toBe(503);
    expect(toastsIn((await revoke.text()).replaceAll("<!-- -->", ""))).toEqual(["Error / The token could not be revoked. Please try again in a moment."]);
    expect(await app.backend.sql("select id from public.access_tokens where revoked_at is null and user_id = $1", [userId])).toHaveLength(1);
  });

  it("takes the same form again after the token limit refused it and a token was revoked", async () => {
    const client = await signUpThroughApp(app, "at-limit@example.com");
    const userId = (await app.backend.sql<{ id: string }>("select id from auth.users where email = $1", ["at-limit@example.com"]))[0]!.id;
    await app.backend.sql(
      "insert into public.access_tokens (user_id, name, token_hash, hint) select $1::uuid, 'Old ' || n, md5(n::text) || md5($1::text || n::text), 'ab' || lpad(n::text, 2, '0') from generate_series(1, 20) n",
      [userId],
    );
    const once = /<input type="hidden" name="once" value="([0-9a-f-]{36})"\/>/.exec((await client.html("/dashboard/account")).html)![1]!;
    const refused = (await (await client.post("/dashboard/account", { once, name: "New laptop", intent: "create-token" })).text()).replaceAll("<!-- -->", "");
    expect(toastsIn(refused)).toEqual(["Error / You already have 20 tokens. Revoke one you no longer use first."]);

    await app.backend.sql("update public.access_tokens set revoked_at = now() where user_id = $1 and name = 'Old 1'", [userId]);
    const again = (await (await client.post("/dashboard/account", { once, name: "New laptop", intent: "create-token" })).text()).replaceAll("<!-- -->", "");
    expect(toastsIn(again)).toEqual(["Token created / Copy it now: it won't be shown again."]);
  });

  it("lets the extension's origin optimize with a token, counting the message", async () => {
    const client = await signUpThroughApp(app, "extension-call@example.com");
    const token = await createToken(client, "Extension");
    const response = await app.client().fetch(
      "/api/v1/optimize",
      bearer(token, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: EXTENSION, "Sec-Fetch-Site": "none" },
        body: JSON.stringify({ text: "hi dana, following up on the quote for 12 seats. can we talk tomorrow?", platform: "gmail", draftId: "d1" }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(EXTENSION);
    expect((await response.json()).usage.used).toBe(1);
  });

  it("checks a token's suggestion in the same database call as its limits: two calls in all, the begin and the count", async () => {
    const client = await signUpThroughApp(app, "one-trip@example.com");
    const token = await createToken(client, "Extension");
    const calls: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith("/rest/v1/") || url.pathname.startsWith("/auth/v1/")) calls.push(`${request.method} ${url.pathname}`);
    };
    app.server.events.on("request:start", listener);
    try {
      const response = await app.client().fetch(
        "/api/v1/optimize",
        bearer(token, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ text: "hi dana, following up on the quote for 12 seats. can we talk tomorrow?", draftId: "d1" }),
        }),
      );
      expect(response.status).toBe(200);
      expect((await response.json()).usage.used).toBe(1);
    } finally {
      app.server.events.removeListener("request:start", listener);
    }
    expect(calls).toEqual(["POST /rest/v1/rpc/begin_optimization_with_token", "POST /rest/v1/rpc/record_optimization"]);
    const [used] = await app.backend.sql<{ last_used_at: string | null }>("select last_used_at from public.access_tokens");
    expect(used!.last_used_at).not.toBeNull();
  });

  it("refuses a revoked or unknown token's suggestion with 401, counting nothing and holding nothing against a limit", async () => {
    const client = await signUpThroughApp(app, "revoked-optimize@example.com");
    const token = await createToken(client, "Old laptop");
    await app.backend.sql("update public.access_tokens set revoked_at = now()");
    const hits = async () => (await app.backend.sql<{ hits: number }>("select coalesce(sum(hits), 0)::int as hits from public.rate_limits"))[0]!.hits;
    const before = await hits();
    for (const credential of [token, `tw_${"x".repeat(43)}`]) {
      const response = await app.client().fetch(
        "/api/v1/optimize",
        bearer(credential, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ text: "hi dana, following up on the quote for 12 seats. can we talk tomorrow?" }),
        }),
      );
      expect(response.status).toBe(401);
      expect((await response.json()).error).toEqual({ code: "unauthorized", message: "The access token is missing, malformed, expired or revoked." });
    }
    expect(await hits()).toBe(before);
    expect(await app.backend.sql("select * from public.usage_tracking")).toEqual([]);
  });

  it("revokes a token: the API refuses it from then on", async () => {
    const client = await signUpThroughApp(app, "revoke@example.com");
    const token = await createToken(client, "Old script");
    const [{ id }] = (await app.backend.sql<{ id: string }>("select id from public.access_tokens")) as [{ id: string }];
    const revoke = await client.post("/dashboard/account", { intent: "revoke-token", tokenId: id });
    expect(toastsIn((await revoke.text()).replaceAll("<!-- -->", ""))).toContain(
      "Token revoked / Anything using it can no longer reach your account.",
    );
    const response = await app.client().fetch("/api/v1/me", bearer(token));
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("unauthorized");
    expect((await client.html("/dashboard/account")).html).toContain("You have no API tokens.");
  });

  it("expires a token after 90 days without use", async () => {
    const client = await signUpThroughApp(app, "idle@example.com");
    const token = await createToken(client, "Forgotten");
    await app.backend.sql("update public.access_tokens set created_at = now() - interval '91 days'");
    expect((await app.client().fetch("/api/v1/me", bearer(token))).status).toBe(401);

    const recent = await createToken(client, "Used lately");
    await app.backend.sql("update public.access_tokens set created_at = now() - interval '200 days', last_used_at = now() - interval '89 days' where name = 'Used lately'");
    expect((await app.client().fetch("/api/v1/me", bearer(recent))).status).toBe(200);
  });

  it("refuses a nameless or over-long name with the Validation Error toast", async () => {
    const client = await signUpThroughApp(app, "names@example.com");
    for (const [name, message] of [
      ["   ", "Give the token a name, such as 'Work laptop' or 'CRM script'."],
      ["x".repeat(101), "Token names can be at most 100 characters."],
    ] as const) {
      const response = await client.post("/dashboard/account", { intent: "create-token", name });
      const html = (await response.text()).replaceAll("<!-- -->", "");
      expect(toastsIn(html)).toContain(`Validation Error / ${message.replace(/'/g, "'")}`);
    }
    expect(await app.backend.sql("select * from public.access_tokens")).toEqual([]);
  });

  it("allows at most 20 active tokens", async () => {
    const client = await signUpThroughApp(app, "many@example.com");
    for (let index = 0; index < 20; index++) await createToken(client, `Token ${index}`);
    const response = await client.post("/dashboard/account", { intent: "create-token", name: "One too many" });
    expect(toastsIn((await response.text()).replaceAll("<!-- -->", ""))).toContain(
      "Error / You already have 20 tokens. Revoke one you no longer use first.",
    );
  });

  it("keeps tokens private: no other user reads them, and nobody reads a hash", async () => {
    const owner = await signUpThroughApp(app, "owner@example.com");
    await createToken(owner, "Mine");
    await signUpThroughApp(app, "other@example.com");
    const other = createClient(LOCAL_SUPABASE_URL, LOCAL_SUPABASE_ANON_KEY, { auth: { persistSession: false } });
    const signIn = await other.auth.signInWithPassword({ email: "other@example.com", password: "Correct-Horse-9" });
    expect(signIn.error).toBeNull();
    expect((await other.from("access_tokens").select("id, name")).data).toEqual([]);
    expect((await other.from("access_tokens").select("token_hash")).error).not.toBeNull();
    expect((await other.rpc("authenticate_access_token", { p_token_hash: "0".repeat(64) })).error).not.toBeNull();
    const anon = createClient(LOCAL_SUPABASE_URL, LOCAL_SUPABASE_ANON_KEY, { auth: { persistSession: false } });
    expect((await anon.from("access_tokens").select("id")).error).not.toBeNull();
  });
});

describe("the extension hand-over", () => {
  it("sends a visitor who is not signed in to sign in first, then back", async () => {
    const query = "code_challenge=" + "a".repeat(43) + "&code_challenge_method=S256&state=state-12345";
    const response = await app.client().fetch(`/extension/connect?${query}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/extension/connect?${query}`)}`);
  });

  it("asks a signed-in user to approve, then exchanges the code once for a working token", async () => {
    const client = await signUpThroughApp(app, "connect@example.com");
    const { verifier, challenge } = await pkcePair();
    const page = await client.html(`/extension/connect?code_challenge=${challenge}&code_challenge_method=S256&state=state-12345`);
    expect(page.html).toContain("Connect the Tonewise extension");
    expect(page.html).toContain("connect@example.com");

    const code = await approve(client, challenge);
    const response = await exchange(code, verifier);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ tokenType: "Bearer", name: "Browser extension" });
    expect(body.token).toMatch(/^tw_[A-Za-z0-9_-]{43}$/);
    expect((await app.client().fetch("/api/v1/me", bearer(body.token))).status).toBe(200);

    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe("invalid_request");
  });

  it("lands on 'temporarily unavailable' for the extension when the database fails, and works a moment later", async () => {
    const client = await signUpThroughApp(app, "connect-later@example.com");
    const { verifier, challenge } = await pkcePair();
    const query = new URLSearchParams({ code_challenge: challenge, code_challenge_method: "S256", state: "state-67890" });
    for (const [pathPrefix, method] of [["/rest/v1/access_tokens", "GET"], ["/rest/v1/rpc/create_extension_code", "POST"]] as const) {
      app.backend.injectFault({ service: "supabase", mode: "fail", count: 1, pathPrefix });
      const response = method === "GET" ? await client.fetch(`/extension/connect?${query}`) : await client.post(`/extension/connect?${query}`, { decision: "approve" });
      expect(response.status, pathPrefix).toBe(302);
      const location = new URL(response.headers.get("Location")!, "http://localhost:3000");
      expect(location.pathname, pathPrefix).toBe("/extension/connected");
      expect(Object.fromEntries(location.searchParams), pathPrefix).toEqual({ error: "temporarily_unavailable", state: "state-67890" });
    }
    const landing = (await client.html("/extension/connected?error=temporarily_unavailable&state=state-67890")).html;
    expect(landing).toContain("Tonewise is temporarily unavailable");
    expect(landing).toContain("The extension was not connected. Please try again in a moment from its toolbar icon.");

    const code = await approve(client, challenge, "state-67890");
    expect((await exchange(code, verifier)).status).toBe(200);
  });

  it("refuses a wrong verifier (and the code is spent), an expired code, and malformed input", async () => {
    const client = await signUpThroughApp(app, "pkce@example.com");
    const { verifier, challenge } = await pkcePair();
    const code = await approve(client, challenge);
    expect((await exchange(code, `${verifier}-wrong`)).status).toBe(400);
    expect((await exchange(code, verifier)).status).toBe(400);

    const late = await approve(client, challenge);
    await app.backend.sql("update public.extension_auth_codes set expires_at = now() - interval '1 second'");
    expect((await exchange(late, verifier)).status).toBe(400);

    for (const body of [{}, { code: "short", codeVerifier: verifier }, { code: "a".repeat(43), codeVerifier: "tiny" }]) {
      const response = await app.client().fetch("/api/v1/extension/token", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      expect(response.status).toBe(400);
    }
    expect(await app.backend.sql("select * from public.access_tokens")).toEqual([]);
  });

  it("tells a user with 20 active tokens where to revoke one, before and after Approve, and issues no code", async () => {
    const client = await signUpThroughApp(app, "full@example.com");
    for (let index = 0; index < 20; index++) await createToken(client, `Token ${index}`);
    const { challenge } = await pkcePair();
    const query = `code_challenge=${challenge}&code_challenge_method=S256&state=state-12345`;
    // Opening the page lands where the extension, watching the tab, reads why.
    const opened = await client.fetch(`/extension/connect?${query}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/extension/connected?error=token_limit&state=state-12345");
    const landing = (await client.html("/extension/connected?error=token_limit&state=state-12345")).html.replaceAll("<!-- -->", "");
    expect(landing).toContain("Too many access tokens");
    expect(landing).toContain("You already have 20 access tokens. Revoke one you no longer use on your Account page, then connect again.");
    expect(landing).toContain('href="/dashboard/account#api-tokens"');

    // A form posted from a tab opened earlier still gets no code.
    const response = await client.post(`/extension/connect?${query}`, { decision: "approve" });
    expect(response.headers.get("Location")).toBe("/extension/connected?error=token_limit&state=state-12345");
    expect(await app.backend.sql("select * from public.extension_auth_codes")).toEqual([]);
  });

  it("answers 409 limit_reached when the 20th token was made after Approve, and the code still works once one is revoked", async () => {
    const client = await signUpThroughApp(app, "race@example.com");
    for (let index = 0; index < 19; index++) await createToken(client, `Token ${index}`);
    const { verifier, challenge } = await pkcePair();
    const code = await approve(client, challenge);
    await createToken(client, "The twentieth");

    const refused = await exchange(code, verifier);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toEqual({
      code: "limit_reached",
      message: "You already have 20 access tokens. Revoke one you no longer use on your Account page, then connect again.",
    });
    expect(await app.backend.sql("select name from public.access_tokens where name = 'Browser extension'")).toEqual([]);

    const [oldest] = await app.backend.sql<{ id: string }>("select id from public.access_tokens where name = 'Token 0'");
    expect((await client.post("/dashboard/account", { intent: "revoke-token", tokenId: oldest!.id })).status).toBe(200);
    const response = await exchange(code, verifier);
    expect(response.status).toBe(200);
    expect((await response.json()).name).toBe("Browser extension");
    expect((await exchange(code, verifier)).status).toBe(400);
  });

  it("cancel sends no code", async () => {
    const client = await signUpThroughApp(app, "cancel@example.com");
    const { challenge } = await pkcePair();
    const response = await client.post(`/extension/connect?code_challenge=${challenge}&code_challenge_method=S256&state=state-12345`, { decision: "cancel" });
    expect(response.headers.get("Location")).toBe("/extension/connected?error=access_denied&state=state-12345");
  });

  it("disconnecting revokes the extension's token", async () => {
    const client = await signUpThroughApp(app, "disconnect@example.com");
    const { verifier, challenge } = await pkcePair();
    const { token } = await (await exchange(await approve(client, challenge), verifier)).json();
    const response = await app.client().fetch("/api/v1/extension/token", bearer(token, { method: "DELETE", headers: { Origin: EXTENSION } }));
    expect(response.status).toBe(204);
    expect((await app.client().fetch("/api/v1/me", bearer(token))).status).toBe(401);
  });
});

describe("when the database fails", () => {
  it("answers 503 service_unavailable (try again), not a bare 500, for every call the extension makes", async () => {
    const client = await signUpThroughApp(app, "dbdown@example.com");
    const token = await createToken(client, "Browser extension");
    const calls: Array<[string, string]> = [
      ["/rest/v1/rpc/authenticate_access_token", "/api/v1/me"],
      ["/rest/v1/rpc/account_summary", "/api/v1/me"],
      ["/rest/v1/follow_ups", "/api/v1/follow-ups"],
    ];
    for (const [pathPrefix, path] of calls) {
      app.backend.injectFault({ service: "supabase", mode: "fail", count: 1, pathPrefix });
      const response = await app.client().fetch(path, bearer(token, { headers: { Origin: EXTENSION } }));
      expect(response.status, pathPrefix).toBe(503);
      expect(response.headers.get("Access-Control-Allow-Origin"), pathPrefix).toBe(EXTENSION);
      expect(((await response.json()) as { error: { code: string; message: string } }).error, pathPrefix).toEqual({
        code: "service_unavailable",
        message: "Tonewise is temporarily unavailable. Please try again in a moment.",
      });
    }
    // A moment later the same calls work.
    expect((await app.client().fetch("/api/v1/me", bearer(token))).status).toBe(200);
  });
});

describe("PATCH /api/v1/me (the extension's popup changes the defaults)", () => {
  function patch(token: string, body: unknown) {
    return app.client().fetch("/api/v1/me", bearer(token, { method: "PATCH", headers: { "Content-Type": "application/json", Origin: EXTENSION }, body: JSON.stringify(body) }));
  }

  it("changes the named settings, keeps the others, and the dashboard shows them", async () => {
    const client = await signUpThroughApp(app, "popup@example.com");
    const token = await createToken(client, "Browser extension");
    const before = (await (await app.client().fetch("/api/v1/me", bearer(token))).json()) as { settings: Record<string, unknown> };

    const response = await patch(token, { settings: { defaultTone: "friendly", defaultMessageType: "linkedin" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(EXTENSION);
    const account = (await response.json()) as { email: string; settings: Record<string, unknown> };
    expect(account.email).toBe("popup@example.com");
    expect(account.settings).toEqual({ ...before.settings, defaultTone: "friendly", defaultMessageType: "linkedin" });

    const settingsPage = (await client.html("/dashboard/settings")).html;
    expect(settingsPage).toMatch(/<option value="friendly" selected="">/);
    expect(settingsPage).toMatch(/<option value="linkedin" selected="">/);
  });

  it("writes only the settings it names: a change saved meanwhile by another caller stays", async () => {
    const client = await signUpThroughApp(app, "meanwhile@example.com");
    const token = await createToken(client, "Browser extension");
    const [user] = await app.backend.sql<{ id: string }>("select id from auth.users where email = $1", ["meanwhile@example.com"]);
    // Another save (the dashboard's, the popup's next change) lands after this request read the
    // account and before it writes.
    app.server.use(
      http.patch(`${LOCAL_SUPABASE_URL}/rest/v1/user_settings`, async () => {
        await app.backend.sql("update public.user_settings set default_message_type = 'email' where user_id = $1", [user!.id]);
      }, { once: true }),
    );
    const response = await patch(token, { settings: { defaultTone: "friendly" } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { settings: Record<string, unknown> }).settings).toMatchObject({ defaultTone: "friendly", defaultMessageType: "email" });
  });

  it("refuses an unknown tone, an unknown setting and a missing body with 400 naming the field, and changes nothing", async () => {
    const client = await signUpThroughApp(app, "strict@example.com");
    const token = await createToken(client, "Browser extension");
    const before = await (await app.client().fetch("/api/v1/me", bearer(token))).json();
    for (const [body, field] of [
      [{ settings: { defaultTone: "sarcastic" } }, "settings.defaultTone"],
      [{ settings: { tier: "pro" } }, "settings.tier"],
      [{}, "settings"],
    ] as const) {
      const response = await patch(token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { code: string; field: string } }).error).toMatchObject({ code: "invalid_request", field });
    }
    expect(await (await app.client().fetch("/api/v1/me", bearer(token))).json()).toEqual(before);
  });

  it("needs credentials: without a token or a session, 401 and nothing changes", async () => {
    const client = await signUpThroughApp(app, "notoken@example.com");
    const response = await app.client().fetch("/api/v1/me", { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ settings: { defaultTone: "casual" } }) });
    expect(response.status).toBe(401);
    expect((await client.html("/dashboard/settings")).html).not.toMatch(/<option value="casual" selected="">/);
  });
});
