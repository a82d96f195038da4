/**
 * Faults (issue 10 proof suite): Supabase failing or hanging. Public pages still render, a
 * signed-in dashboard says to try again in a moment (and keeps the session), forms answer with
 * their toasts, and nothing waits past the deadlines. Stripe's and the AI engine's failures and
 * hangs are covered where those features are tested (tests/integration/billing/checkout.test.ts,
 * tests/integration/app/optimize-api.test.ts).
 */
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { LOCAL_SUPABASE_URL } from "../../emulators/config.ts";
import { appForThisFile, signUpThroughApp, toastsIn, type AppClient } from "../integration/app/app-harness.ts";

const app = appForThisFile();
const PUBLIC_PAGES = ["/", "/about", "/blog", "/terms", "/privacy", "/auth"];

async function expectTryAgain(client: AppClient) {
  const page = await client.fetch("/dashboard");
  expect(page.status).toBe(503);
  const html = (await page.text()).replaceAll("<!-- -->", "");
  expect(html).toContain("Something went wrong");
  expect(html).toContain("Please try again in a moment.");
}

describe("Supabase failing", () => {
  it("public pages render; the dashboard asks to try again and the session survives", async () => {
    const client = await signUpThroughApp(app, "outage@example.com");
    app.server.use(http.all(`${LOCAL_SUPABASE_URL}/*`, () => HttpResponse.error()));
    for (const path of PUBLIC_PAGES) expect((await app.client().fetch(path)).status, path).toBe(200);
    // The dashboard's own API calls (with the session cookie) say "try again" in the API's shape, not "sign in".
    const api = await client.fetch("/api/v1/me");
    expect(api.status).toBe(503);
    expect((await api.json()).error.code).toBe("service_unavailable");
    await expectTryAgain(client);

    app.server.resetHandlers();
    expect((await client.fetch("/dashboard")).status).toBe(200);
  });

  it("a sign-in answers with the error toast", async () => {
    app.server.use(http.all(`${LOCAL_SUPABASE_URL}/*`, () => HttpResponse.error()));
    const html = await (await app.client().post("/auth", { mode: "signin", email: "someone@example.com", password: "Correct-Horse-9" })).text();
    expect(toastsIn(html)).toEqual(["Error / An error occurred during authentication"]);
  });
});

describe("Supabase hanging", () => {
  it("the home page renders and the dashboard answers 'try again' instead of waiting forever", { timeout: 60_000 }, async () => {
    const client = await signUpThroughApp(app, "hang@example.com");
    app.server.use(
      http.all(`${LOCAL_SUPABASE_URL}/*`, async () => {
        await delay("infinite");
        return HttpResponse.error();
      }),
    );
    expect((await app.client().fetch("/")).status).toBe(200);
    await expectTryAgain(client);
  });
});

describe("one dashboard page failing", () => {
  it("shows the error inside the dashboard: the sidebar, the account and Sign Out stay", async () => {
    const client = await signUpThroughApp(app, "one-page-down@example.com");
    // Only the Follow-ups page's list fails; the layout's summary still reads. (The Account page
    // no longer fails with its token list: it says the list is missing, decision 048.)
    app.server.use(http.get(`${LOCAL_SUPABASE_URL}/rest/v1/follow_ups`, () => HttpResponse.json({ code: "XX000", message: "down" }, { status: 500 })));
    const page = await client.fetch("/dashboard/follow-ups");
    expect(page.status).toBe(500);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Something went wrong");
    expect(html).toContain('aria-label="Dashboard"');
    expect(html).toContain("one-page-down@example.com");
    expect(html).toContain("Sign Out");
    expect(html.match(/<main\b/g)).toHaveLength(1);
  });

  it("an unknown article keeps the site's header and footer, with one main landmark", async () => {
    const page = await app.client().fetch("/blog/no-such-article");
    expect(page.status).toBe(404);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("<footer");
    expect(html.match(/<main\b/g)).toHaveLength(1);
  });
});
