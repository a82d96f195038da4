/**
 * Who is signed in, checked locally (issue 13, decision 027): a dashboard page is let in on the
 * access token's claims, verified against the published signing key (ES256, fetched once and
 * cached), with no call to Auth's `/user`; a forged, expired or wrongly signed token goes to
 * /auth; a token signed with the shared secret (a project without signing keys) is checked by
 * Auth instead; a session ended elsewhere can still read for the minutes its token has left,
 * but cannot start a payment or make a credential; the layout's summary is one database request.
 */
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from "jose";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCAL_JWT_SECRET } from "../../../emulators/config.ts";
import { appForThisFile, signUpThroughApp, toastsIn, type AppClient } from "./app-harness.ts";

const app = appForThisFile();
const PASSWORD = "Correct-Horse-9";

/** Every request the app made to the local Supabase, as "METHOD /path". */
let requests: string[] = [];
let jwksFetches = 0;
beforeAll(() => {
  app.server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === "/auth/v1/.well-known/jwks.json") jwksFetches++;
    requests.push(`${request.method} ${url.pathname}`);
  });
});
beforeEach(() => {
  requests = [];
});

/** What one request asked of Supabase. */
async function during<T>(work: () => Promise<T>): Promise<{ result: T; calls: string[] }> {
  requests = [];
  const result = await work();
  return { result, calls: [...requests] };
}

// ——— the session cookie, as @supabase/ssr writes it ("base64-" + base64url JSON, maybe in chunks) ———

type StoredSession = { access_token: string; expires_at: number; [key: string]: unknown };

function sessionCookieName(client: AppClient): string {
  const name = [...client.cookies.keys()].find((candidate) => /-auth-token(\.0)?$/.test(candidate));
  if (!name) throw new Error("No session cookie");
  return name.replace(/\.0$/, "");
}

function readSession(client: AppClient): StoredSession {
  const base = sessionCookieName(client);
  const whole = client.cookies.get(base) ?? [...client.cookies].filter(([name]) => name.startsWith(`${base}.`)).map(([, value]) => value).join("");
  return JSON.parse(Buffer.from(decodeURIComponent(whole).replace(/^base64-/, ""), "base64url").toString("utf8")) as StoredSession;
}

function writeSession(client: AppClient, session: StoredSession) {
  const base = sessionCookieName(client);
  for (const name of [...client.cookies.keys()]) if (name.startsWith(base)) client.cookies.delete(name);
  client.cookies.set(base, `base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`);
}

/** The client's session with its access token replaced (claims kept unless changed). */
async function withAccessToken(client: AppClient, sign: (claims: Record<string, unknown>) => Promise<string>, claims: Record<string, unknown> = {}) {
  const session = readSession(client);
  const original = decodeJwt(session.access_token);
  writeSession(client, { ...session, access_token: await sign({ ...original, ...claims }) });
}

const otherKey = () => generateKeyPair("ES256").then((pair) => pair.privateKey);

function expectSignedOut(response: Response, client: AppClient, location = "/auth") {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(location);
  expect([...client.cookies.keys()].filter((name) => name.includes("-auth-token"))).toEqual([]);
}

describe("a dashboard page with a valid session", () => {
  it("renders without asking Auth who the user is, and reads the layout's summary in one request", async () => {
    const client = await signUpThroughApp(app, "local@example.com", "Lena Local");
    expect(decodeProtectedHeader(readSession(client).access_token)).toMatchObject({ alg: "ES256" });
    const { result: page, calls } = await during(() => client.html("/dashboard"));
    expect(page.status).toBe(200);
    expect(page.html).toContain("local@example.com");
    expect(calls).not.toContain("GET /auth/v1/user");
    // At most the signing key set, the first time this process sees the key; nothing else of Auth.
    expect(calls.filter((call) => call.includes("/auth/v1/") && call !== "GET /auth/v1/.well-known/jwks.json")).toEqual([]);
    const second = await during(() => client.fetch("/dashboard"));
    expect(second.result.status).toBe(200);
    expect(second.calls.filter((call) => call.includes("/auth/v1/"))).toEqual([]);
    // One call for the layout and the page together: the summary, the settings and the chart's
    // activity (dashboard_summary), none of the reads they used to make apart.
    const rest = calls.filter((call) => call.includes("/rest/v1/"));
    expect(rest).toEqual(["POST /rest/v1/rpc/dashboard_summary"]);

    const account = await during(() => client.html("/dashboard/account"));
    expect(account.result.html).toContain("Lena Local");
    expect(account.result.html).toContain(new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }));
    expect(account.calls).not.toContain("GET /auth/v1/user");
    // The summary once; the page's own read (its access tokens) besides.
    expect(account.calls.filter((call) => call.includes("/rest/v1/")).sort()).toEqual(["GET /rest/v1/access_tokens", "POST /rest/v1/rpc/dashboard_summary"]);
  });
});

describe("a token that does not verify", () => {
  it("signed by another key (under the published kid) is refused: /auth, cookies cleared", async () => {
    const client = await signUpThroughApp(app, "wrongkey@example.com");
    const { kid } = decodeProtectedHeader(readSession(client).access_token);
    const key = await otherKey();
    await withAccessToken(client, (claims) => new SignJWT(claims).setProtectedHeader({ alg: "ES256", typ: "JWT", kid: kid! }).sign(key));
    expectSignedOut(await client.fetch("/dashboard"), client);
  });

  it("with claims changed after signing (another user's id) is refused", async () => {
    const victim = await signUpThroughApp(app, "victim@example.com");
    const victimId = decodeJwt(readSession(victim).access_token).sub!;
    const client = await signUpThroughApp(app, "forger@example.com");
    const session = readSession(client);
    const [header, , signature] = session.access_token.split(".");
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(session.access_token), sub: victimId })).toString("base64url");
    writeSession(client, { ...session, access_token: `${header}.${payload}.${signature}` });
    expectSignedOut(await client.fetch("/dashboard"), client);
  });

  /**
   * The client's token, validly signed, with its session claiming another hour (so nothing
   * refreshes it), asked for /dashboard when the app's clock is a minute past the token's `exp`:
   * the app checks `exp` itself, whatever the cookie says.
   */
  async function expectRefusedOnceExpired(client: AppClient) {
    const session = readSession(client);
    const { exp } = decodeJwt(session.access_token);
    writeSession(client, { ...session, expires_at: exp! + 3600 });
    vi.useFakeTimers({ toFake: ["Date"], now: (exp! + 60) * 1000 });
    try {
      expectSignedOut(await client.fetch("/dashboard"), client);
    } finally {
      vi.useRealTimers();
    }
  }

  it("expired, seen for the first time (the cookie claiming otherwise), is refused", async () => {
    await expectRefusedOnceExpired(await signUpThroughApp(app, "expired@example.com"));
  });

  it("checked once and remembered, is refused once it expires, whatever the cookie says", async () => {
    const client = await signUpThroughApp(app, "remembered@example.com");
    expect((await client.fetch("/dashboard")).status).toBe(200);
    await expectRefusedOnceExpired(client);
  });

  it("with an unsupported algorithm or no signature at all is refused", async () => {
    const client = await signUpThroughApp(app, "none@example.com");
    const session = readSession(client);
    const [, payload] = session.access_token.split(".");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    writeSession(client, { ...session, access_token: unsigned });
    expectSignedOut(await client.fetch("/dashboard"), client);

    const again = await signUpThroughApp(app, "ps256@example.com");
    const { kid } = decodeProtectedHeader(readSession(again).access_token);
    const again2 = readSession(again);
    const [, payload2, signature2] = again2.access_token.split(".");
    const relabelled = `${Buffer.from(JSON.stringify({ alg: "PS256", typ: "JWT", kid })).toString("base64url")}.${payload2}.${signature2}`;
    writeSession(again, { ...again2, access_token: relabelled });
    expectSignedOut(await again.fetch("/dashboard"), again);
  });
});

describe("a project signing with the shared secret (HS256, no signing keys)", () => {
  it("is checked by Auth (GET /user) instead of locally", async () => {
    const client = await signUpThroughApp(app, "legacy@example.com");
    const secret = new TextEncoder().encode(LOCAL_JWT_SECRET);
    await withAccessToken(client, (claims) => new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret));
    const { result: page, calls } = await during(() => client.fetch("/dashboard"));
    expect(page.status).toBe(200);
    expect(calls.filter((call) => call === "GET /auth/v1/user")).toHaveLength(1);
  });

  it("a token signed with the wrong secret is refused by Auth", async () => {
    const client = await signUpThroughApp(app, "legacy-forged@example.com");
    const wrong = new TextEncoder().encode("not-the-project-secret-but-32-characters-long");
    await withAccessToken(client, (claims) => new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(wrong));
    const { result, calls } = await during(() => client.fetch("/dashboard"));
    expect(calls).toContain("GET /auth/v1/user");
    expectSignedOut(result, client);
  });
});

describe("a session ended elsewhere (signed out everywhere)", () => {
  async function revokedSession(email: string) {
    const client = await signUpThroughApp(app, email);
    const elsewhere = app.client();
    const signIn = await elsewhere.post("/auth", { mode: "signin", email, password: PASSWORD });
    expect(signIn.headers.get("Location")).toBe("/dashboard");
    // Sign Out ends every session of the account (scope global).
    await elsewhere.post("/auth/sign-out", {});
    const rows = await app.backend.sql<{ count: number }>("select count(*)::int as count from auth.sessions");
    expect(rows[0]!.count).toBe(0);
    return client;
  }

  it("still reads until its access token expires (at most 15 minutes), with no call to Auth", async () => {
    const client = await revokedSession("reads@example.com");
    const { result, calls } = await during(() => client.fetch("/dashboard"));
    expect(result.status).toBe(200);
    expect(calls).not.toContain("GET /auth/v1/user");
  });

  it("cannot start a checkout or open the billing portal", async () => {
    const client = await revokedSession("money@example.com");
    const upgrade = await client.post("/dashboard/subscription", { intent: "upgrade" });
    expect(upgrade.status).toBe(303);
    expect(upgrade.headers.get("Location")).toBe("/auth?redirectTo=%2Fdashboard%2Fsubscription");
    const html = await (await client.fetch("/auth?redirectTo=%2Fdashboard%2Fsubscription")).text();
    expect(toastsIn(html).length).toBe(1);
    const customers = await app.backend.sql<{ count: number }>("select count(*)::int as count from public.billing_customers");
    expect(customers[0]!.count).toBe(0);
    expect((await client.fetch("/dashboard")).status).toBe(302);
  });

  it("cannot create an access token or approve the extension", async () => {
    const client = await revokedSession("creds@example.com");
    const token = await client.post("/dashboard/account", { intent: "create-token", name: "Stolen laptop" });
    expect(token.status).toBe(302);
    expect(token.headers.get("Location")).toBe("/auth?redirectTo=%2Fdashboard%2Faccount");
    const tokens = await app.backend.sql<{ count: number }>("select count(*)::int as count from public.access_tokens");
    expect(tokens[0]!.count).toBe(0);

    const other = await revokedSession("connect-revoked@example.com");
    const query = `code_challenge=${"a".repeat(43)}&code_challenge_method=S256&state=state-12345`;
    const approve = await other.post(`/extension/connect?${query}`, { decision: "approve" });
    expect(approve.status).toBe(302);
    expect(approve.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/extension/connect?${query}`)}`);
  });
});

describe("the API called with a session ended elsewhere", () => {
  it("still reads, but changes no setting, spends no message and saves no reminder", async () => {
    const client = await signUpThroughApp(app, "api-revoked@example.com");
    const elsewhere = app.client();
    await elsewhere.post("/auth", { mode: "signin", email: "api-revoked@example.com", password: PASSWORD });
    await elsewhere.post("/auth/sign-out", {});
    const json = (method: string, body: unknown): RequestInit => ({ method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

    expect((await client.fetch("/api/v1/me")).status).toBe(200);
    const settings = await client.fetch("/api/v1/me", json("PATCH", { settings: { defaultTone: "persuasive" } }));
    expect(settings.status).toBe(401);
    const optimize = await client.fetch("/api/v1/optimize", json("POST", { text: "hi sam, are we still on for the review call on friday?", tone: "friendly" }));
    expect(optimize.status).toBe(401);
    const reminder = await client.fetch("/api/v1/follow-ups", json("POST", { label: "Call Sam back", dueAt: new Date(Date.now() + 86_400_000).toISOString() }));
    expect(reminder.status).toBe(401);

    const [row] = await app.backend.sql<{ default_tone: string; used: number; reminders: number }>(
      `select s.default_tone, (select coalesce(sum(message_count), 0)::int from public.usage_tracking t where t.user_id = u.id) as used,
              (select count(*)::int from public.follow_ups f where f.user_id = u.id) as reminders
         from public.user_settings s join auth.users u on u.id = s.user_id where u.email = $1`,
      ["api-revoked@example.com"],
    );
    expect(row).toEqual({ default_tone: "professional", used: 0, reminders: 0 });
  });
});

describe("an account deleted while its token lives", () => {
  it("ends the session at the next page", async () => {
    const client = await signUpThroughApp(app, "gone@example.com");
    await app.backend.sql("delete from auth.users where email = $1", ["gone@example.com"]);
    expectSignedOut(await client.fetch("/dashboard"), client);
  });
});

describe("the signing key set", () => {
  it("was fetched once for every request of this file, then served from the cache", async () => {
    const client = await signUpThroughApp(app, "cached@example.com");
    for (let i = 0; i < 3; i++) expect((await client.fetch("/dashboard")).status).toBe(200);
    expect(jwksFetches).toBe(1);
  });
});
