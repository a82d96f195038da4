/**
 * Finding 8 (issue 10): an emailed link signs no one in by being opened. An attacker who sends a
 * victim a link to the attacker's own account (a reset or confirmation email they requested)
 * cannot swap the victim's session for theirs: the link shows an interstitial, and only a
 * same-origin POST from it signs in.
 */
import { describe, expect, it } from "vitest";
import { appForThisFile, followEmailLink, signUpThroughApp } from "../integration/app/app-harness.ts";

const app = appForThisFile();

async function attackersResetLink(): Promise<URL> {
  await signUpThroughApp(app, "mallory@example.com", "Mallory Attacker");
  await app.client().post("/auth/forgot-password", { email: "mallory@example.com" });
  const link = app.backend.mailbox.messages("mallory@example.com").flatMap((mail) => mail.links).find((candidate) => candidate.includes("type=recovery"));
  return new URL(link!);
}

describe("an emailed link opened by someone else", () => {
  it("leaves the victim signed in as themselves and says whose account the link is for", async () => {
    const victim = await signUpThroughApp(app, "victim@example.com", "Victor Victim");
    const link = await attackersResetLink();
    const sessionBefore = new Map(victim.cookies);

    const opened = await victim.html(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain("Continue as mallory@example.com");
    expect(victim.cookies).toEqual(sessionBefore);
    const account = await victim.html("/dashboard/account");
    expect(account.html).toContain('value="victim@example.com"');
    expect(account.html).not.toContain("mallory@example.com");
  });

  it("with the victim's own address written into it, signs no one into the attacker's account", async () => {
    const victim = await signUpThroughApp(app, "victim@example.com", "Victor Victim");
    const link = await attackersResetLink();
    link.searchParams.set("email", "victim@example.com");

    const opened = await victim.html(`${link.pathname}${link.search}`);
    expect(opened.html).toContain("Continue as victim@example.com");
    const pressed = await followEmailLink(victim, link.href);
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get("Location")).toBe("/auth/forgot-password");

    // Signed out rather than switched: the dashboard asks for a sign-in, and nothing of Mallory's shows.
    const account = await victim.fetch("/dashboard/account");
    expect(account.status).toBe(302);
    expect(account.headers.get("Location")).toMatch(/^\/auth\b/);
    const reset = await victim.html("/auth/reset-password");
    expect(reset.html).not.toContain("mallory@example.com");
  });

  it("without an address is refused as it opens", async () => {
    const link = await attackersResetLink();
    link.searchParams.delete("email");
    const response = await app.client().fetch(`${link.pathname}${link.search}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/forgot-password");
  });

  it("cannot be completed by a cross-site form post", async () => {
    const victim = await signUpThroughApp(app, "victim@example.com", "Victor Victim");
    const link = await attackersResetLink();
    const sessionBefore = new Map(victim.cookies);
    const fields = { token_hash: link.searchParams.get("token_hash")!, type: "recovery", next: "", email: "mallory@example.com" };
    // What a browser sends for another site's auto-submitting form (refused by React Router's own
    // Origin check, 400, before our CSRF middleware would answer 403).
    const forged = await victim.post("/auth/confirm", fields, { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(forged.status).toBe(400);
    expect(victim.cookies).toEqual(sessionBefore);
    const account = await victim.html("/dashboard/account");
    expect(account.html).toContain('value="victim@example.com"');
  });

  it("refuses a malformed token without asking the backend", async () => {
    const client = app.client();
    const response = await client.fetch("/auth/confirm?token_hash=%3Cscript%3E&type=recovery");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/forgot-password");
  });
});
