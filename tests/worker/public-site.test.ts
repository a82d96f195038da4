/**
 * The public site served by the Worker build in workerd (global-setup.ts starts it with the
 * local backend): every public route, the 404, redirects, security headers, static assets, and
 * forms posted with JavaScript off.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeEntities } from "../../emulators/html.ts";
import { cspNonce, firstHeading, scriptTags, WorkerClient } from "./support/client.ts";

const client = new WorkerClient();
const origin = client.origin;

/** The articles in posts/, by their front matter. */
const posts = readdirSync("posts")
  .filter((file) => file.endsWith(".md"))
  .map((file) => {
    const text = readFileSync(`posts/${file}`, "utf8");
    const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "m").exec(text)?.[1]?.trim() ?? "";
    return { slug: field("slug"), title: field("title").replace(/^["']|["']$/g, "") };
  });

async function page(path: string): Promise<{ response: Response; html: string }> {
  const response = await client.get(path);
  return { response, html: await response.text() };
}

describe("public pages", () => {
  it("has the six articles in posts/", () => {
    expect(posts).toHaveLength(6);
    for (const post of posts) expect(post.slug && post.title).toBeTruthy();
  });

  it.each([
    ["/", "Write messages that get replies."],
    ["/about", "Every message deserves your best words"],
    ["/blog", "Blog"],
    ["/terms", "Terms of Service"],
    ["/privacy", "Privacy Policy"],
  ])("%s renders with its heading", async (path, heading) => {
    const { response, html } = await page(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(decodeEntities(firstHeading(html) ?? "")).toBe(heading);
    expect(html).toMatch(/<title>[^<]*Tonewise[^<]*<\/title>/);
  });

  it("lists every article on /blog", async () => {
    const { html } = await page("/blog");
    for (const post of posts) expect(html).toContain(`href="/blog/${post.slug}"`);
  });

  it.each(posts.map((post) => [post.slug, post.title]))("/blog/%s renders the article", async (slug, title) => {
    const { response, html } = await page(`/blog/${slug}`);
    expect(response.status).toBe(200);
    expect(decodeEntities(firstHeading(html) ?? "")).toBe(title);
    expect(decodeEntities(html)).toContain(`<title>${title} | Tonewise Blog</title>`);
  });

  it("answers an unknown path with the 404 page", async () => {
    for (const path of ["/no-such-page", "/blog/no-such-article"]) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(404);
      expect(html).toContain("Oops! Page not found");
    }
  });

  it("redirects /app to /dashboard", async () => {
    const response = await client.get("/app");
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("Location") ?? "", origin).pathname).toBe("/dashboard");
  });
});

describe("resources", () => {
  it("/healthz answers 200", async () => {
    const response = await client.get("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("/sitemap.xml lists the pages and articles at APP_URL", async () => {
    const response = await client.get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    for (const path of ["/", "/about", "/blog", "/terms", "/privacy", ...posts.map((post) => `/blog/${post.slug}`)]) {
      expect(xml).toContain(`<loc>${new URL(path, origin).toString()}</loc>`);
    }
  });

  it("/robots.txt points at the sitemap", async () => {
    const response = await client.get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it("/blog/rss.xml carries every article", async () => {
    const response = await client.get("/blog/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain("<rss");
    for (const post of posts) expect(xml).toContain(`${origin}/blog/${post.slug}`);
  });
});

describe("security headers", () => {
  it.each(["/", "/auth", "/no-such-page"])("%s carries them, its CSP nonce on every script", async (path) => {
    const { response, html } = await page(path);
    const csp = response.headers.get("Content-Security-Policy");
    const nonce = cspNonce(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");

    // Every script the browser would run inline needs the nonce (JSON-LD data blocks are not run).
    const executable = scriptTags(html).filter((attributes) => {
      const type = /\btype="([^"]*)"/.exec(attributes)?.[1];
      return type === undefined || type === "module" || type === "text/javascript";
    });
    const inline = executable.filter((attributes) => !/\bsrc=/.test(attributes));
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of executable) {
      const scriptNonce = /\bnonce="([^"]*)"/.exec(attributes)?.[1];
      if (inline.includes(attributes) || scriptNonce !== undefined) expect(scriptNonce, attributes).toBe(nonce);
    }
  });

  it.each(["/about", "/blog", "/blog/48-hour-follow-up-rule", "/terms", "/privacy", "/extension/download"])(
    "%s is sent without a script that runs, its data blocks aside (decision 037)",
    async (path) => {
      const { response, html } = await page(path);
      expect(response.status).toBe(200);
      expect(cspNonce(response.headers.get("Content-Security-Policy"))).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const types = scriptTags(html).map((attributes) => /\btype="([^"]*)"/.exec(attributes)?.[1]);
      expect(types.filter((type) => type !== "application/ld+json")).toEqual([]);
      expect(html).not.toContain('rel="modulepreload"');
    },
  );

  it("uses a fresh nonce for each response", async () => {
    const first = cspNonce((await client.get("/about")).headers.get("Content-Security-Policy"));
    const second = cspNonce((await client.get("/about")).headers.get("Content-Security-Policy"));
    expect(first).not.toBe(second);
  });
});

describe("static assets (the assets binding)", () => {
  it("serves hashed bundles with immutable caching", async () => {
    const { html } = await page("/");
    const asset = /(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const response = await client.get(asset ?? "");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await response.body?.cancel();
  });

  it("serves public files, cached for an hour as on the Node server", async () => {
    const response = await client.get("/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.text()).toContain("<svg");
  });
});

describe("request body limits, as on the Node server", () => {
  it("refuses a form post over 64 KB with 413 and a JSON body over 64 KB to the API with 413, without reading them", async () => {
    const big = new URLSearchParams({ email: "a@example.com", filler: "x".repeat(70 * 1024) }).toString();
    const form = await client.request("/blog", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: client.origin },
      body: big,
    });
    expect(form.status).toBe(413);
    const api = await client.request("/api/v1/optimize", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer tw_not-a-real-token" },
      body: JSON.stringify({ text: "x".repeat(70 * 1024) }),
    });
    expect(api.status).toBe(413);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
  });
});

describe("forms with JavaScript off", () => {
  it("re-renders the newsletter form with the error and the value kept", async () => {
    const response = await client.postForm("/blog", { email: "a@b" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Invalid email address");
    expect(html).toMatch(/name="email"[^>]*value="a@b"|value="a@b"[^>]*name="email"/);
  });

  it("subscribes a valid address through the local backend", async () => {
    const response = await client.postForm("/blog", { email: `worker-${Date.now()}@example.com` });
    expect(response.status).toBe(200);
    expect(decodeEntities(await response.text())).toContain(
      "Thanks for subscribing! Look out for our next article in your inbox.",
    );
  });

  it("refuses a post from another site's Origin (React Router's own check: 400, as on Node)", async () => {
    const response = await client.postForm("/blog", { email: "victim@example.com" }, { origin: "https://evil.example" });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain("Thanks for subscribing");
  });

  it("refuses a post the browser marks cross-site with 403 (our CSRF middleware)", async () => {
    const response = await client.request("/blog", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: new URLSearchParams({ email: "victim@example.com" }),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Cross-site request refused");
  });

  it("answers refusals that never read the body without poisoning the next request (no 500s)", async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 40; round++) {
      // React Router refuses the first (400) without reading its body; our middleware the second (403).
      statuses.push((await client.postForm("/blog", { email: "victim@example.com" }, { origin: "https://evil.example" })).status);
      statuses.push(
        (
          await client.request("/blog", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
            body: new URLSearchParams({ email: "victim@example.com" }),
          })
        ).status,
      );
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(40);
    expect(statuses.filter((status) => status === 403)).toHaveLength(40);
  });
});
