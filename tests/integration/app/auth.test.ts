import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { appForThisFile, signUpThroughApp, toastsIn, followEmailLink } from "./app-harness.ts";

const app = appForThisFile();
const PASSWORD = "Correct-Horse-9";

describe("sign-up", () => {
  it("shows the first failing rule in a 'Validation Error' toast and keeps what was typed, never the password", async () => {
    const client = app.client();
    const response = await client.post("/auth?mode=signup", { mode: "signup", fullName: "Ada", email: "ada@example.com", password: "short" });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(toastsIn(html)).toContain("Validation Error / Password must be at least 8 characters");
    expect(html).toContain('value="ada@example.com"');
    expect(html).not.toContain('value="short"');
    expect(html).toMatch(/aria-invalid="true"[^>]*name="password"|name="password"[^>]*aria-invalid="true"/);
  });

  it.each([
    [{ fullName: "A", email: "ada@example.com", password: PASSWORD }, "Full name must be at least 2 characters"],
    [{ fullName: "Ada", email: "not-an-email", password: PASSWORD }, "Invalid email address"],
    [{ fullName: "Ada", email: "ada@example.com", password: "ALLUPPER123" }, "Password must contain at least one lowercase letter"],
    [{ fullName: "Ada", email: "ada@example.com", password: "alllower123" }, "Password must contain at least one uppercase letter"],
    [{ fullName: "Ada", email: "ada@example.com", password: "NoNumbersHere" }, "Password must contain at least one number"],
  ])("rejects %o with '%s'", async (fields, message) => {
    const html = await (await app.client().post("/auth?mode=signup", { mode: "signup", ...fields })).text();
    expect(toastsIn(html)).toEqual([`Validation Error / ${message}`]);
  });

  it("clears the form and asks to check email; the emailed link signs the user in", async () => {
    const client = app.client();
    const response = await client.post("/auth?mode=signup", { mode: "signup", fullName: "Ada Lovelace", email: "ada@example.com", password: PASSWORD });
    const html = await response.text();
    expect(html).toContain("Check your email");
    expect(html).not.toContain('value="ada@example.com"');
    const [mail] = app.backend.mailbox.messages("ada@example.com");
    expect(mail?.subject).toBe("Confirm your Tonewise account");
    const link = new URL(mail!.links.find((candidate) => candidate.includes("/auth/confirm"))!);
    // Opening the link signs no one in: it asks to continue as the address it was sent to.
    const interstitial = await client.html(`${link.pathname}${link.search}`);
    expect(interstitial.status).toBe(200);
    expect(interstitial.html).toContain("Continue as ada@example.com");
    expect([...client.cookies.keys()].filter((name) => /-auth-token(\.\d+)?$/.test(name))).toEqual([]);
    const confirm = await followEmailLink(client, link.href);
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("Location")).toBe("/dashboard");
    const dashboard = await client.html("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(dashboard.html).toContain("Welcome, Ada!");
    expect(dashboard.html).toContain("ada@example.com");
  });

  it("starts the new account in the time zone the browser sent; a zone nobody knows is ignored, never refused", async () => {
    const zoneOf = async (email: string) =>
      (await app.backend.sql("select s.time_zone from public.user_settings s join auth.users u on u.id = s.user_id where u.email = $1", [email]))[0]?.time_zone;
    const sent = [
      ["tokyo@example.com", "Asia/Tokyo", "Asia/Tokyo"],
      ["lower@example.com", "america/new_york", "America/New_York"],
      ["mars@example.com", "Mars/Olympus_Mons", null],
      ["offset@example.com", "+05:00", null],
      ["long@example.com", `Europe/${"x".repeat(80)}`, null],
      ["none@example.com", "", null],
    ] as const;
    for (const [email, timeZone, stored] of sent) {
      const html = await (await app.client().post("/auth?mode=signup", { mode: "signup", fullName: "Ada", email, password: PASSWORD, timeZone })).text();
      expect(html, timeZone).toContain("Check your email");
      expect(await zoneOf(email), timeZone).toBe(stored);
    }
  });

  it("answers an existing email exactly like a new one, and sends nothing", async () => {
    await signUpThroughApp(app, "taken@example.com");
    const before = app.backend.mailbox.messages("taken@example.com").length;
    const html = await (await app.client().post("/auth?mode=signup", { mode: "signup", fullName: "Someone", email: "taken@example.com", password: PASSWORD })).text();
    expect(html).toContain("Check your email");
    expect(toastsIn(html)).toEqual([]);
    expect(app.backend.mailbox.messages("taken@example.com")).toHaveLength(before);
  });

  it("shows 'Error' with the service's message when sign-up fails", async () => {
    app.server.use(http.post(`${LOCAL_SUPABASE_URL}/auth/v1/signup`, () => HttpResponse.json({ code: "over_email_send_rate_limit", msg: "Email rate limit exceeded" }, { status: 429 })));
    const html = await (await app.client().post("/auth?mode=signup", { mode: "signup", fullName: "Ada", email: "ada@example.com", password: PASSWORD })).text();
    expect(toastsIn(html)).toEqual(["Error / Email rate limit exceeded"]);
    expect(html).toContain('value="ada@example.com"');
  });

  it("a bad or used confirmation link goes back to /auth with an error", async () => {
    const client = app.client();
    const response = await client.fetch("/auth/confirm?token_hash=nope&type=email");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    expect(toastsIn(await client.html("/auth").then((page) => page.html))).toEqual([
      "Error / This link is invalid or has expired. Please request a new one.",
    ]);
  });
});

describe("sign-in", () => {
  it("goes to the dashboard, or back to the page the user wanted", async () => {
    await signUpThroughApp(app, "bob@example.com");
    const client = app.client();
    const guarded = await client.fetch("/dashboard/settings");
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get("Location")).toBe("/auth?redirectTo=%2Fdashboard%2Fsettings");
    const signIn = await client.post("/auth?redirectTo=%2Fdashboard%2Fsettings", {
      mode: "signin",
      email: "bob@example.com",
      password: PASSWORD,
      redirectTo: "/dashboard/settings",
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("Location")).toBe("/dashboard/settings");
    expect((await client.fetch("/dashboard/settings")).status).toBe(200);
    // Signed in, /auth forwards to the dashboard.
    expect((await client.fetch("/auth")).headers.get("Location")).toBe("/dashboard");
  });

  it("stores the browser's time zone for an account without one, and never replaces one", async () => {
    await signUpThroughApp(app, "zoe@example.com");
    const zone = async () => (await app.backend.sql("select s.time_zone from public.user_settings s join auth.users u on u.id = s.user_id where u.email = $1", ["zoe@example.com"]))[0]?.time_zone;
    expect(await zone()).toBeNull();
    const signIn = (timeZone: string) => app.client().post("/auth", { mode: "signin", email: "zoe@example.com", password: PASSWORD, timeZone });
    expect((await signIn("Mars/Olympus_Mons")).headers.get("Location")).toBe("/dashboard");
    expect(await zone()).toBeNull();
    expect((await signIn("Europe/Lisbon")).headers.get("Location")).toBe("/dashboard");
    expect(await zone()).toBe("Europe/Lisbon");
    // Another browser elsewhere, or a zone the user chose in Settings: kept.
    expect((await signIn("Asia/Tokyo")).headers.get("Location")).toBe("/dashboard");
    expect(await zone()).toBe("Europe/Lisbon");
  });

  it("never redirects off the site", async () => {
    await signUpThroughApp(app, "carol@example.com");
    const signIn = await app.client().post("/auth", { mode: "signin", email: "carol@example.com", password: PASSWORD, redirectTo: "//evil.example/x" });
    expect(signIn.headers.get("Location")).toBe("/dashboard");
  });

  it("wrong password: 'Error' with the service message, email kept", async () => {
    await signUpThroughApp(app, "dan@example.com");
    const html = await (await app.client().post("/auth", { mode: "signin", email: "dan@example.com", password: "Wrong-Pass-1" })).text();
    expect(toastsIn(html)).toEqual(["Error / Invalid login credentials"]);
    expect(html).toContain('value="dan@example.com"');
    expect(html).not.toContain('value="Wrong-Pass-1"');
  });

  it("the service failing: the fallback message", async () => {
    app.server.use(http.post(`${LOCAL_SUPABASE_URL}/auth/v1/token`, () => HttpResponse.json({}, { status: 500 })));
    const html = await (await app.client().post("/auth", { mode: "signin", email: "dan@example.com", password: PASSWORD })).text();
    const [toast] = toastsIn(html);
    expect(toast).toMatch(/^Error \/ /);
  });

  it("the sign-in form is validated too", async () => {
    const html = await (await app.client().post("/auth", { mode: "signin", email: "dan@example", password: PASSWORD })).text();
    expect(toastsIn(html)).toEqual(["Validation Error / Invalid email address"]);
  });
});

describe("sessions", () => {
  it("an expired access token is refreshed transparently", async () => {
    await app.backend.configure({ accessTokenLifetimeSeconds: 1 });
    const client = await signUpThroughApp(app, "erin@example.com");
    const before = new Map(client.cookies);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // The session's token has expired. Its replacement lives long enough for this page to check it
    // on a loaded machine: a one-second token could expire again between the refresh and the check.
    await app.backend.configure({ accessTokenLifetimeSeconds: 900 });
    const page = await client.html("/dashboard");
    expect(page.status).toBe(200);
    expect(page.html).toContain("erin@example.com");
    expect(client.cookies).not.toEqual(before);
  });

  it("a revoked session signs the user out cleanly at its first form, or when its access token expires", async () => {
    // Page views trust the access token until it expires (decision 027); forms ask Auth.
    const client = await signUpThroughApp(app, "fay@example.com");
    await app.backend.sql("delete from auth.refresh_tokens");
    await app.backend.sql("delete from auth.sessions");
    expect((await client.fetch("/dashboard")).status).toBe(200);
    const form = await client.post("/dashboard/settings", { defaultTone: "casual", defaultMessageType: "text" });
    expect(form.status).toBe(302);
    expect(form.headers.get("Location")).toBe("/auth?redirectTo=%2Fdashboard%2Fsettings");
    expect([...client.cookies.keys()].filter((name) => name.includes("-auth-token"))).toEqual([]);
    expect((await client.fetch("/dashboard")).status).toBe(302);

    await app.backend.configure({ accessTokenLifetimeSeconds: 1 });
    const other = await signUpThroughApp(app, "fay2@example.com");
    await app.backend.sql("delete from auth.refresh_tokens");
    await app.backend.sql("delete from auth.sessions");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const response = await other.fetch("/dashboard");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    expect((await other.fetch("/dashboard")).status).toBe(302);
  });
});

describe("sign-out", () => {
  it("returns home with the 'Signed out' toast", async () => {
    const client = await signUpThroughApp(app, "gus@example.com");
    const response = await client.post("/auth/sign-out", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(toastsIn((await client.html("/")).html)).toEqual(["Signed out / You have been signed out successfully"]);
    expect((await client.fetch("/dashboard")).status).toBe(302);
  });

  it("a failure keeps the user signed in and says 'Failed to sign out'", async () => {
    const client = await signUpThroughApp(app, "hal@example.com");
    app.server.use(http.post(`${LOCAL_SUPABASE_URL}/auth/v1/logout`, () => HttpResponse.json({ message: "boom" }, { status: 500 })));
    const response = await client.post("/auth/sign-out", {}, { headers: { Referer: "http://localhost:3000/dashboard/account" } });
    expect(response.headers.get("Location")).toBe("/dashboard/account");
    const page = await client.html("/dashboard/account");
    expect(page.status).toBe(200);
    expect(toastsIn(page.html)).toEqual(["Failed to sign out"]);
  });

  it("a failure never sends the user off the site, whatever the Referer says", async () => {
    const client = await signUpThroughApp(app, "ida@example.com");
    app.server.use(http.post(`${LOCAL_SUPABASE_URL}/auth/v1/logout`, () => HttpResponse.json({ message: "boom" }, { status: 500 })));
    for (const referer of ["http://localhost:3000//evil.example/", "http://localhost:3000/\\evil.example/", "not a url at all ::", "https://evil.example/dashboard"]) {
      const response = await client.post("/auth/sign-out", {}, { headers: { Referer: referer } });
      expect(response.status, referer).toBe(302);
      expect(response.headers.get("Location"), referer).toBe("/dashboard");
    }
  });
});

describe("password reset", () => {
  it("email → link → new password → signed in; unknown emails get the same answer", async () => {
    await signUpThroughApp(app, "ivy@example.com");
    const client = app.client();
    const known = await (await client.post("/auth/forgot-password", { email: "ivy@example.com" })).text();
    const unknown = await (await app.client().post("/auth/forgot-password", { email: "nobody@example.com" })).text();
    expect(known.replace("ivy@example.com", "X")).toContain("If an account exists for <strong>X</strong>");
    expect(unknown.replace("nobody@example.com", "X")).toContain("If an account exists for <strong>X</strong>");
    expect(app.backend.mailbox.messages("nobody@example.com")).toHaveLength(0);

    const [mail] = app.backend.mailbox.messages("ivy@example.com");
    expect(mail?.subject).toBe("Reset your Tonewise password");
    const link = new URL(mail!.links.find((candidate) => candidate.includes("type=recovery"))!);
    const landing = await followEmailLink(client, link.href);
    expect(landing.headers.get("Location")).toBe("/auth/reset-password");

    const weak = await (await client.post("/auth/reset-password", { password: "weakpass", confirmPassword: "weakpass" })).text();
    expect(toastsIn(weak)).toEqual(["Validation Error / Password must contain at least one uppercase letter"]);
    const mismatch = await (await client.post("/auth/reset-password", { password: "New-Secret-22", confirmPassword: "New-Secret-23" })).text();
    expect(toastsIn(mismatch)).toEqual(["Validation Error / Passwords do not match"]);
    const saved = await client.post("/auth/reset-password", { password: "New-Secret-22", confirmPassword: "New-Secret-22" });
    expect(saved.headers.get("Location")).toBe("/dashboard");

    const again = await app.client().post("/auth", { mode: "signin", email: "ivy@example.com", password: "New-Secret-22" });
    expect(again.headers.get("Location")).toBe("/dashboard");
  });
});

describe("request safety", () => {
  it("refuses cross-site form posts", async () => {
    // React Router itself refuses an action whose Origin is another site (400)…
    const foreignOrigin = await app.client().post("/auth", { mode: "signin", email: "a@b.co", password: PASSWORD }, { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(foreignOrigin.status).toBe(400);
    // …and our middleware refuses what the browser marks cross-site even without an Origin (403).
    const crossSite = await app.client().post("/auth/sign-out", {}, { headers: { Origin: "", "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect(app.backend.mailbox.messages()).toHaveLength(0);
  });

  it("a filled honeypot looks like success but creates no account", async () => {
    const html = await (await app.client().post("/auth?mode=signup", { mode: "signup", fullName: "Bot", email: "bot@example.com", password: PASSWORD, company_website: "spam.example" })).text();
    expect(html).toContain("Check your email");
    expect(app.backend.mailbox.messages("bot@example.com")).toHaveLength(0);
  });
});
