/**
 * Finding 11 (issue 10): nothing personal is ever stored by a shared cache. Auth pages, the
 * dashboard, the API, form answers and any request with a session are `private, no-store`; the
 * public pages say explicitly that they are public.
 */
import { describe, expect, it } from "vitest";
import { appForThisFile, signUpThroughApp } from "../integration/app/app-harness.ts";

const app = appForThisFile();
const cacheControl = (response: Response) => response.headers.get("Cache-Control");

describe("cache policy", () => {
  it("public pages are explicitly public for an anonymous visitor", async () => {
    for (const path of ["/", "/about", "/blog", "/blog/48-hour-follow-up-rule", "/terms", "/privacy"]) {
      const response = await app.client().fetch(path);
      expect(response.status, path).toBe(200);
      expect(cacheControl(response), path).toBe("public, max-age=0, must-revalidate");
    }
  });

  it("every /auth page and answer is private, no-store", async () => {
    for (const path of ["/auth", "/auth?mode=signup", "/auth/forgot-password", "/auth/reset-password", "/auth/confirm?token_hash=x&type=email"]) {
      const response = await app.client().fetch(path);
      expect(cacheControl(response), path).toBe("private, no-store");
    }
    const post = await app.client().post("/auth", { mode: "signin", email: "nobody@example.com", password: "Wrong-Password-1" });
    expect(cacheControl(post)).toBe("private, no-store");
  });

  it("anything a signed-in user gets is private, the public pages included", async () => {
    const client = await signUpThroughApp(app, "cache@example.com");
    for (const path of ["/dashboard", "/dashboard/settings", "/", "/blog", "/api/v1/me"]) {
      const response = await client.fetch(path);
      expect(response.status, path).toBe(200);
      expect(cacheControl(response), path).toBe("private, no-store");
    }
  });

  it("the platform stats keep their own public policy for anonymous visitors", async () => {
    const response = await app.client().fetch("/api/platform-stats");
    expect(cacheControl(response)).toBe("public, max-age=60, stale-while-revalidate=240");
  });
});
