/** The Node server's page store: bounded in bytes, least recently used out first. */
import { describe, expect, it } from "vitest";
import { isCacheableRequest, MemoryPageStore, type PageEntry } from "~/lib/page-cache.server";

const entry = (text: string): PageEntry => ({
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"]],
  parts: [text],
  etag: 'W/"x"',
  lastModified: 0,
  expiresAt: Number.POSITIVE_INFINITY,
});

describe("MemoryPageStore", () => {
  it("stays within its byte bound, dropping the least recently used entry first", () => {
    const store = new MemoryPageStore(3 * (256 + 2 * 1000 + 2 * 36));
    for (const key of ["a", "b", "c"]) store.put(key, entry("x".repeat(1000)));
    expect(store.get("a")).toBeDefined(); // a is now the most recently used
    store.put("d", entry("x".repeat(1000)));
    expect(store.get("b")).toBeUndefined();
    for (const key of ["a", "c", "d"]) expect(store.get(key), key).toBeDefined();
    expect(store.totalBytes).toBeLessThanOrEqual(3 * (256 + 2 * 1000 + 2 * 36));
  });

  it("never stores an entry larger than the whole bound", () => {
    const store = new MemoryPageStore(1000);
    store.put("big", entry("x".repeat(1000)));
    expect(store.get("big")).toBeUndefined();
    expect(store.totalBytes).toBe(0);
  });
});

describe("isCacheableRequest", () => {
  const request = (path: string, init?: RequestInit) => new Request(`https://tonewise.example${path}`, init);
  it("takes anonymous GETs and HEADs of the public pages only", () => {
    for (const path of ["/", "/about", "/blog", "/blog/some-article", "/terms", "/privacy", "/sitemap.xml", "/robots.txt", "/blog/rss.xml"]) {
      expect(isCacheableRequest(request(path)), path).toBe(true);
      expect(isCacheableRequest(request(path, { method: "HEAD" })), path).toBe(true);
    }
    for (const path of ["/auth", "/dashboard", "/api/v1/me", "/extension/download", "/?a=1", "/blog/a/b", "/blog/Some_Article", "/about.data", "//about"]) {
      expect(isCacheableRequest(request(path)), path).toBe(false);
    }
    expect(isCacheableRequest(request("/", { method: "POST" }))).toBe(false);
    expect(isCacheableRequest(request("/", { headers: { Cookie: "theme=dark; sb-x-auth-token=1" } }))).toBe(false);
    expect(isCacheableRequest(request("/", { headers: { Cookie: "tw_toast=abc" } }))).toBe(false);
    expect(isCacheableRequest(request("/", { headers: { Authorization: "Bearer x" } }))).toBe(false);
    expect(isCacheableRequest(request("/", { headers: { Cookie: "theme=dark" } }))).toBe(true);
  });
});
