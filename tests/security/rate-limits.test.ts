/**
 * Finding 2 (issue 10): every form that costs something (a password guess, an email sent, a
 * Stripe session) is limited per client address and per account or email, decided in Postgres.
 * A refused form answers 429 with Retry-After, a toast, and what was typed still there.
 */
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { http, HttpResponse } from "msw";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createExpressApp, parseTrustProxy } from "../../express-app.ts";
import { LOCAL_STRIPE_URL, LOCAL_SUPABASE_URL } from "../../emulators/config.ts";
import { APP_ORIGIN, followEmailLink, signUpThroughApp, toastsIn, type AppClient } from "../integration/app/app-harness.ts";
import { billingAppForThisFile, manage, upgrade } from "../integration/billing/billing-harness.ts";

const app = billingAppForThisFile();
const PASSWORD = "Correct-Horse-9";
const MINUTE = 60_000;

afterEach(() => vi.restoreAllMocks());

/**
 * Moves the backend's clock to the start of an hour, so every window has its full length ahead.
 * Call it before signing anyone in: a session's tokens would not survive the jump.
 */
function startOfAnHour() {
  app.backend.clock.advanceToNextWindow(60 * MINUTE);
}

function from(address: string): AppClient {
  return app.client({ address });
}

function signIn(client: AppClient, email: string, password: string) {
  return client.post("/auth", { mode: "signin", email, password });
}

async function expectRefused(response: Response, minutes: number): Promise<string> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  const html = (await response.text()).replaceAll("<!-- -->", "");
  expect(toastsIn(html)).toContain(`Too many attempts / For your security, please wait ${minutes} minutes and try again.`);
  return html;
}

describe("sign-in", () => {
  it("refuses the 11th try at one account in 15 minutes from any address, keeps the email typed, and opens again after", async () => {
    await signUpThroughApp(app, "target@example.com");
    await signUpThroughApp(app, "bystander@example.com");
    startOfAnHour();
    for (let i = 0; i < 10; i++) {
      const guess = await signIn(from(`198.51.100.${i}`), "target@example.com", `Wrong-Guess-${i}`);
      expect(guess.status).toBe(200);
    }
    const owner = from("203.0.113.7");
    const html = await expectRefused(await signIn(owner, "target@example.com", PASSWORD), 15);
    expect(html).toContain('value="target@example.com"');
    expect(html).not.toContain(PASSWORD);
    expect([...owner.cookies.keys()].some((name) => name.includes("-auth-token"))).toBe(false);

    // Another account from the same address is not affected.
    expect((await signIn(owner, "bystander@example.com", PASSWORD)).headers.get("Location")).toBe("/dashboard");

    app.backend.clock.advance(15 * MINUTE);
    expect((await signIn(from("203.0.113.7"), "target@example.com", PASSWORD)).headers.get("Location")).toBe("/dashboard");
  });

  it("refuses one address after 50 tries at any accounts; another address goes on", async () => {
    startOfAnHour();
    const guesser = from("192.0.2.1");
    for (let i = 0; i < 50; i++) {
      expect((await signIn(guesser, `person${i}@example.com`, "Wrong-Guess-1")).status).toBe(200);
    }
    await expectRefused(await signIn(guesser, "person50@example.com", "Wrong-Guess-1"), 15);
    expect((await signIn(from("192.0.2.2"), "person50@example.com", "Wrong-Guess-1")).status).toBe(200);
  });
});

describe("emails sent on request", () => {
  it("sign-up: a 4th sign-up of one email in an hour is refused and sends nothing; the fields stay", async () => {
    startOfAnHour();
    for (let i = 0; i < 3; i++) {
      const attempt = await from(`198.51.100.${i}`).post("/auth?mode=signup", { mode: "signup", fullName: "Pat Doe", email: "bombed@example.com", password: PASSWORD });
      expect(attempt.status).toBe(200);
    }
    const sent = app.backend.mailbox.messages("bombed@example.com").length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(3);
    const refused = await from("203.0.113.9").post("/auth?mode=signup", { mode: "signup", fullName: "Pat Doe", email: "Bombed@Example.com ", password: PASSWORD });
    const html = await expectRefused(refused, 60);
    expect(html).toContain('value="Pat Doe"');
    expect(app.backend.mailbox.messages("bombed@example.com")).toHaveLength(sent);
  });

  it("sign-up: one address makes at most 20 accounts an hour", async () => {
    startOfAnHour();
    const client = from("192.0.2.20");
    for (let i = 0; i < 20; i++) {
      const attempt = await client.post("/auth?mode=signup", { mode: "signup", fullName: "Bulk", email: `bulk${i}@example.com`, password: PASSWORD });
      expect(attempt.status).toBe(200);
    }
    await expectRefused(await client.post("/auth?mode=signup", { mode: "signup", fullName: "Bulk", email: "bulk20@example.com", password: PASSWORD }), 60);
    expect(app.backend.mailbox.messages("bulk20@example.com")).toHaveLength(0);
    expect((await from("192.0.2.21").post("/auth?mode=signup", { mode: "signup", fullName: "Bulk", email: "bulk20@example.com", password: PASSWORD })).status).toBe(200);
  });

  it("sign-up: an IPv6 client counts as its /64, whichever address of it each request comes from", async () => {
    startOfAnHour();
    for (let i = 0; i < 20; i++) {
      const attempt = await from(`2001:db8:5:6:${i.toString(16)}::1`).post("/auth?mode=signup", { mode: "signup", fullName: "Bulk", email: `v6bulk${i}@example.com`, password: PASSWORD });
      expect(attempt.status).toBe(200);
    }
    await expectRefused(await from("2001:db8:5:6:ffff::2").post("/auth?mode=signup", { mode: "signup", fullName: "Bulk", email: "v6bulk20@example.com", password: PASSWORD }), 60);
    expect(app.backend.mailbox.messages("v6bulk20@example.com")).toHaveLength(0);
    expect((await from("2001:db8:5:7::1").post("/auth?mode=signup", { mode: "signup", fullName: "Bulk", email: "v6bulk20@example.com", password: PASSWORD })).status).toBe(200);
  });

  it("password reset: the 4th reset email to one address in an hour is refused and not sent", async () => {
    await signUpThroughApp(app, "reset@example.com");
    startOfAnHour();
    for (let i = 0; i < 3; i++) {
      expect((await from(`198.51.100.${i}`).post("/auth/forgot-password", { email: "reset@example.com" })).status).toBe(200);
    }
    const resets = () => app.backend.mailbox.messages("reset@example.com").filter((mail) => mail.links.some((link) => link.includes("type=recovery")));
    const sent = resets().length;
    expect(sent).toBeGreaterThan(0);
    const html = await expectRefused(await from("203.0.113.1").post("/auth/forgot-password", { email: "reset@example.com" }), 60);
    expect(html).toContain('value="reset@example.com"');
    expect(resets()).toHaveLength(sent);
  });

  it("newsletter: the 4th sign-up of one address in an hour is refused, with the reason next to the field", async () => {
    startOfAnHour();
    for (let i = 0; i < 3; i++) {
      expect((await from(`198.51.100.${i}`).post("/blog", { email: "reader@example.com" })).status).toBe(200);
    }
    const html = await expectRefused(await from("203.0.113.2").post("/blog", { email: "reader@example.com" }), 60);
    expect(html).toContain('id="newsletter-error"');
    expect(html).toContain("For your security, please wait 60 minutes and try again.");
    expect(html).toContain('value="reader@example.com"');
  });
});

describe("signed-in actions", () => {
  it("a new password: at most 5 changes per account in 15 minutes", async () => {
    startOfAnHour();
    await signUpThroughApp(app, "changer@example.com");
    const client = from("198.51.100.50");
    await client.post("/auth/forgot-password", { email: "changer@example.com" });
    const link = app.backend.mailbox.messages("changer@example.com")[0]!.links.find((candidate) => candidate.includes("type=recovery"))!;
    expect((await followEmailLink(client, link)).headers.get("Location")).toBe("/auth/reset-password");
    for (let i = 0; i < 5; i++) {
      const change = await client.post("/auth/reset-password", { password: `New-Secret-${i}0`, confirmPassword: `New-Secret-${i}0` });
      expect(change.status).toBe(302);
      // Signed in again by the change: back to the reset page for the next one.
    }
    await expectRefused(await client.post("/auth/reset-password", { password: "New-Secret-99", confirmPassword: "New-Secret-99" }), 15);
    expect((await signIn(from("198.51.100.51"), "changer@example.com", "New-Secret-40")).headers.get("Location")).toBe("/dashboard");
  });

  it("billing: 10 Stripe sessions per account in 10 minutes, Checkout and portal together", async () => {
    startOfAnHour();
    const client = await signUpThroughApp(app, "clicker@example.com");
    for (let i = 0; i < 10; i++) expect((await upgrade(client)).status).toBe(303);

    const stripeCalls: string[] = [];
    const countStripeCalls = ({ request }: { request: Request }) => {
      if (request.url.startsWith(LOCAL_STRIPE_URL)) stripeCalls.push(request.url);
    };
    app.server.events.on("request:start", countStripeCalls);
    try {
      await expectRefused(await client.post("/dashboard/subscription", { intent: "upgrade" }), 10);
      expect((await manage(client)).status).toBe(429);
    } finally {
      app.server.events.removeListener("request:start", countStripeCalls);
    }
    expect(stripeCalls).toEqual([]);

    app.backend.clock.advance(10 * MINUTE);
    expect((await upgrade(client)).location).toMatch(new RegExp(`^${LOCAL_STRIPE_URL}/checkout/`));
  });
});

describe("the counters", () => {
  it("keep no email or address in clear", async () => {
    await signIn(from("198.51.100.77"), "private@example.com", "Wrong-Guess-1");
    await from("198.51.100.77").post("/blog", { email: "private@example.com" });
    const keys = (await app.backend.sql<{ key: string }>("select key from public.rate_limits")).map((row) => row.key);
    expect(keys.length).toBeGreaterThanOrEqual(4);
    for (const key of keys) {
      expect(key).toMatch(/^[a-zA-Z]+:(address|subject):[0-9a-f]{32}$/);
    }
  });

  it("are dropped once their window is long over, whoever they belong to; no window is longer than a day", async () => {
    const counters = async () => (await app.backend.sql<{ n: number }>("select count(*)::int as n from public.rate_limits"))[0]!.n;
    await signIn(from("198.51.100.81"), "once@example.com", "Wrong-Guess-1");
    expect(await counters()).toBe(2); // the address's and the email's, never used again
    app.backend.clock.advance(47 * 60 * MINUTE);
    await signIn(from("198.51.100.82"), "later@example.com", "Wrong-Guess-1");
    expect(await counters()).toBe(4); // two days have not passed: the first two stay
    app.backend.clock.advance(2 * 60 * MINUTE);
    await signIn(from("198.51.100.83"), "last@example.com", "Wrong-Guess-1");
    const left = await app.backend.sql<{ age: string }>("select (now() - window_start)::text as age from public.rate_limits order by window_start");
    expect(left).toHaveLength(4); // the first visitor's are gone
    expect(left.every(({ age }) => !age.includes("day"))).toBe(true);

    await expect(app.backend.sql("select * from public.hit_rate_limit('longer', 1, 86401)")).rejects.toThrow(/window from 1 second to a day/);
  });

  it("let the form go ahead when they cannot be reached, and log no email", async () => {
    await signUpThroughApp(app, "steady@example.com");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    app.server.use(http.post(`${LOCAL_SUPABASE_URL}/rest/v1/rpc/hit_rate_limits`, () => HttpResponse.json({ message: "down" }, { status: 503 })));
    expect((await signIn(from("198.51.100.80"), "steady@example.com", PASSWORD)).headers.get("Location")).toBe("/dashboard");
    const logged = errors.mock.calls.flat().join("\n");
    expect(logged).toContain("[rate-limit] signIn: counter unavailable");
    expect(logged).not.toContain("steady@example.com");
    expect(logged).not.toContain("198.51.100.80");
  });
});

describe("the client's address on the Node server", () => {
  const BUILD = path.resolve(import.meta.dirname, "../../build/server/index.js");

  async function serve(trustProxy: string | undefined) {
    const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
    const server = createExpressApp({ build, clientDirectory: path.resolve(import.meta.dirname, "../../build/client"), trustProxy: parseTrustProxy(trustProxy) }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const post = (pathname: string, fields: Record<string, string>, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const body = new URLSearchParams(fields).toString();
        const request = httpRequest(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: pathname,
            headers: {
              ...headers,
              Host: new URL(APP_ORIGIN).host,
              Origin: APP_ORIGIN,
              "Sec-Fetch-Site": "same-origin",
              "Content-Type": "application/x-www-form-urlencoded",
              "Content-Length": Buffer.byteLength(body),
            },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    return { post, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  async function askForResets(post: (pathname: string, fields: Record<string, string>, headers: Record<string, string>) => Promise<number>, count: number, headers: (i: number) => Record<string, string>) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push(await post("/auth/forgot-password", { email: `nobody${i}@example.com` }, headers(i)));
    return statuses;
  }

  it("is the socket's by default: forged forwarding headers do not make a new client", async () => {
    startOfAnHour();
    const node = await serve(undefined);
    try {
      const statuses = await askForResets(node.post, 21, (i) => ({ "X-Forwarded-For": `203.0.113.${i}`, "X-Tonewise-Client-Address": `203.0.113.${i}` }));
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
      expect(statuses[20]).toBe(429);
    } finally {
      await node.close();
    }
  });

  it("is the one a trusted proxy reports (TRUST_PROXY)", async () => {
    startOfAnHour();
    const node = await serve("loopback");
    try {
      const statuses = await askForResets(node.post, 21, () => ({ "X-Forwarded-For": "203.0.113.10" }));
      expect(statuses[20]).toBe(429);
      expect(await node.post("/auth/forgot-password", { email: "nobody@example.com" }, { "X-Forwarded-For": "203.0.113.11" })).toBe(200);
    } finally {
      await node.close();
    }
  });
});
