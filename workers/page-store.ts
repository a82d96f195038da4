/**
 * The Worker's public page cache store (app/lib/page-cache.server.ts): the Cache API, in a cache
 * named after the build, so a deploy never answers with the previous build's HTML. An entry is
 * kept as JSON for a day, fresh or not: the page cache answers only from a fresh one, and renders
 * the page again when it has run out, but compares the new rendering with the old entry so that a
 * page that did not change keeps its `Last-Modified` (as the Node server's store does). After a day
 * it is gone, and the page is rendered again as new.
 *
 * The Cache API works on a custom domain; on a workers.dev address it stores nothing (Cloudflare's
 * rule), and every visit is rendered as before.
 */
import type { PageEntry, PageStore } from "../app/lib/page-cache.server";
import type { WorkerExecutionContext } from "./handler";

/** Set per build by vite.config.ts (`define`); "dev" where nothing defines it (unit tests). */
declare const __TONEWISE_BUILD_ID__: string | undefined;
export const BUILD_ID = typeof __TONEWISE_BUILD_ID__ === "string" ? __TONEWISE_BUILD_ID__ : "dev";

const MAX_AGE_SECONDS = 24 * 60 * 60;

type StoredEntry = Omit<PageEntry, "expiresAt"> & { expiresAt: number | null };

export function cacheApiPageStore(storage: CacheStorage, ctx?: WorkerExecutionContext): PageStore {
  let opened: Promise<Cache> | undefined;
  const cache = () => (opened ??= storage.open(`tonewise-pages-${BUILD_ID}`));
  return {
    async get(key) {
      try {
        const found = await (await cache()).match(key);
        if (!found) return undefined;
        const stored = (await found.json()) as StoredEntry;
        return { ...stored, expiresAt: stored.expiresAt ?? Number.POSITIVE_INFINITY };
      } catch {
        return undefined; // A cache that fails answers like an empty one: the page is rendered.
      }
    },
    async put(key, entry) {
      if (!(entry.expiresAt > Date.now())) return;
      const stored: StoredEntry = { ...entry, expiresAt: Number.isFinite(entry.expiresAt) ? entry.expiresAt : null };
      const response = new Response(JSON.stringify(stored), {
        headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${MAX_AGE_SECONDS}` },
      });
      const put = cache()
        .then((opened) => opened.put(key, response))
        .catch(() => undefined);
      if (ctx) ctx.waitUntil(put);
      else await put;
    },
  };
}
