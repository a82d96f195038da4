/**
 * The Worker's page store (workers/page-store.ts) on a stand-in for the Cache API that honours a
 * stored response's `max-age`, as Cloudflare's does. An entry that has run out is still read back
 * (the page cache then renders the page again and keeps `Last-Modified` when nothing changed),
 * until a day has passed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageEntry } from "~/lib/page-cache.server";
import { cacheApiPageStore } from "../../workers/page-store";

/** The Cache API as far as the store uses it: `match` answers until the response's max-age has passed. */
class ExpiringCache {
  readonly #entries = new Map<string, { body: string; until: number }>();
  async match(key: string): Promise<Response | undefined> {
    const found = this.#entries.get(key);
    if (!found || found.until <= Date.now()) return undefined;
    return new Response(found.body);
  }
  async put(key: string, response: Response): Promise<void> {
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("Cache-Control") ?? "")?.[1] ?? 0);
    this.#entries.set(key, { body: await response.text(), until: Date.now() + maxAge * 1000 });
  }
}

function storage(): CacheStorage {
  const cache = new ExpiringCache();
  return { open: async () => cache } as unknown as CacheStorage;
}

const MINUTE = 60_000;
const entry = (expiresAt: number): PageEntry => ({
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"]],
  parts: ["<p>", "</p>"],
  etag: 'W/"same"',
  lastModified: Date.parse("2026-11-20T10:00:00Z"),
  expiresAt,
});

describe("the Worker's page store", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse("2026-11-27T12:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("still reads back an entry whose freshness ran out (with its date and validators), for a day", async () => {
    const store = cacheApiPageStore(storage());
    const expiresAt = Date.now() + 4 * MINUTE;
    await store.put("https://tonewise.example/", entry(expiresAt));
    expect(await store.get("https://tonewise.example/")).toEqual(entry(expiresAt));

    vi.setSystemTime(Date.now() + 5 * MINUTE);
    const stale = await store.get("https://tonewise.example/");
    expect(stale).toMatchObject({ etag: 'W/"same"', lastModified: Date.parse("2026-11-20T10:00:00Z") });
    expect(stale!.expiresAt).toBeLessThan(Date.now());

    vi.setSystemTime(Date.now() + 24 * 60 * MINUTE);
    expect(await store.get("https://tonewise.example/")).toBeUndefined();
  });

  it("stores an entry that never runs out, and none that already has", async () => {
    const store = cacheApiPageStore(storage());
    await store.put("https://tonewise.example/about", entry(Number.POSITIVE_INFINITY));
    expect((await store.get("https://tonewise.example/about"))!.expiresAt).toBe(Number.POSITIVE_INFINITY);
    await store.put("https://tonewise.example/blog", entry(Date.now() - 1));
    expect(await store.get("https://tonewise.example/blog")).toBeUndefined();
  });
});
