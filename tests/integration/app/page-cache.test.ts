/**
 * Public pages: rendered once, served many (issue 13, docs/decisions/026-public-page-cache.md).
 * Through the production build: an anonymous visitor's second request is answered from the stored
 * rendering, with a nonce of its own that matches its CSP; a session or a toast renders the page
 * as before and nothing personal is stored; validators and 304s; the live count stays 4 minutes
 * fresh.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { appForThisFile, signUpThroughApp, toastsIn, type AppClient } from "./app-harness.ts";

const app = appForThisFile();
const ARTICLE = "/blog/48-hour-follow-up-rule";
const PAGES = ["/", "/about", "/blog", ARTICLE, "/terms", "/privacy"];
const RESOURCES = ["/sitemap.xml", "/robots.txt", "/blog/rss.xml"];

afterEach(() => vi.useRealTimers());

/** Moves time on for the app and the local backend alike (both read the process's clock). */
function later(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

/** The nonce in the response's CSP header, and every nonce attribute in its HTML. */
function nonces(response: Response, html: string): { header: string | undefined; inPage: string[] } {
  const header = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  return { header, inPage: [...html.matchAll(/<script[^>]* nonce="([^"]*)"/g)].map(([, nonce]) => nonce!) };
}

const usersStat = (html: string) => /data-stat="users"[\s\S]*?data-stat-value="true">([^<]*)</.exec(html)?.[1];

/** Counts the backend's get_platform_stats calls from now on. */
function countStatsCalls(): { calls: number } {
  const counter = { calls: 0 };
  app.server.use(
    http.post(`${LOCAL_SUPABASE_URL}/rest/v1/rpc/get_platform_stats`, async ({ request }) => {
      counter.calls += 1;
      return app.backend.supabase.handle(request);
    }),
  );
  return counter;
}

describe("public page cache", () => {
  it("answers an anonymous visitor's repeat visit from the stored rendering, with the same page and headers", async () => {
    for (const path of [...PAGES, ...RESOURCES]) {
      const first = await app.client().fetch(path);
      const firstBody = await first.text();
      const second = await app.client().fetch(path);
      const secondBody = await second.text();
      expect(first.status, path).toBe(200);
      expect(second.status, path).toBe(200);
      expect(second.headers.get("X-Cache"), path).toBe("hit");
      // The same page apart from the nonce, and the same headers apart from the CSP's nonce.
      const { header: firstNonce = "" } = nonces(first, firstBody);
      const { header: secondNonce = "" } = nonces(second, secondBody);
      expect(secondBody.replaceAll(secondNonce || "\u0000", "NONCE"), path).toBe(firstBody.replaceAll(firstNonce || "\u0000", "NONCE"));
      const comparable = (response: Response, nonce: string) =>
        [...response.headers]
          .filter(([name]) => name !== "x-cache")
          .map(([name, value]) => [name, nonce ? value.replaceAll(nonce, "NONCE") : value]);
      expect(comparable(second, secondNonce), path).toEqual(comparable(first, firstNonce));
    }
  });

  it("the backend is not asked again while the stored page is fresh", async () => {
    await app.client().fetch("/"); // stored by now, whatever ran before
    const stats = countStatsCalls();
    for (let i = 0; i < 3; i++) expect((await app.client().fetch("/")).headers.get("X-Cache")).toBe("hit");
    expect(stats.calls).toBe(0);
  });

  it("gives every response a nonce of its own, the same in the page and in its CSP header", async () => {
    const seen = new Set<string>();
    for (const path of ["/", "/", "/", ARTICLE, ARTICLE, "/blog"]) {
      const response = await app.client().fetch(path);
      const { header, inPage } = nonces(response, await response.text());
      expect(header, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      // The landing page's scripts carry it; the blog's pages have no script that runs (decision 037).
      expect(new Set(inPage), path).toEqual(new Set(path === "/" ? [header] : []));
      expect(seen.has(header!), path).toBe(false);
      seen.add(header!);
    }
  });

  it("sends validators and answers a matching conditional request with 304", async () => {
    for (const path of ["/", ARTICLE, "/robots.txt"]) {
      const first = await app.client().fetch(path);
      const etag = first.headers.get("ETag");
      const lastModified = first.headers.get("Last-Modified");
      expect(etag, path).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(Date.parse(lastModified ?? ""), path).toBeLessThanOrEqual(Date.now());

      const byTag = await app.client().fetch(path, { headers: { "If-None-Match": etag! } });
      expect(byTag.status, path).toBe(304);
      expect(await byTag.text(), path).toBe("");
      expect(byTag.headers.get("ETag"), path).toBe(etag);
      expect(byTag.headers.get("Cache-Control"), path).toBe(first.headers.get("Cache-Control"));
      // The browser keeps the page it has with the policy it came with.
      expect(byTag.headers.get("Content-Security-Policy"), path).toBeNull();

      const byDate = await app.client().fetch(path, { headers: { "If-Modified-Since": lastModified! } });
      expect(byDate.status, path).toBe(304);

      const changed = await app.client().fetch(path, { headers: { "If-None-Match": 'W/"something-else"' } });
      expect(changed.status, path).toBe(200);
      expect((await changed.text()).length, path).toBeGreaterThan(0);
    }
  });

  it("answers HEAD from the stored rendering without a body", async () => {
    await app.client().fetch("/about");
    const head = await app.client().fetch("/about", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("X-Cache")).toBe("hit");
    expect(head.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await head.text()).toBe("");
  });

  it("public pages stay explicitly public for browsers, and tell CDNs not to keep the HTML", async () => {
    for (const path of PAGES) {
      for (let i = 0; i < 2; i++) {
        const response = await app.client().fetch(path);
        expect(response.headers.get("Cache-Control"), path).toBe("public, max-age=0, must-revalidate");
        expect(response.headers.get("CDN-Cache-Control"), path).toBe("no-store");
      }
    }
  });

  it("renders a signed-in visitor's page fresh and private, and stores none of it", async () => {
    const client = await signUpThroughApp(app, "cached@example.com", "Cache Person");
    for (const path of ["/", "/about", ARTICLE]) {
      await app.client().fetch(path); // an anonymous visit stores the page
      const response = await client.fetch(path);
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(response.headers.get("X-Cache"), path).toBeNull();
      expect(response.headers.get("ETag"), path).toBeNull();
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      const { header, inPage } = nonces(response, html);
      expect(new Set(inPage), path).toEqual(new Set(path === "/" ? [header] : []));
      // Nothing the signed-in render produced reaches the next anonymous visitor.
      const anonymous = await app.client().fetch(path);
      expect(anonymous.headers.get("X-Cache"), path).toBe("hit");
      expect(anonymous.headers.get("Cache-Control"), path).toBe("public, max-age=0, must-revalidate");
    }
  });

  it("renders a visit that carries a toast fresh, shows the toast, and keeps it out of the store", async () => {
    await app.client().fetch("/");
    const client = await signUpThroughApp(app, "toast@example.com");
    const signOut = await client.post("/auth/sign-out", {});
    expect(signOut.status).toBe(302);
    expect(client.cookies.has("tw_toast")).toBe(true);
    const { html, response } = await client.html("/");
    expect(response.headers.get("X-Cache")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(toastsIn(html)).toEqual(["Signed out / You have been signed out successfully"]);

    const anonymous = await app.client().html("/");
    expect(anonymous.response.headers.get("X-Cache")).toBe("hit");
    expect(toastsIn(anonymous.html)).toEqual([]);
  });

  it("never stores a private page, a form answer, a query, an API answer or a missing page", async () => {
    const requests: [string, RequestInit?][] = [
      ["/auth"],
      ["/auth/forgot-password"],
      ["/dashboard"],
      ["/api/v1/me"],
      ["/api/platform-stats"],
      ["/healthz"],
      ["/?utm_source=newsletter"],
      ["/blog?page=2"],
      ["/blog/no-such-article"],
      ["/no-such-page"],
      ["/about", { headers: { Authorization: "Bearer tw_not-a-real-token" } }],
      ["/about", { headers: { Cookie: "sb-127-auth-token=whatever" } }],
      ["/about.data"],
    ];
    for (const [path, init] of requests) {
      for (let i = 0; i < 2; i++) {
        const response = await app.client().fetch(path, init);
        expect(response.headers.get("X-Cache"), path).not.toBe("hit");
        expect(response.headers.get("ETag"), path).toBeNull();
      }
    }
    for (let i = 0; i < 2; i++) {
      const post = await app.client().post("/", { email: "x@example.com" });
      expect(post.headers.get("X-Cache")).toBeNull();
    }
  });

  it("keeps the landing page's live count fresh: a new figure after 4 minutes, not before", async () => {
    const stats = countStatsCalls();
    await signUpThroughApp(app, "first@example.com");
    later(4 * 60_000 + 1_000); // whatever count earlier tests stored has run out
    const first = await app.client().html("/");
    const count = Number(usersStat(first.html));
    expect(count).toBeGreaterThanOrEqual(1);
    await signUpThroughApp(app, "second@example.com");

    later(3 * 60_000);
    const within = await app.client().html("/");
    expect(within.response.headers.get("X-Cache")).toBe("hit");
    expect(usersStat(within.html)).toBe(String(count));

    later(60_000 + 1_000);
    const after = await app.client().html("/");
    expect(after.response.headers.get("X-Cache")).toBe("miss");
    expect(usersStat(after.html)).toBe(String(count + 1));
    expect(stats.calls).toBe(2);
    // A new count is a new page: the old validators no longer match.
    expect(after.response.headers.get("ETag")).not.toBe(first.response.headers.get("ETag"));
  });

  it("does not store the landing page while the live count is unavailable", async () => {
    later(30 * 60_000); // past what the previous test stored on its moved clock
    app.server.use(http.post(`${LOCAL_SUPABASE_URL}/rest/v1/rpc/get_platform_stats`, () => new Response("{}", { status: 500 })));
    for (let i = 0; i < 2; i++) {
      // The page shows the last figure it had (or the placeholder), and is rendered anew each time.
      const { response } = await app.client().html("/");
      expect(response.status).toBe(200);
      expect(response.headers.get("X-Cache")).toBe("miss");
    }
  });
});

describe("the stylesheet inside the document", () => {
  it("is the built stylesheet's exact text, on stored and rendered pages alike, with the link kept for hydration, disabled", async () => {
    const assets = path.join(import.meta.dirname, "../../../build/client/assets");
    const file = readdirSync(assets).find((name) => /^app-[\w-]+\.css$/.test(name))!;
    // The file ends with a newline; the inline copy does not.
    const css = readFileSync(path.join(assets, file), "utf8");
    const visitor = app.client();
    const member = await signUpThroughApp(app, "styles@example.com");
    // The visitor's second `/` comes from the page cache; the member's pages are rendered.
    const pages: Array<[AppClient, string]> = [[visitor, "/"], [visitor, "/"], [visitor, "/auth"], [member, "/"], [member, "/dashboard"]];
    for (const [client, pathname] of pages) {
      const { status, html } = await client.html(pathname);
      expect(status, pathname).toBe(200);
      const inline = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
      expect(inline, pathname).toBe(css.trimEnd());
      expect(html, pathname).toContain(`<link nonce="" rel="stylesheet" href="/assets/${file}" disabled=""/>`);
      expect(html.indexOf("<style>"), pathname).toBeLessThan(html.indexOf('rel="stylesheet"'));
    }
  });

  it("is all a page sent without scripts has: no link, nothing hydrated to match (decision 037)", async () => {
    const assets = path.join(import.meta.dirname, "../../../build/client/assets");
    const css = readFileSync(path.join(assets, readdirSync(assets).find((name) => /^app-[\w-]+\.css$/.test(name))!), "utf8");
    const member = await signUpThroughApp(app, "plain-pages@example.com");
    // Stored (the visitor's second view) and rendered (a member's) alike.
    for (const [client, pathname] of [[app.client(), ARTICLE], [app.client(), ARTICLE], [app.client(), "/about"], [member, "/blog"]] as const) {
      const { status, html } = await client.html(pathname);
      expect(status, pathname).toBe(200);
      expect(/<style>([\s\S]*?)<\/style>/.exec(html)?.[1], pathname).toBe(css.trimEnd());
      expect(html, pathname).not.toContain('rel="stylesheet"');
    }
  });
});
