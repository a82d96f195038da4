/**
 * Finding 4 (issue 10): a session alone cannot change the password. /auth/reset-password needs
 * a recent email-link sign-in (the reset email), so a stolen session cannot lock the owner out.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  appForThisFile,
  bearer,
  createTokenThroughApp,
  followEmailLink,
  signUpThroughApp,
  toastsIn,
  type AppClient,
} from "../integration/app/app-harness.ts";

const app = appForThisFile();
const PASSWORD = "Correct-Horse-9";

afterEach(() => vi.useRealTimers());

async function signIn(email: string, password = PASSWORD): Promise<AppClient> {
  const client = app.client();
  const response = await client.post("/auth", { mode: "signin", email, password });
  expect(response.headers.get("Location")).toBe("/dashboard");
  return client;
}

async function recoverySession(email: string): Promise<AppClient> {
  const client = app.client();
  await client.post("/auth/forgot-password", { email });
  const link = app.backend.mailbox.messages(email)[0]!.links.find((candidate) => candidate.includes("type=recovery"))!;
  expect((await followEmailLink(client, link)).headers.get("Location")).toBe("/auth/reset-password");
  return client;
}

describe("changing the password", () => {
  it("is refused to a password-signed-in session, which is sent to request a reset email", async () => {
    await signUpThroughApp(app, "owner@example.com");
    const stolen = await signIn("owner@example.com");
    const page = await stolen.fetch("/auth/reset-password");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth/forgot-password");

    const attempt = await stolen.post("/auth/reset-password", { password: "Attacker-Pass-1", confirmPassword: "Attacker-Pass-1" });
    expect(attempt.headers.get("Location")).toBe("/auth/forgot-password");
    const after = await stolen.html("/auth/forgot-password");
    expect(toastsIn(after.html)).toContain("Error / For your security, choose a new password from the link in a new reset email.");
    // The owner's password still works; the attacker's does not.
    await signIn("owner@example.com");
    const refused = await app.client().post("/auth", { mode: "signin", email: "owner@example.com", password: "Attacker-Pass-1" });
    expect(refused.status).toBe(200);
  });

  it("is not offered without a session: the page opened on its own says where the form comes from", async () => {
    const visitor = app.client();
    const page = await visitor.fetch("/auth/reset-password");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth/forgot-password");
    const after = await visitor.html("/auth/forgot-password");
    expect(toastsIn(after.html)).toContain("Error / To choose a new password, open the link in a reset email. Request one here.");
  });

  it("is allowed from the reset email's link, and no longer once 15 minutes have passed", async () => {
    await signUpThroughApp(app, "late@example.com");
    const client = await recoverySession("late@example.com");
    expect((await client.fetch("/auth/reset-password")).status).toBe(200);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const late = await client.post("/auth/reset-password", { password: "New-Secret-22", confirmPassword: "New-Secret-22" });
    expect(late.headers.get("Location")).toBe("/auth/forgot-password");
    vi.useRealTimers();
    await signIn("late@example.com");
  });

  it("revokes the account's API tokens and spends its unexchanged extension codes, and says so", async () => {
    const owner = await signUpThroughApp(app, "locked-out@example.com");
    const scriptToken = await createTokenThroughApp(owner, "Intruder's script");
    expect((await app.client().fetch("/api/v1/me", bearer(scriptToken))).status).toBe(200);
    const [{ id: userId }] = (await app.backend.sql<{ id: string }>("select id from auth.users where email = $1", ["locked-out@example.com"])) as [
      { id: string },
    ];
    await app.backend.sql(
      "insert into public.extension_auth_codes (code_hash, user_id, code_challenge, expires_at) values ($1, $2, $3, now() + interval '5 minutes')",
      ["d".repeat(64), userId, "c".repeat(43)],
    );

    const client = await recoverySession("locked-out@example.com");
    const reset = await client.post("/auth/reset-password", { password: "Fresh-Start-42", confirmPassword: "Fresh-Start-42" });
    expect(reset.headers.get("Location")).toBe("/dashboard");
    expect(toastsIn((await client.html("/dashboard")).html)).toEqual([
      "Password updated / Your new password is ready to use. Your API tokens were revoked too, so connect the browser extension again.",
    ]);

    const refused = await app.client().fetch("/api/v1/me", bearer(scriptToken));
    expect(refused.status).toBe(401);
    expect(await app.backend.sql("select 1 from public.extension_auth_codes where used_at is null")).toEqual([]);
    expect((await client.html("/dashboard/account")).html).toContain("You have no API tokens.");

    // A token made after the new password works.
    const fresh = await createTokenThroughApp(client, "Browser extension");
    expect((await app.client().fetch("/api/v1/me", bearer(fresh))).status).toBe(200);
  });

  it("leaves the tokens alone when nothing but the profile changes", async () => {
    const owner = await signUpThroughApp(app, "renamed@example.com");
    const token = await createTokenThroughApp(owner, "Laptop");
    await app.backend.sql("update auth.users set raw_user_meta_data = raw_user_meta_data || '{\"full_name\":\"New Name\"}' where email = $1", [
      "renamed@example.com",
    ]);
    expect((await app.client().fetch("/api/v1/me", bearer(token))).status).toBe(200);
  });
});
