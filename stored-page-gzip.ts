/**
 * Gzip for the page cache's stored pages on the Node server (docs/decisions/032): most of a stored
 * page is compressed once and kept; each response compresses only the stretches around its own CSP
 * nonce. The Worker does not use this: Cloudflare compresses its responses itself.
 *
 * A stored page is its text split at the nonce (PageEntry.parts). A gzip body is one DEFLATE stream,
 * a sequence of blocks; a block ended with a sync flush stops on a byte boundary, so the blocks of
 * separately compressed stretches can follow one another, and a back-reference may point into any
 * earlier output. So:
 *   - a long stretch without a nonce (the inline stylesheet and the page's body, in practice) is
 *     compressed once, on its own, when the page is first sent gzipped;
 *   - the short stretches holding nonces (the head's module preloads, the closing scripts) are
 *     compressed per response, each with the end of the stretch before it as its dictionary when
 *     that stretch is a kept one (it is then exactly the output the browser has just decoded);
 *   - the gzip header, and the trailer's CRC-32 and length of this response's text, are written
 *     per response.
 * The result is an ordinary single-member gzip body: any browser, and Node's strict gunzip, read it.
 *
 * A rendered document (a signed-in page, a form's answer: never stored) gets the same treatment for
 * the one long stretch every document shares, the inline stylesheet (decision 030): its DEFLATE
 * blocks are made once per process and reused, and only the document around it is compressed per
 * response (decision 034).
 */
import { constants, crc32, deflateRawSync } from "node:zlib";
import type { PageEntry, StoredPageEncoder } from "./app/lib/page-cache.server.ts";

/** A stretch without a nonce at least this long is compressed once and kept. */
const KEPT_STRETCH_BYTES = 8 * 1024;
/**
 * Compression levels. A kept stretch is compressed once, so thoroughly. What is compressed per
 * response is compressed fast, as servers usually compress dynamic answers (nginx's default is
 * level 1): on a dashboard page level 6 took about a tenth of the server's CPU, level 3 a third of
 * that, for about 600 bytes more in 16 kB (decision 053).
 */
const KEPT_LEVEL = 6;
const PER_RESPONSE_LEVEL = 3;
/**
 * How much of the kept stretch before a per-response one is its dictionary. DEFLATE could reach
 * 32 kB back, but zlib indexes the whole dictionary on every call: the last 4 kB give nearly all
 * of the gain (40 of 200 bytes on a dashboard page) for an eighth of the work.
 */
const DICTIONARY_BYTES = 4 * 1024;
// ID1 ID2, deflate, no flags, no modification time, no extra flags, unknown OS (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

/** Where this response's nonce goes, between two parts of the stored page. */
const NONCE = Symbol("nonce");
type Piece = Buffer | typeof NONCE;

/** A kept stretch (compressed once) or a run of short parts and nonces (compressed per response). */
type Stretch = { kept: true; text: Buffer; deflated: Buffer } | { kept: false; pieces: Piece[] };

function deflate(text: Buffer, last: boolean, level: number, dictionary?: Buffer): Buffer {
  return deflateRawSync(text, {
    level,
    finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    ...(dictionary ? { dictionary } : {}),
  });
}

/** The page as stretches: each long part kept (and compressed here, once), the rest in runs. */
function plan(entry: PageEntry): Stretch[] {
  const stretches: Stretch[] = [];
  let run: Piece[] = [];
  entry.parts.forEach((part, index) => {
    if (index > 0) run.push(NONCE);
    const text = Buffer.from(part, "utf8");
    if (text.byteLength < KEPT_STRETCH_BYTES) {
      run.push(text);
      return;
    }
    if (run.length > 0) stretches.push({ kept: false, pieces: run });
    run = [];
    stretches.push({ kept: true, text, deflated: deflate(text, index === entry.parts.length - 1, KEPT_LEVEL) });
  });
  if (run.length > 0) stretches.push({ kept: false, pieces: run });
  return stretches;
}

/** One gzip member: the header, each stretch's DEFLATE blocks, the CRC-32 and length of the text. */
function encode(stretches: readonly Stretch[], nonceBytes: Buffer) {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  stretches.forEach((stretch, index) => {
    const last = index === stretches.length - 1;
    if (stretch.kept) {
      chunks.push(stretch.deflated);
      crc = crc32(stretch.text, crc);
      length += stretch.text.byteLength;
      return;
    }
    const text = Buffer.concat(stretch.pieces.map((piece) => (piece === NONCE ? nonceBytes : piece)));
    const before = stretches[index - 1];
    const dictionary = before?.kept ? before.text.subarray(Math.max(0, before.text.byteLength - DICTIONARY_BYTES)) : undefined;
    chunks.push(deflate(text, last, PER_RESPONSE_LEVEL, dictionary));
    // zlib's crc32 answers 0 for an empty buffer without memory behind it, whatever the value so far.
    if (text.byteLength > 0) crc = crc32(text, crc);
    length += text.byteLength;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}

/** How many distinct constant stretches of rendered documents are kept (the stylesheet: one per deploy). */
const CONSTANTS_KEPT = 4;

export function createStoredPageGzip(): StoredPageEncoder {
  // Plans live as long as their entry: the memory store drops an entry, the plan goes with it.
  const plans = new WeakMap<PageEntry, Stretch[]>();
  // A rendered document's constant stretches (the inline stylesheet), compressed once each.
  const constants = new Map<string, Stretch & { kept: true }>();
  const keptConstant = (text: string): Stretch => {
    let stretch = constants.get(text);
    if (!stretch) {
      const bytes = Buffer.from(text, "utf8");
      stretch = { kept: true, text: bytes, deflated: deflate(bytes, false, KEPT_LEVEL) };
      if (constants.size >= CONSTANTS_KEPT) constants.delete(constants.keys().next().value!);
      constants.set(text, stretch);
    }
    return stretch;
  };
  return {
    gzip(entry, nonce) {
      let stretches = plans.get(entry);
      if (!stretches) {
        stretches = plan(entry);
        plans.set(entry, stretches);
      }
      return encode(stretches, Buffer.from(nonce, "utf8"));
    },
    gzipRendered(pieces) {
      const stretches: Stretch[] = pieces.map((piece) =>
        piece.constant ? keptConstant(piece.text) : { kept: false, pieces: [Buffer.from(piece.text, "utf8")] },
      );
      // The last stretch ends the DEFLATE stream; a kept one never does (it ends on a sync flush).
      if (stretches.at(-1)?.kept !== false) stretches.push({ kept: false, pieces: [] });
      return encode(stretches, Buffer.alloc(0));
    },
  };
}
