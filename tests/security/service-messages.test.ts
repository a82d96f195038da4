/**
 * Finding 10 (issue 10): what Supabase or the database says stays on the server. Visitors get our
 * own fixed words; an unconfirmed address reads like a wrong password (it would otherwise confirm
 * that the password was right).
 */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { LOCAL_SUPABASE_URL } from "../../emulators/config.ts";
import { appForThisFile, signUpThroughApp, toastsIn } from "../integration/app/app-harness.ts";

const app = appForThisFile();
const PASSWORD = "Correct-Horse-9";

describe("service and database messages", () => {
  it("an unconfirmed address with the right password reads like a wrong password", async () => {
    const client = app.client();
    await client.post("/auth?mode=signup", { mode: "signup", fullName: "Una Confirmed", email: "unconfirmed@example.com", password: PASSWORD });
    const html = await (await app.client().post("/auth", { mode: "signin", email: "unconfirmed@example.com", password: PASSWORD })).text();
    expect(toastsIn(html)).toEqual(["Error / Invalid login credentials"]);
    expect(html).not.toMatch(/not confirmed/i);
  });

  it("a failure with database text shows the generic message", async () => {
    app.server.use(
      http.post(`${LOCAL_SUPABASE_URL}/auth/v1/token`, () =>
        HttpResponse.json({ code: "unexpected_failure", msg: 'relation "auth.identities" does not exist (SQLSTATE 42P01)' }, { status: 500 }),
      ),
    );
    const html = await (await app.client().post("/auth", { mode: "signin", email: "someone@example.com", password: PASSWORD })).text();
    expect(toastsIn(html)).toEqual(["Error / An error occurred during authentication"]);
    expect(html).not.toContain("SQLSTATE");
    expect(html).not.toContain("auth.identities");
  });

  it("a profile save that the database refuses says so in our words", async () => {
    const client = await signUpThroughApp(app, "profile-error@example.com");
    app.server.use(
      http.patch(`${LOCAL_SUPABASE_URL}/rest/v1/profiles`, () =>
        HttpResponse.json({ code: "42501", message: 'permission denied for table profiles', details: null, hint: null }, { status: 403 }),
      ),
    );
    const html = await (await client.post("/dashboard/account", { fullName: "New Name" })).text();
    expect(toastsIn(html)).toEqual(["Error / Failed to update profile"]);
    expect(html).not.toContain("permission denied");
  });
});
