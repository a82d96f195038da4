/**
 * The Node server's gzip for stored pages (stored-page-gzip.ts): whatever the page's shape, the
 * body is one valid gzip member (Node's gunzip checks the CRC-32 and the length) that decodes to
 * the page with this response's nonce, for the first response and for later ones that reuse the
 * kept bytes.
 */
import fc from "fast-check";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { PageEntry } from "~/lib/page-cache.server";
import { createStoredPageGzip } from "../../stored-page-gzip.ts";

function entry(parts: string[]): PageEntry {
  return { status: 200, headers: [], parts, etag: 'W/"x"', lastModified: 0, expiresAt: Number.POSITIVE_INFINITY };
}

/** Page-like text: markup and words, some of it repeated, in several scripts. */
const text = (maxLength: number) =>
  fc
    .array(fc.constantFrom('<div class="card">', "</div>", " follow-up ", "Grüße ", "你好 ", "\n", "📨", "a"), { maxLength })
    .map((pieces) => pieces.join(""));
const part = fc.oneof(text(40), text(4_000));
const nonce = fc.base64String({ minLength: 16, maxLength: 24 });

describe("createStoredPageGzip", () => {
  it("decodes to the stored page joined with the response's nonce, whatever its shape", () => {
    const gzip = createStoredPageGzip();
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 8 }), nonce, nonce, (parts, first, second) => {
        const page = entry(parts);
        expect(gunzipSync(gzip.gzip(page, first)).toString()).toBe(parts.join(first));
        // The second response reuses what the first kept.
        expect(gunzipSync(gzip.gzip(page, second)).toString()).toBe(parts.join(second));
      }),
      { numRuns: 200 },
    );
  });

  it("handles the edges: an empty page, no nonce at all, long stretches first, last and side by side", () => {
    const gzip = createStoredPageGzip();
    const long = "<p>Follow up within 48 hours.</p>".repeat(600);
    for (const parts of [[""], ["robots"], [long], [long, long], ["", long, ""], [long, "x", long], ["<head>", long, long, "</html>"]]) {
      expect(gunzipSync(gzip.gzip(entry(parts), "n0nce")).toString()).toBe(parts.join("n0nce"));
    }
  });

  it("compresses a real-sized page about as well as compressing it whole", () => {
    const gzip = createStoredPageGzip();
    const head = Array.from({ length: 20 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="`);
    const body = `"/>${"<section><h2>Why follow up</h2><p>Because replies come on the second message.</p></section>".repeat(900)}<script nonce="`;
    const page = entry([...head, body, `">window.__context = {};</script></body></html>`]);
    const sent = gzip.gzip(page, "A".repeat(22));
    expect(gunzipSync(sent).toString()).toBe(page.parts.join("A".repeat(22)));
    const whole = Buffer.from(page.parts.join("A".repeat(22)));
    expect(sent.byteLength).toBeLessThan(whole.byteLength / 10);
  });

  it("gzips a rendered document around its constant stretch, compressed once and reused", () => {
    const gzip = createStoredPageGzip();
    const style = `<style>${".card{padding:1rem;border-radius:1rem}".repeat(1_200)}</style>`;
    fc.assert(
      fc.property(text(400), text(4_000), fc.boolean(), (before, after, styleLast) => {
        const pieces = [
          { text: before, constant: false },
          { text: style, constant: true },
          ...(styleLast ? [] : [{ text: after, constant: false }]),
        ];
        const whole = pieces.map((piece) => piece.text).join("");
        expect(gunzipSync(gzip.gzipRendered(pieces)).toString()).toBe(whole);
      }),
      { numRuns: 100 },
    );
    // Another document with the same stylesheet, and one with a different stylesheet.
    const other = `<style>${"a{color:red}".repeat(900)}</style>`;
    for (const constant of [style, other, style]) {
      const pieces = [
        { text: "<!DOCTYPE html><html><head>", constant: false },
        { text: constant, constant: true },
        { text: `</head><body>${"<p>Signed in</p>".repeat(500)}</body></html>`, constant: false },
      ];
      const sent = gzip.gzipRendered(pieces);
      expect(gunzipSync(sent).toString()).toBe(pieces.map((piece) => piece.text).join(""));
      expect(sent.byteLength).toBeLessThan(Buffer.byteLength(constant) / 10);
    }
  });
});
