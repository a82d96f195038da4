/**
 * Forged requests (issue 10): no route that changes state can be driven by another site. Every
 * route with an action — found in the production server build's route table, not listed by hand —
 * is sent a signed-in victim's cookies with what a foreign page's form makes a browser send, and
 * must refuse it and change nothing: not the database, not the mailbox, not Stripe, not the
 * victim's session. The two routes that authenticate by something other than cookies (the Stripe
 * webhook's signature, the extension's one-time code) are exempt from the Origin check and must
 * refuse the forgery on their own terms.
 *
 * Who answers: React Router refuses a document or `.data` action whose Origin names another host
 * (400, before any middleware); the app's CSRF middleware (app/lib/csrf.server.ts) refuses the
 * rest — resource routes, and requests that say `Sec-Fetch-Site` but carry no Origin — with 403.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_ORIGIN, appForThisFile, signUpThroughApp, type AppClient } from "../integration/app/app-harness.ts";
import { stripe, WEBHOOK_PATH } from "../integration/billing/billing-harness.ts";

const app = appForThisFile();

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILD = path.join(ROOT, "build/server/index.js");
if (!existsSync(BUILD)) throw new Error("No server build: run `npm run build` first.");
const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
// The forgeries go straight to a handler of the same build: AppClient would add the same-origin
// Origin and Sec-Fetch-Site a request leaves out, and some forgeries must leave Origin out.
const handler = createRequestHandler(build, "production");

const EVIL = "https://evil.example";
const EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
const VICTIM = "victim@example.com";
const VICTIM_NAME = "Victor Victim";
const MALLORY = "mallory@example.com";
const PASSWORD = "Correct-Horse-9";

type Route = NonNullable<ServerBuild["routes"][string]>;

/** What a browser sends when another site's page submits a form to us. */
type Forger = { name: string; headers: Record<string, string>; sendsOrigin: boolean };
const FORGERS: Forger[] = [
  { name: "a foreign page's form (Origin and Sec-Fetch-Site)", headers: { Origin: EVIL, "Sec-Fetch-Site": "cross-site" }, sendsOrigin: true },
  { name: "a browser without Fetch Metadata (Origin only)", headers: { Origin: EVIL }, sendsOrigin: true },
  { name: "a request without Origin (Sec-Fetch-Site: cross-site)", headers: { "Sec-Fetch-Site": "cross-site" }, sendsOrigin: false },
  { name: "a sandboxed frame or data: URL (Origin: null)", headers: { Origin: "null" }, sendsOrigin: true },
  { name: "a sibling subdomain (Sec-Fetch-Site: same-site)", headers: { "Sec-Fetch-Site": "same-site" }, sendsOrigin: false },
];

/**
 * A request body as a foreign page can make a browser send it (no preflight needed). `headers`
 * only for the webhook's Stripe-Signature, which a page cannot set but any other client can.
 */
type Submission = { type: string; body: string; headers?: Record<string, string> };
const form = (fields: Record<string, string>): Submission => ({ type: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() });
/** `<form enctype="text/plain">` can carry a JSON-looking body to a JSON endpoint. */
const textPlainJson = (value: object): Submission => ({ type: "text/plain", body: JSON.stringify(value) });

/**
 * How to reach a route whose pattern has a dynamic segment, or whose action does nothing without
 * a query. A new route with a dynamic segment must be added here: the suite fails until it is.
 */
const HOW_TO_REACH: Record<string, string> = {
  "routes/blog/article": `/blog/${aRealPostSlug()}`,
  "routes/extension/connect": `/extension/connect?${new URLSearchParams({ code_challenge: "E".repeat(43), code_challenge_method: "S256", state: "forged-state" })}`,
  "routes/api/v1/not-found": "/api/v1/no-such-endpoint",
  "routes/api/v1/follow-up": "/api/v1/follow-ups/00000000-0000-4000-8000-000000000000",
  "routes/not-found": "/no-such-page",
};

/**
 * What a forger would submit to each route: what would take effect if sent by the victim's own
 * page (`takesEffect` says so, and the suite checks it, so the forgeries are real ones). A route
 * with an action but no entry here is still tested, with an empty form.
 */
type Forgery = { submissions: () => Promise<Submission[]>; takesEffect: boolean };
const FORGERIES: Record<string, Forgery> = {
  // The newsletter: a row for whoever the forger names.
  "routes/blog/index": { submissions: async () => [form({ email: "forged-subscriber@example.com" })], takesEffect: true },
  // Login CSRF (the victim signed in as the forger) and sign-ups in the victim's name.
  "routes/auth/auth": {
    submissions: async () => {
      await signUpThroughApp(app, MALLORY, "Mallory Attacker");
      return [form({ mode: "signin", email: MALLORY, password: PASSWORD }), form({ mode: "signup", fullName: "Forged", email: "forged-signup@example.com", password: PASSWORD })];
    },
    takesEffect: true,
  },
  // The forger's own emailed link, completed in the victim's browser (see login-csrf.test.ts).
  "routes/auth/confirm": {
    submissions: async () => [form({ token_hash: await mallorysRecoveryTokenHash(), type: "recovery", next: "", email: MALLORY })],
    takesEffect: true,
  },
  "routes/auth/forgot-password": { submissions: async () => [form({ email: VICTIM })], takesEffect: true },
  // The victim signed in from an emailed link minutes ago, so their session may set a password.
  "routes/auth/reset-password": { submissions: async () => [form({ password: "Attacker-Chosen-9", confirmPassword: "Attacker-Chosen-9" })], takesEffect: true },
  "routes/auth/sign-out": { submissions: async () => [form({})], takesEffect: true },
  // Try it: spends the victim's monthly messages.
  "routes/dashboard/home": {
    submissions: async () => [form({ text: "hey can u send me the report by friday", tone: "friendly", messageType: "email" })],
    takesEffect: true,
  },
  // Each creates a Stripe session (Checkout, or the billing portal).
  "routes/dashboard/subscription": { submissions: async () => [form({ intent: "upgrade" }), form({ intent: "manage" })], takesEffect: true },
  // A reminder in the victim's list, and their reminders marked done or deleted.
  "routes/dashboard/follow-ups": {
    submissions: async () => [form({ intent: "create", label: "Forged reminder", url: "https://evil.example/", when: "tomorrow" })],
    takesEffect: true,
  },
  "routes/dashboard/settings": {
    submissions: async () => [form({ defaultTone: "casual", defaultMessageType: "linkedin", usageAnalytics: "on", notifications: "on" })],
    takesEffect: true,
  },
  "routes/dashboard/account": {
    submissions: async () => [form({ fullName: "Pwned By Evil" }), form({ intent: "create-token", name: "Forged token" })],
    takesEffect: true,
  },
  // Approving the extension hands a code bound to the forger's PKCE challenge.
  "routes/extension/connect": { submissions: async () => [form({ decision: "approve" })], takesEffect: true },
  "routes/api/v1/optimize": {
    // Spends the victim's monthly messages (a form-encoded body would not even parse as JSON).
    submissions: async () => [textPlainJson({ text: "hey can u send me the report by friday" })],
    takesEffect: true,
  },
  "routes/api/v1/me": { submissions: async () => [textPlainJson({})], takesEffect: false },
  // A reminder in the victim's list, pointing wherever the forger likes.
  "routes/api/v1/follow-ups": {
    submissions: async () => [textPlainJson({ label: "Forged reminder", url: "https://evil.example/", dueAt: new Date().toISOString() })],
    takesEffect: true,
  },
  // Only PATCH and DELETE act here; a form can send neither.
  "routes/api/v1/follow-up": { submissions: async () => [textPlainJson({ done: true })], takesEffect: false },
  "routes/api/v1/not-found": { submissions: async () => [textPlainJson({})], takesEffect: false },
  "routes/api/stripe-webhook": {
    submissions: async () => {
      const event = JSON.stringify({ id: "evt_forged", type: "customer.subscription.deleted", data: { object: { id: "sub_forged" } } });
      return [
        { type: "application/json", body: event },
        { type: "application/json", body: event, headers: { "Stripe-Signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` } },
        { type: "text/plain", body: event, headers: { "Stripe-Signature": "t=1,v1=bad" } },
      ];
    },
    takesEffect: false,
  },
  "routes/api/v1/extension-token": {
    submissions: async () => [
      textPlainJson({ code: "forged-code-0000000000000000000000000000", codeVerifier: "v".repeat(43) }),
      form({ code: "forged-code", codeVerifier: "v".repeat(43) }),
    ],
    takesEffect: false,
  },
};

/**
 * The routes exempt from the Origin check (app/lib/csrf.server.ts), what each answers a forgery
 * instead, and why a forgery gains nothing there. Only these may answer other than 400/403 above.
 */
const EXEMPT: Record<string, { status: number; because: string }> = {
  "routes/api/stripe-webhook": { status: 400, because: "only a valid Stripe-Signature is accepted" },
  "routes/api/v1/extension-token": { status: 400, because: "it reads no cookies: a one-time code and its PKCE verifier, or a Bearer token" },
};

// ---------------------------------------------------------------------------------------------
// Discovery

const routes = Object.values(build.routes).filter((route): route is Route => route !== undefined);
const actionRoutes = routes.filter((route) => typeof route.module.action === "function");

function patternOf(route: Route): string {
  const segments: string[] = [];
  for (let current: Route | undefined = route; current; current = current.parentId ? build.routes[current.parentId] : undefined) {
    if (current.path) segments.unshift(current.path);
  }
  return `/${segments.join("/")}`;
}

/** A URL that reaches this route's action (or answers why it cannot be reached). */
function urlOf(route: Route): { url: string } | { problem: string } {
  const reach = HOW_TO_REACH[route.id];
  if (reach) return { url: reach };
  const pattern = patternOf(route);
  if (/[:*]/.test(pattern)) {
    return { problem: `Route ${route.id} (${pattern}) has a dynamic segment: add a concrete URL for it to HOW_TO_REACH in this file.` };
  }
  // An index route's action is reached with ?index, as React Router's <Form> posts it.
  return { url: route.index ? `${pattern}?index` : pattern };
}

/** The same action through React Router's single-fetch endpoint (what <Form> posts with JS on). */
function dataUrlOf(url: string): string {
  const parsed = new URL(url, APP_ORIGIN);
  parsed.pathname = parsed.pathname === "/" ? "/_root.data" : `${parsed.pathname.replace(/\/$/, "")}.data`;
  return `${parsed.pathname}${parsed.search}`;
}

/** A document route renders a page; React Router checks the Origin of its actions itself. */
function isDocumentRoute(route: Route): boolean {
  return route.module.default != null || route.module.ErrorBoundary != null;
}

/** The status a forgery gets: React Router's 400 for a foreign Origin where it checks, else our 403. */
function refusalStatus(route: Route, url: string, forger: Forger): number {
  const exempt = EXEMPT[route.id];
  const isData = new URL(url, APP_ORIGIN).pathname.endsWith(".data");
  if (exempt && !isData) return exempt.status;
  const reactRouterChecksOrigin = isData || isDocumentRoute(route);
  return reactRouterChecksOrigin && forger.sendsOrigin ? 400 : 403;
}

function aRealPostSlug(): string {
  const directory = path.join(ROOT, "posts");
  for (const file of readdirSync(directory).filter((name) => name.endsWith(".md")).sort()) {
    const slug = /^slug:\s*(\S+)\s*$/m.exec(readFileSync(path.join(directory, file), "utf8"))?.[1];
    if (slug) return slug;
  }
  throw new Error("No blog post with a slug in posts/");
}

// ---------------------------------------------------------------------------------------------
// The victim, the forgeries, and what they could have changed

async function mallorysRecoveryTokenHash(): Promise<string> {
  await signUpThroughApp(app, MALLORY, "Mallory Attacker");
  await app.client().post("/auth/forgot-password", { email: MALLORY });
  const link = app.backend.mailbox
    .messages(MALLORY)
    .flatMap((mail) => mail.links)
    .find((candidate) => candidate.includes("type=recovery"));
  if (!link) throw new Error("No recovery email for the forger");
  return new URL(link).searchParams.get("token_hash")!;
}

/** Sends what the forger's page makes the victim's browser send: the victim's cookies included. */
async function forge(victim: AppClient, url: string, forger: Forger, submission: Submission): Promise<Response> {
  const headers = new Headers({ ...forger.headers, ...submission.headers });
  headers.set("Content-Type", submission.type);
  headers.set("Content-Length", String(new TextEncoder().encode(submission.body).byteLength));
  headers.set("Cookie", [...victim.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
  const request = new Request(new URL(url, APP_ORIGIN), { method: "POST", headers, body: submission.body, redirect: "manual" });
  return handler(request, new RouterContextProvider());
}

type State = { tables: Record<string, string>; mail: number; checkoutSessions: number; stripeCustomers: number };

/** Everything a forgery could change: every row in the database, the mailbox, the local Stripe. */
async function stateNow(): Promise<State> {
  const names = await app.backend.sql<{ name: string }>(
    "select format('%I.%I', table_schema, table_name) as name from information_schema.tables where table_schema in ('public', 'auth') and table_type = 'BASE TABLE' order by 1",
  );
  const tables: Record<string, string> = {};
  for (const { name } of names) {
    const [row] = await app.backend.sql<{ dump: string }>(`select coalesce(string_agg(t::text, E'\\n' order by t::text), '') as dump from ${name} t`);
    tables[name] = row!.dump;
  }
  return {
    tables,
    mail: app.backend.mailbox.messages().length,
    checkoutSessions: (await stripe.checkout.sessions.list({ limit: 100 })).data.length,
    stripeCustomers: (await stripe.customers.list({ limit: 100 })).data.length,
  };
}

/** React Router logs the action it aborted for a foreign Origin; anything else logged is a failure. */
const logged: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  logged.length = 0;
});
function collectErrorLogs() {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" ")));
}

async function expectVictimStillThemselves(victim: AppClient) {
  const dashboard = await victim.fetch("/dashboard");
  expect(dashboard.status, "the victim's dashboard after the forgeries").toBe(200);
  const account = await victim.html("/dashboard/account");
  expect(account.status).toBe(200);
  expect(account.html).toContain(`value="${VICTIM}"`);
  expect(account.html).toContain(`value="${VICTIM_NAME}"`);
}

// ---------------------------------------------------------------------------------------------

describe("route discovery", () => {
  it("finds the routes in the server build, and the build has every route app/routes.ts names", () => {
    const named = [...readFileSync(path.join(ROOT, "app/routes.ts"), "utf8").matchAll(/"(routes\/[^"]+)\.tsx?"/g)].map(([, id]) => id!);
    expect(named.length).toBeGreaterThan(10);
    const built = new Set(routes.map((route) => route.id));
    const missing = named.filter((id) => !built.has(id));
    expect(missing, "routes in app/routes.ts missing from build/: the build is stale, run `npm run build`").toEqual([]);
    expect(actionRoutes.map((route) => route.id)).toEqual(expect.arrayContaining(["routes/auth/sign-out", "routes/dashboard/settings", "routes/api/stripe-webhook"]));
  });

  it("has no stale entries in this file's maps", () => {
    const ids = new Set(routes.map((route) => route.id));
    const actionIds = new Set(actionRoutes.map((route) => route.id));
    for (const id of Object.keys(HOW_TO_REACH)) expect(ids.has(id), `HOW_TO_REACH names ${id}, which is no route`).toBe(true);
    for (const id of [...Object.keys(FORGERIES), ...Object.keys(EXEMPT)]) expect(actionIds.has(id), `${id} has no action any more`).toBe(true);
  });

  it("reaches the routes it needs a concrete URL for", async () => {
    const victim = await signUpThroughApp(app, VICTIM, VICTIM_NAME);
    expect((await victim.fetch(HOW_TO_REACH["routes/blog/article"]!)).status).toBe(200);
    expect((await victim.fetch(HOW_TO_REACH["routes/extension/connect"]!)).status).toBe(200);
  });
});

describe("a cross-site POST to a route with an action", () => {
  for (const route of actionRoutes) {
    const exempt = EXEMPT[route.id];
    const reachable = urlOf(route);
    const where = `POST ${"url" in reachable ? reachable.url : patternOf(route)} (${route.id})`;
    const title = exempt ? `${where}, exempt (${exempt.because}), answers ${exempt.status} and changes nothing` : `${where} is refused and changes nothing`;

    it(title, async () => {
      const reach = reachable;
      if ("problem" in reach) expect.fail(reach.problem);
      const victim = await signUpThroughApp(app, VICTIM, VICTIM_NAME);
      const forgery = FORGERIES[route.id];
      const submissions = forgery ? await forgery.submissions() : [form({})];
      const urls = exempt ? [reach.url] : [reach.url, dataUrlOf(reach.url)];
      const before = await stateNow();

      collectErrorLogs();
      for (const url of urls) {
        for (const forger of FORGERS) {
          for (const submission of submissions) {
            const what = `${forger.name}: POST ${url} (${submission.type})`;
            const response = await forge(victim, url, forger, submission);
            expect(response.status, what).toBe(refusalStatus(route, url, forger));
            expect(response.headers.getSetCookie(), what).toEqual([]);
            expect(response.headers.get("Access-Control-Allow-Origin"), what).toBeNull();
            await response.body?.cancel();
            expect(await stateNow(), what).toEqual(before);
          }
        }
      }
      expect(logged.filter((line) => !/^\[server\] POST \S+: action refused by React Router: /.test(line))).toEqual([]);
      vi.restoreAllMocks();

      // Nothing was set on the victim's browser (no Set-Cookie above), and they are still themselves.
      await expectVictimStillThemselves(victim);

      if (forgery?.takesEffect) {
        // The control: each submission, sent from the victim's own page, does take effect.
        for (const submission of submissions) {
          const stateBefore = await stateNow();
          await victim.fetch(reach.url, { method: "POST", headers: { "Content-Type": submission.type, ...submission.headers }, body: submission.body });
          expect(await stateNow(), `${submission.body} sent same-origin to ${reach.url}`).not.toEqual(stateBefore);
        }
      }
    });
  }
});

describe("a cross-site POST to a route without an action", () => {
  it("is refused before it reaches the route", async () => {
    const victim = await signUpThroughApp(app, VICTIM, VICTIM_NAME);
    const before = await stateNow();
    const reached = new Set<string>();
    collectErrorLogs();
    for (const route of routes.filter((candidate) => typeof candidate.module.action !== "function")) {
      // A pathless layout is never the target of a request of its own.
      if (route.path === undefined && !route.index) continue;
      const reach = urlOf(route);
      if ("problem" in reach) expect.fail(reach.problem);
      reached.add(route.id);
      for (const forger of FORGERS) {
        const response = await forge(victim, reach.url, forger, form({ anything: "at all" }));
        expect(response.status, `${forger.name}: POST ${reach.url}`).toBe(refusalStatus(route, reach.url, forger));
        expect(response.headers.getSetCookie()).toEqual([]);
        await response.body?.cancel();
      }
    }
    vi.restoreAllMocks();
    expect(reached).toContain("routes/resources/healthz");
    expect(reached).toContain("routes/not-found");
    expect(await stateNow()).toEqual(before);
    await expectVictimStillThemselves(victim);
  });
});

describe("the extension's API (/api/v1/*) and a foreign page", () => {
  it("judges a request with an Authorization header by that header alone: the victim's cookies do nothing", async () => {
    const victim = await signUpThroughApp(app, VICTIM, VICTIM_NAME);
    const before = await stateNow();
    // Exempt from the Origin check because it carries its own credentials; a bad token is never
    // rescued by the cookies that came with it.
    const response = await forge(victim, "/api/v1/optimize", FORGERS[0]!, {
      ...textPlainJson({ text: "hey can u send me the report by friday" }),
      headers: { Authorization: "Bearer tw_forgedforgedforgedforgedforgedforgedforge" },
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("unauthorized");
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(await stateNow()).toEqual(before);
  });

  it("gives a foreign origin's preflight no CORS allowance (the extension's gets one)", async () => {
    const preflight = (origin: string) =>
      app.client().fetch("/api/v1/optimize", {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type" },
      });
    const foreign = await preflight(EVIL);
    expect(foreign.status).toBe(204);
    for (const header of ["Access-Control-Allow-Origin", "Access-Control-Allow-Methods", "Access-Control-Allow-Headers", "Access-Control-Allow-Credentials"]) {
      expect(foreign.headers.get(header), header).toBeNull();
    }
    const extension = await preflight(EXTENSION);
    expect(extension.headers.get("Access-Control-Allow-Origin")).toBe(EXTENSION);
    expect(extension.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });

  it("refuses a cross-site call without a token in the API's own shape, readable only by the extension's origin", async () => {
    const victim = await signUpThroughApp(app, VICTIM, VICTIM_NAME);
    const before = await stateNow();
    for (const origin of [EVIL, EXTENSION]) {
      const response = await victim.fetch("/api/v1/me", {
        method: "PATCH",
        headers: { Origin: origin, "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
        body: JSON.stringify({ settings: { defaultTone: "friendly" } }),
      });
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe("forbidden");
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe(origin === EXTENSION ? EXTENSION : null);
    }
    expect(await stateNow()).toEqual(before);
  });

  it("revokes no token for a cross-site DELETE with only the victim's cookies", async () => {
    const victim = await signUpThroughApp(app, VICTIM, VICTIM_NAME);
    expect((await victim.post("/dashboard/account", { intent: "create-token", name: "Laptop" })).status).toBe(200);
    const before = await stateNow();
    const response = await victim.fetch("/api/v1/extension/token", { method: "DELETE", headers: { Origin: EVIL, "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(await stateNow()).toEqual(before);
    expect(await app.backend.sql("select id from public.access_tokens where revoked_at is null")).toHaveLength(1);
  });
});

describe("the Stripe webhook", () => {
  it("is the route Stripe posts to, and refuses an unsigned or badly signed event with 400", async () => {
    expect(patternOf(build.routes["routes/api/stripe-webhook"]!)).toBe(WEBHOOK_PATH);
    const before = await stateNow();
    const event = JSON.stringify({ id: "evt_forged", type: "checkout.session.completed", data: { object: {} } });
    for (const signature of [null, "t=1,v1=bad", `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`]) {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (signature) headers["Stripe-Signature"] = signature;
      const response = await app.client().fetch(WEBHOOK_PATH, { method: "POST", headers, body: event });
      expect(response.status, String(signature)).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid signature" });
    }
    expect(await app.backend.sql("select id from public.stripe_events")).toEqual([]);
    expect(await stateNow()).toEqual(before);
  });
});
