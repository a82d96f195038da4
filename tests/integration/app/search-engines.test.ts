/**
 * What search engines may index (docs/decisions/029): the public site and the sign-in page; not
 * the one-time links under /auth/ or the API. Dashboard pages are reachable only with a session,
 * and each has a title and a description.
 */
import { describe, expect, it } from "vitest";
import { appForThisFile, signUpThroughApp } from "./app-harness.ts";

const app = appForThisFile();
const robotsMeta = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe("search engines", () => {
  it("robots.txt keeps crawlers out of the one-time links and the API, not the sign-in page", async () => {
    const body = await (await app.client().fetch("/robots.txt")).text();
    const rules = body.split("\n").filter((line) => /^(Allow|Disallow):/.test(line));
    expect(rules).toEqual(["Allow: /", "Disallow: /auth/", "Disallow: /api/"]);
  });

  it("the sign-in page is indexable, under one canonical address whatever the mode", async () => {
    for (const path of ["/auth", "/auth?mode=signup", "/auth?redirectTo=%2Fdashboard%2Fsettings"]) {
      const { status, html } = await app.client().html(path);
      expect(status, path).toBe(200);
      expect(robotsMeta(html), path).toBeUndefined();
      expect(canonical(html), path).toBe("http://localhost:3000/auth");
      expect(description(html), path).toBe("Sign in to Tonewise or create a free account.");
    }
  });

  it("the pages under /auth/ stay out of the index (the others need a one-time link and redirect without one)", async () => {
    const { status, html } = await app.client().html("/auth/forgot-password");
    expect(status).toBe(200);
    expect(robotsMeta(html)).toBe("noindex");
  });

  it("a crawler asking for the dashboard is sent to sign in", async () => {
    const response = await app.client().fetch("/dashboard", { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/auth\b/);
  });

  it("every dashboard page has its own title and a description", async () => {
    const client = await signUpThroughApp(app, "meta@example.com");
    const titles = new Set<string>();
    for (const path of ["/dashboard", "/dashboard/follow-ups", "/dashboard/subscription", "/dashboard/settings", "/dashboard/account"]) {
      const { status, html } = await client.html(path);
      expect(status, path).toBe(200);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(title, path).toMatch(/^[A-Z][\w-]+ \| Tonewise$/);
      titles.add(title!);
      expect(description(html)?.length, path).toBeGreaterThan(30);
    }
    expect(titles.size).toBe(5);
  });
});
