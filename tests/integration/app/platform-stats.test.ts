import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { appForThisFile, signUpThroughApp } from "./app-harness.ts";

const app = appForThisFile();
const usersStat = (html: string) => /data-stat="users"[\s\S]*?data-stat-value="true">([^<]*)</.exec(html)?.[1];

describe("live stats", () => {
  // The first figure of this file's server (the failure before any figure is in
  // platform-stats-unavailable.test.ts, whose server has none).
  it("shows total_users from get_platform_stats and keeps it fresh for 4 minutes", async () => {
    await signUpThroughApp(app, "one@example.com");
    await signUpThroughApp(app, "two@example.com");
    let calls = 0;
    app.server.use(
      http.post(`${LOCAL_SUPABASE_URL}/rest/v1/rpc/get_platform_stats`, async ({ request }) => {
        calls += 1;
        return app.backend.supabase.handle(request);
      }),
    );
    const first = await app.client().html("/");
    expect(usersStat(first.html)).toBe("2");
    await signUpThroughApp(app, "three@example.com");
    const second = await app.client().html("/");
    expect(usersStat(second.html)).toBe("2");
    expect(calls).toBe(1);
    const api = await app.client().fetch("/api/platform-stats");
    expect(await api.json()).toEqual({ totalUsers: 2 });
    expect(api.headers.get("Cache-Control")).toContain("max-age=60");
  });
});

describe("dashboard resilience", () => {
  it("a failed profile read is logged only; the page still renders", async () => {
    const client = await signUpThroughApp(app, "noprofile@example.com", "Meta Name");
    app.server.use(http.get(`${LOCAL_SUPABASE_URL}/rest/v1/profiles`, () => HttpResponse.json({ message: "down" }, { status: 500 })));
    const page = await client.html("/dashboard");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Welcome, Meta!");
  });
});
