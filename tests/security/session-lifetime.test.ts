/**
 * Finding 5 (issue 10): sessions end. An hour without use, or 12 hours after signing in, the
 * next page asks to sign in again; the session cookies last an hour past the last refresh, never
 * 400 days; email links last an hour.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { appForThisFile, followEmailLink, signUpThroughApp, type AppClient } from "../integration/app/app-harness.ts";

const app = appForThisFile();
const MINUTE = 60_000;

afterEach(() => vi.useRealTimers());

/** Moves time on for the app and the local backend alike (both read the process's clock). */
function later(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

function sessionCookies(response: Response): string[] {
  return response.headers.getSetCookie().filter((cookie) => /-auth-token(\.\d+)?=/.test(cookie) && !/Max-Age=0/i.test(cookie));
}

async function expectSignedIn(client: AppClient) {
  const page = await client.fetch("/dashboard");
  expect(page.status).toBe(200);
  return page;
}

async function expectSentToSignIn(client: AppClient) {
  const page = await client.fetch("/dashboard");
  expect(page.status).toBe(302);
  expect(page.headers.get("Location")).toBe("/auth");
  expect([...client.cookies.keys()].filter((name) => name.includes("-auth-token"))).toEqual([]);
}

describe("sessions", () => {
  it("are kept in cookies that last an hour, renewed when the session refreshes", async () => {
    const client = app.client();
    await signUpThroughApp(app, "cookie@example.com");
    const signIn = await client.post("/auth", { mode: "signin", email: "cookie@example.com", password: "Correct-Horse-9" });
    const cookies = sessionCookies(signIn);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/Max-Age=3600(;|$)/);

    later(16 * MINUTE);
    const refreshed = sessionCookies(await expectSignedIn(client));
    expect(refreshed.length).toBeGreaterThan(0);
    for (const cookie of refreshed) expect(cookie).toMatch(/Max-Age=3600(;|$)/);
  });

  it("last while used: a page every 10 minutes for two hours stays signed in", async () => {
    const client = await signUpThroughApp(app, "steady@example.com");
    for (let minutes = 10; minutes <= 120; minutes += 10) {
      later(10 * MINUTE);
      await expectSignedIn(client);
    }
  });

  it("end after an hour without use", async () => {
    const client = await signUpThroughApp(app, "away@example.com");
    later(61 * MINUTE);
    await expectSentToSignIn(client);
  });

  it("end 12 hours after signing in, even in use", async () => {
    const client = await signUpThroughApp(app, "allday@example.com");
    for (let minutes = 0; minutes + 20 < 12 * 60; minutes += 20) {
      later(20 * MINUTE);
      await expectSignedIn(client);
    }
    later(20 * MINUTE);
    await expectSentToSignIn(client);
    // Signing in again starts a new 12 hours.
    const again = app.client();
    const signIn = await again.post("/auth", { mode: "signin", email: "allday@example.com", password: "Correct-Horse-9" });
    expect(signIn.headers.get("Location")).toBe("/dashboard");
    await expectSignedIn(again);
  });
});

describe("email links", () => {
  it("are refused after an hour", async () => {
    const client = app.client();
    await client.post("/auth?mode=signup", { mode: "signup", fullName: "Slow Reader", email: "slow@example.com", password: "Correct-Horse-9" });
    const link = app.backend.mailbox.messages("slow@example.com")[0]!.links.find((candidate) => candidate.includes("/auth/confirm"))!;
    later(61 * MINUTE);
    const opened = await followEmailLink(client, link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).not.toBe("/dashboard");
    expect((await client.fetch("/dashboard")).status).toBe(302);
  });
});
