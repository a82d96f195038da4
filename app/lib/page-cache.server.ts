import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { carriesPersonalCookie } from "./cache-policy.server";
import { splitAtStylesheet } from "./critical-css.server";
import { documentText } from "./document-response.server";
import { cspNonceContext } from "./security-headers.server";

/**
 * Public pages: rendered once, served many times (issue 13, docs/decisions/026-public-page-cache.md).
 *
 * An anonymous GET or HEAD of a public page, without a query string, is answered from a stored
 * rendering: the body as rendered, split where the render's CSP nonce appeared, joined again with
 * this request's nonce (the outer security-headers middleware puts the same nonce in the CSP
 * header). Anything else — a session or toast cookie, an Authorization header, a query, a form
 * post, another path — goes through the app as before and is never stored.
 *
 * The Node server keeps the renderings in memory (an LRU bounded in bytes); the Worker passes a
 * store on the Cache API through `pageStoreContext` (workers/page-store.ts). An entry lives as
 * long as what it shows stays true: forever (until the next deploy) for content that only a deploy
 * changes, until the landing page's live user count is due for a refresh for `/`
 * (`limitPageCache`).
 */

/** The public pages and resources a stored rendering may answer. Articles: /blog/<slug>. */
const PUBLIC_PATHS = new Set(["/", "/about", "/blog", "/terms", "/privacy", "/sitemap.xml", "/robots.txt", "/blog/rss.xml"]);
const ARTICLE_PATH = /^\/blog\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isPublicPagePath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname) || ARTICLE_PATH.test(pathname);
}

/** Whether this request may be answered from, and its answer stored in, the page cache. */
export function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.has("Authorization") || carriesPersonalCookie(request)) return false;
  const url = new URL(request.url);
  return url.search === "" && isPublicPagePath(url.pathname);
}

/** One stored rendering. `parts` is the body split at the render's nonce. */
export interface PageEntry {
  status: number;
  headers: [string, string][];
  parts: string[];
  etag: string;
  /** When the content last changed, ms since the epoch (whole seconds). */
  lastModified: number;
  /** When the entry stops being served, ms since the epoch (Infinity: until the next deploy). */
  expiresAt: number;
}

export interface PageStore {
  get(key: string): Promise<PageEntry | undefined> | PageEntry | undefined;
  put(key: string, entry: PageEntry): Promise<void> | void;
}

/** Approximate bytes an entry holds (UTF-16 strings). */
function entrySize(entry: PageEntry): number {
  let size = 256;
  for (const part of entry.parts) size += part.length * 2;
  for (const [name, value] of entry.headers) size += (name.length + value.length) * 2;
  return size;
}

/** The Node server's store: in memory, least recently used first out, bounded in bytes. */
export class MemoryPageStore implements PageStore {
  private readonly entries = new Map<string, { entry: PageEntry; size: number }>();
  private bytes = 0;
  private readonly maxBytes: number;
  /** 16 MB by default: every public page several times over (a rendered page is 40–120 kB). */
  constructor(maxBytes = 16 * 1024 * 1024) {
    this.maxBytes = maxBytes;
  }

  get(key: string): PageEntry | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    // Most recently used last. An expired entry is still answered (the middleware renders anew,
    // keeping its Last-Modified if the content is the same) until the new rendering replaces it.
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.entry;
  }

  put(key: string, entry: PageEntry): void {
    this.delete(key);
    const size = entrySize(entry);
    if (size > this.maxBytes) return;
    this.entries.set(key, { entry, size });
    this.bytes += size;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  get totalBytes(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const found = this.entries.get(key);
    if (!found) return;
    this.entries.delete(key);
    this.bytes -= found.size;
  }
}

const defaultStore = new MemoryPageStore();

/**
 * Turns a stored page into a gzip body for one response's nonce without compressing the whole
 * page again (the Node server's, stored-page-gzip.ts; decision 032). Absent on the Worker, where
 * Cloudflare compresses.
 */
export interface StoredPageEncoder {
  gzip(entry: PageEntry, nonce: string): Uint8Array<ArrayBuffer>;
  /**
   * A rendered document, in pieces: a `constant` piece is the same text on every response (the
   * inline stylesheet), compressed once and kept; the others are compressed per response.
   */
  gzipRendered(pieces: readonly { text: string; constant: boolean }[]): Uint8Array<ArrayBuffer>;
}

export const storedPageEncoderContext = createContext<StoredPageEncoder | null>(null);

/** Whether Accept-Encoding allows gzip (`gzip`, `x-gzip` or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const item of header.split(",")) {
    const [name = "", ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === "gzip" || name === "x-gzip") return allowed;
    if (name === "*") wildcard = allowed;
  }
  return wildcard;
}

/** The store for this request: the Worker sets one on the Cache API; otherwise the process's memory. */
export const pageStoreContext = createContext<PageStore | null>(null);

/** Until when the page being rendered may be stored (ms since the epoch); loaders lower it. */
const freshnessContext = createContext<{ until: number } | null>(null);

/**
 * For a loader whose data goes stale: the stored rendering must not outlive `until` (ms since the
 * epoch; 0 or a past time: do not store this rendering at all).
 */
export function limitPageCache(context: Readonly<RouterContextProvider>, until: number): void {
  const freshness = context.get(freshnessContext);
  if (freshness) freshness.until = Math.min(freshness.until, until);
}

/** Marks what a cacheable request got (`hit`, `miss`); other requests carry no X-Cache. */
export const CACHE_STATUS_HEADER = "X-Cache";

/** Headers that belong to one response, never stored. */
const PER_RESPONSE_HEADERS = new Set(["date", "content-length", "content-security-policy", "set-cookie", "x-cache"]);

async function digest(text: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...hash.subarray(0, 18)))
    .replaceAll("+", "-")
    .replaceAll("/", "_");
}

/** The entity tags an If-None-Match lists match ours (weak comparison, RFC 9110 §13.1.2). */
function matchesIfNoneMatch(header: string, etag: string): boolean {
  const ours = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === ours;
  });
}

export function isNotModified(request: Request, entry: Pick<PageEntry, "etag" | "lastModified">): boolean {
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null) return matchesIfNoneMatch(ifNoneMatch, entry.etag);
  const ifModifiedSince = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return Number.isFinite(ifModifiedSince) && entry.lastModified <= ifModifiedSince;
}

/** A gzip body with the headers that say so (its encoding and length; the answer varies by Accept-Encoding). */
function gzipResponse(gzipped: Uint8Array<ArrayBuffer>, init: { status: number; statusText?: string; headers: Headers }): Response {
  const { headers } = init;
  headers.set("Content-Encoding", "gzip");
  headers.set("Content-Length", String(gzipped.byteLength));
  if (!/\baccept-encoding\b/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Accept-Encoding");
  return new Response(gzipped, init);
}

function answer(
  request: Request,
  entry: PageEntry,
  nonce: string,
  cacheStatus: "hit" | "miss",
  encoder: StoredPageEncoder | null,
): Response {
  const headers = new Headers(entry.headers);
  headers.set("ETag", entry.etag);
  headers.set("Last-Modified", new Date(entry.lastModified).toUTCString());
  headers.set(CACHE_STATUS_HEADER, cacheStatus);
  // A page carries a nonce meant for one response: a CDN must not keep it to answer others (a
  // browser may keep its own copy and revalidate it with the validators above).
  if (headers.get("Content-Type")?.startsWith("text/html")) headers.set("CDN-Cache-Control", "no-store");
  if (isNotModified(request, entry)) {
    // The browser keeps the body it has, with the nonce it came with: no body, no new CSP (see
    // securityHeadersMiddleware), so the stored page and its policy stay a matching pair.
    for (const name of ["Content-Type", "Content-Length"]) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  if (request.method === "HEAD") return new Response(null, { status: entry.status, headers });
  if (encoder && acceptsGzip(request.headers.get("Accept-Encoding"))) {
    return gzipResponse(encoder.gzip(entry, nonce), { status: entry.status, headers });
  }
  return new Response(entry.parts.join(nonce), { status: entry.status, headers });
}

/**
 * Root middleware, inside the security-headers and cache-policy middleware (which add the CSP
 * with this request's nonce and the Cache-Control to a stored answer as to a rendered one) and
 * before everything that reads cookies, sessions or toasts.
 */
export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!isCacheableRequest(request)) return next();
  const url = new URL(request.url);
  const key = `${url.origin}${url.pathname}`;
  const store = context.get(pageStoreContext) ?? defaultStore;
  const nonce = context.get(cspNonceContext);
  const now = Date.now();

  const stored = await store.get(key);
  const encoder = context.get(storedPageEncoderContext);
  if (stored && stored.expiresAt > now) return answer(request, stored, nonce, "hit", encoder);

  const freshness = { until: Number.POSITIVE_INFINITY };
  context.set(freshnessContext, freshness);
  const response = await next();
  const storable =
    request.method === "GET" &&
    response.status === 200 &&
    response.body !== null &&
    nonce !== "" &&
    !response.headers.has("Set-Cookie") &&
    !/\b(?:private|no-store)\b/.test(response.headers.get("Cache-Control") ?? "") &&
    freshness.until > now;
  if (!storable) {
    try {
      response.headers.set(CACHE_STATUS_HEADER, "miss");
    } catch {
      // Immutable headers: left as they are.
    }
    return response;
  }

  const body = await documentText(response);
  const parts = body.split(nonce);
  const headers = [...response.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()));
  const etag = `W/"${await digest(`${response.status}\n${JSON.stringify(headers)}\n${parts.join("\u0000")}`)}"`;
  // Content that did not change keeps the date it last changed (a re-render of `/` after its count
  // refresh, with the same count, is the same page).
  const lastModified = stored?.etag === etag ? stored.lastModified : Math.floor(now / 1000) * 1000;
  const entry: PageEntry = { status: response.status, headers, parts, etag, lastModified, expiresAt: freshness.until };
  await store.put(key, entry);
  return answer(request, entry, nonce, "miss", encoder);
};

/**
 * Root middleware, just outside the page cache: a rendered page that was not stored (a signed-in
 * page, a form's answer, an error page) goes out gzipped on the Node server with the inline
 * stylesheet's compressed bytes made once and reused, so each response compresses only its own
 * markup (decision 034). The Worker has no encoder (Cloudflare compresses), and anything already
 * encoded (a stored page), not HTML, or without the stylesheet is left to the server's compression.
 */
export const renderedPageGzipMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const encoder = context.get(storedPageEncoderContext);
  if (
    !encoder ||
    response.body === null ||
    response.headers.has("Content-Encoding") ||
    !response.headers.get("Content-Type")?.startsWith("text/html") ||
    !acceptsGzip(request.headers.get("Accept-Encoding"))
  ) {
    return response;
  }
  const html = await documentText(response);
  const headers = new Headers(response.headers);
  const pieces = splitAtStylesheet(html);
  if (!pieces) return new Response(html, { status: response.status, statusText: response.statusText, headers });
  return gzipResponse(encoder.gzipRendered(pieces), { status: response.status, statusText: response.statusText, headers });
};
