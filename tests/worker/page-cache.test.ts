/**
 * The public page cache on the Worker (Cache API, workers/page-store.ts): an anonymous visitor's
 * repeat visit is answered from the stored rendering with a nonce of its own; a session or a toast
 * renders the page as before and nothing of it is stored; validators and 304s.
 */
import { describe, expect, it } from "vitest";
import { emailsTo } from "./support/backend.ts";
import { cspNonce, WorkerClient } from "./support/client.ts";

const ARTICLE = "/blog/48-hour-follow-up-rule";

function pageNonces(html: string): string[] {
  return [...html.matchAll(/<script[^>]* nonce="([^"]*)"/g)].map(([, nonce]) => nonce!);
}

/** The Cache API's put runs after the answer (waitUntil): asks until a visit is a hit. */
async function untilHit(path: string): Promise<Response> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await new WorkerClient().get(path);
    if (response.headers.get("X-Cache") === "hit") return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} was never answered from the cache`);
}

describe("public page cache (Cache API)", () => {
  it("answers repeat visits from the cache, each with its own nonce matching its CSP", async () => {
    for (const path of ["/", "/about", ARTICLE, "/robots.txt"]) {
      const first = await new WorkerClient().get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("X-Cache"), path).toMatch(/^(hit|miss)$/);
      const firstHtml = await first.text();
      const hit = await untilHit(path);
      const html = await hit.text();
      expect(hit.status, path).toBe(200);
      expect(hit.headers.get("Cache-Control"), path).toBe(first.headers.get("Cache-Control"));
      expect(hit.headers.get("Content-Type"), path).toBe(first.headers.get("Content-Type"));
      if (path === "/robots.txt") {
        expect(html).toBe(firstHtml);
        continue;
      }
      const firstNonce = cspNonce(first.headers.get("Content-Security-Policy"))!;
      const nonce = cspNonce(hit.headers.get("Content-Security-Policy"))!;
      expect(nonce, path).toBeTruthy();
      expect(nonce, path).not.toBe(firstNonce);
      // The landing page's scripts carry it; the others have no script that runs (decision 037).
      expect(new Set(pageNonces(html)), path).toEqual(new Set(path === "/" ? [nonce] : []));
      expect(html.replaceAll(nonce, "N"), path).toBe(firstHtml.replaceAll(firstNonce, "N"));
    }
  });

  it("answers a matching If-None-Match with 304 and no new policy", async () => {
    const hit = await untilHit(ARTICLE);
    await hit.arrayBuffer();
    const etag = hit.headers.get("ETag");
    expect(etag).toMatch(/^W\/"/);
    expect(hit.headers.get("Last-Modified")).toBeTruthy();
    const conditional = await new WorkerClient().get(ARTICLE, { "If-None-Match": etag! });
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get("Content-Security-Policy")).toBeNull();
    expect(await conditional.text()).toBe("");
  });

  it("answers an unchanged If-Modified-Since with 304, and HEAD with the headers alone", async () => {
    const hit = await untilHit(ARTICLE);
    await hit.arrayBuffer();
    const lastModified = hit.headers.get("Last-Modified")!;
    const conditional = await new WorkerClient().get(ARTICLE, { "If-Modified-Since": lastModified });
    expect(conditional.status).toBe(304);
    expect(await conditional.text()).toBe("");

    const head = await new WorkerClient().request(ARTICLE, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toContain("text/html");
    expect(await head.text()).toBe("");
  });

  it("renders a visit with a session or a toast fresh and private, and never stores it", async () => {
    await untilHit("/");
    const address = `worker-cache-${Date.now()}@example.com`;
    const browser = new WorkerClient();
    await browser.postForm("/auth?mode=signup", { mode: "signup", fullName: "Cache Reader", email: address, password: "Sup3rSecret" });
    const [email] = await emailsTo(address);
    const link = new URL(email!.links.find((href) => href.includes("/auth/confirm?"))!);
    expect((await browser.followEmailLink(link)).status).toBe(302);

    const signedIn = await browser.get("/");
    await signedIn.arrayBuffer();
    expect(signedIn.headers.get("X-Cache")).toBeNull();
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");

    expect((await browser.postForm("/auth/sign-out", {})).status).toBe(302);
    expect(browser.cookie("tw_toast")).toBeTruthy();
    const withToast = await browser.get("/");
    const toastHtml = await withToast.text();
    expect(withToast.headers.get("X-Cache")).toBeNull();
    expect(withToast.headers.get("Cache-Control")).toBe("private, no-store");
    expect(toastHtml).toContain("Signed out");

    const anonymous = await new WorkerClient().get("/");
    expect(anonymous.headers.get("X-Cache")).toBe("hit");
    expect(await anonymous.text()).not.toContain("Signed out");
  });

  it("does not store a query, a form answer or a private page", async () => {
    for (const path of ["/?utm_source=x", "/auth", "/dashboard", "/no-such-page"]) {
      for (let i = 0; i < 2; i++) {
        const response = await new WorkerClient().get(path);
        await response.arrayBuffer();
        expect(response.headers.get("X-Cache"), path).not.toBe("hit");
      }
    }
  });
});
