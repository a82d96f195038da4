/**
 * The landing page's live user count when the backend cannot give one before any figure was
 * cached: its own file, so that its server has never cached a figure, whatever ran before.
 */
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { appForThisFile } from "./app-harness.ts";

const app = appForThisFile();

describe("live stats unavailable", () => {
  it("a failure is logged and the placeholder stays", async () => {
    app.server.use(http.post(`${LOCAL_SUPABASE_URL}/rest/v1/rpc/get_platform_stats`, () => HttpResponse.json({ message: "down" }, { status: 500 })));
    const { status, html } = await app.client().html("/");
    expect(status).toBe(200);
    expect(html).toContain("Loading");
    const api = await app.client().fetch("/api/platform-stats");
    expect(await api.json()).toEqual({ totalUsers: null });
  });
});
