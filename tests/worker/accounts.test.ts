/**
 * Accounts on the Worker, with JavaScript off: sign up, confirm by the emailed link, reach the
 * dashboard, sign out, sign in again. Exercises the session cookies @supabase/ssr writes, as
 * workerd sends them, and the Worker's calls to the local Supabase.
 */
import { describe, expect, it } from "vitest";
import { decodeEntities } from "../../emulators/html.ts";
import { emailsTo, startNextRateLimitWindow } from "./support/backend.ts";
import { firstHeading, WorkerClient } from "./support/client.ts";

const password = "Sup3rSecret";

async function confirmationLink(address: string): Promise<URL> {
  const [email] = await emailsTo(address);
  const link = email?.links.find((href) => href.includes("/auth/confirm?"));
  if (!link) throw new Error(`No confirmation link was emailed to ${address}`);
  return new URL(link);
}

describe("accounts", () => {
  it("sign up → confirm → dashboard → sign out → sign in", async () => {
    const address = `worker-${Date.now()}@example.com`;
    const browser = new WorkerClient();

    const signUp = await browser.postForm("/auth?mode=signup", {
      mode: "signup",
      fullName: "Wren Writer",
      email: address,
      password,
    });
    expect(signUp.status).toBe(200);
    expect(decodeEntities(await signUp.text())).toContain("We've sent a confirmation link");

    const link = await confirmationLink(address);
    expect(link.origin).toBe(browser.origin);
    const confirmed = await browser.followEmailLink(link);
    expect(confirmed.status).toBe(302);
    expect(new URL(confirmed.headers.get("Location") ?? "", browser.origin).pathname).toBe("/dashboard");

    const dashboard = await browser.get("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(decodeEntities(firstHeading(await dashboard.text()) ?? "")).toBe("Welcome, Wren!");

    const signOut = await browser.postForm("/auth/sign-out", {});
    expect(signOut.status).toBe(302);
    const afterSignOut = await browser.get("/dashboard");
    expect(afterSignOut.status).toBe(302);
    expect(afterSignOut.headers.get("Location")).toMatch(/^\/auth/);

    const returning = new WorkerClient();
    const signIn = await returning.postForm("/auth", { mode: "signin", email: address, password });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("Location")).toBe("/dashboard");
    const again = await returning.get("/dashboard");
    expect(again.status).toBe(200);
    expect(decodeEntities(firstHeading(await again.text()) ?? "")).toBe("Welcome, Wren!");
  });

  it("keeps a signed-out visitor out of the dashboard", async () => {
    const response = await new WorkerClient().get("/dashboard");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth/);
  });

  it("refuses the 11th sign-in try at one account in 15 minutes with 429, Retry-After and a toast", async () => {
    const email = `guessed-${Date.now()}@example.com`;
    await startNextRateLimitWindow(15 * 60_000);
    for (let i = 0; i < 10; i++) {
      const guess = await new WorkerClient().postForm("/auth", { mode: "signin", email, password: `Wrong-Guess-${i}` });
      expect(guess.status).toBe(200);
      await guess.body?.cancel();
    }
    const refused = await new WorkerClient().postForm("/auth", { mode: "signin", email, password });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(decodeEntities(await refused.text())).toContain("Too many attempts");
  });
});
