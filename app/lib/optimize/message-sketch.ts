import { hmacSha256 } from "../secret-hmac";

/**
 * Whether a suggestion asked for under a draft id is still for the same message — without keeping
 * the message. A draft remembers a sketch of the last text it was asked for and of the suggestion
 * it got: a sample of SKETCH_SIZE of the text's word pairs, each kept only as a 12-bit keyed hash
 * (4,096 possible values, so a sketch cannot be read back into words, and without the server's
 * 128-bit key not even checked against a guess). A later text is the same message when at least
 * half of either sample is still in it: typing on, another tone, a retry, or the text after
 * Replace; not a different message sent under the same draft id to get it polished free
 * (docs/decisions/039). What each re-polish lost of the sample adds up over the draft's free
 * re-polishes, and half is the most a message may lose in all: a block of text kept in every call
 * while the rest is another message each time does not pass as one message (decision 046).
 *
 * Deterministic, and fast on the largest message (5,000 characters: about 1,000 word pairs).
 */
export const SKETCH_SIZE = 32;
const VALUE_MASK = 0xfff;
/** The most of a message's sample its free re-polishes may lose, one by one and in all, and still be that message. */
export const MAX_CHANGED_SHARE = 0.5;

/** The text's words, lowercased, then every pair of neighbours (a one-word text: that word). */
function wordPairs(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < 2) return words;
  const pairs: string[] = [];
  for (let i = 1; i < words.length; i++) pairs.push(`${words[i - 1]} ${words[i]}`);
  return pairs;
}

/**
 * The sketches' key: 128 bits derived from a server secret (never the secret itself), as the four
 * 32-bit halves of SipHash's two 64-bit key words. Without it a sketch cannot be checked against
 * a guessed text: SipHash-2-4 is a keyed pseudorandom function, and 2^128 keys cannot be tried.
 * (A 32-bit key could be: a review recovered one from a known text's sketch in seconds, then
 * guessed words of other drafts' texts. See docs/decisions/039.)
 */
export interface SketchKey {
  readonly k0: readonly [hi: number, lo: number];
  readonly k1: readonly [hi: number, lo: number];
}

/** HMAC-SHA-256 of a fixed label under the secret; its first 16 bytes are the key (little-endian words). */
export async function sketchKey(secret: string): Promise<SketchKey> {
  return sipKey(new DataView(await hmacSha256(secret, "tonewise draft sketch key")));
}

/** A SipHash key from 16 bytes (k0 = bytes 0–7, k1 = bytes 8–15, little-endian). */
export function sipKey(bytes: DataView): SketchKey {
  return {
    k0: [bytes.getUint32(4, true), bytes.getUint32(0, true)],
    k1: [bytes.getUint32(12, true), bytes.getUint32(8, true)],
  };
}

/*
 * SipHash-2-4 (Aumasson and Bernstein, 2012) on 64-bit words held as two unsigned 32-bit halves.
 * The state is v0..v3, each [hi, lo] in `v` at 2i and 2i + 1.
 */
const v = new Uint32Array(8);

function add(a: number, b: number) {
  const lo = (v[a + 1]! + v[b + 1]!) >>> 0;
  v[a] = (v[a]! + v[b]! + (lo < v[a + 1]! ? 1 : 0)) >>> 0;
  v[a + 1] = lo;
}

function rotate(a: number, bits: number) {
  let hi = v[a]!;
  let lo = v[a + 1]!;
  if (bits >= 32) {
    [hi, lo] = [lo, hi];
    bits -= 32;
  }
  if (bits > 0) [hi, lo] = [((hi << bits) | (lo >>> (32 - bits))) >>> 0, ((lo << bits) | (hi >>> (32 - bits))) >>> 0];
  v[a] = hi;
  v[a + 1] = lo;
}

function xor(a: number, b: number) {
  v[a] = (v[a]! ^ v[b]!) >>> 0;
  v[a + 1] = (v[a + 1]! ^ v[b + 1]!) >>> 0;
}

const V0 = 0;
const V1 = 2;
const V2 = 4;
const V3 = 6;

function sipRound() {
  add(V0, V1); rotate(V1, 13); xor(V1, V0); rotate(V0, 32);
  add(V2, V3); rotate(V3, 16); xor(V3, V2);
  add(V0, V3); rotate(V3, 21); xor(V3, V0);
  add(V2, V1); rotate(V1, 17); xor(V1, V2); rotate(V2, 32);
}

/** Absorbs one 64-bit message word [hi, lo]: two compression rounds. */
function absorb(hi: number, lo: number) {
  v[V3] = (v[V3]! ^ hi) >>> 0;
  v[V3 + 1] = (v[V3 + 1]! ^ lo) >>> 0;
  sipRound();
  sipRound();
  v[V0] = (v[V0]! ^ hi) >>> 0;
  v[V0 + 1] = (v[V0 + 1]! ^ lo) >>> 0;
}

/** SipHash-2-4 of `length` bytes, `byteAt(i)` each: the 64-bit result as [hi, lo]. */
export function sipHash24(key: SketchKey, length: number, byteAt: (index: number) => number): [hi: number, lo: number] {
  // "somepseudorandomlygeneratedbytes", xored with the key words.
  v[V0] = (key.k0[0] ^ 0x736f6d65) >>> 0;
  v[V0 + 1] = (key.k0[1] ^ 0x70736575) >>> 0;
  v[V1] = (key.k1[0] ^ 0x646f7261) >>> 0;
  v[V1 + 1] = (key.k1[1] ^ 0x6e646f6d) >>> 0;
  v[V2] = (key.k0[0] ^ 0x6c796765) >>> 0;
  v[V2 + 1] = (key.k0[1] ^ 0x6e657261) >>> 0;
  v[V3] = (key.k1[0] ^ 0x74656462) >>> 0;
  v[V3 + 1] = (key.k1[1] ^ 0x79746573) >>> 0;
  const whole = length - (length % 8);
  const word = (start: number, count: number): [number, number] => {
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < count; i++) {
      if (i < 4) lo |= byteAt(start + i) << (8 * i);
      else hi |= byteAt(start + i) << (8 * (i - 4));
    }
    return [hi >>> 0, lo >>> 0];
  };
  for (let start = 0; start < whole; start += 8) absorb(...word(start, 8));
  // The last word: the remaining bytes, and the length's low byte at the top.
  const [hi, lo] = word(whole, length - whole);
  absorb((hi | ((length & 0xff) << 24)) >>> 0, lo);
  v[V2 + 1] = (v[V2 + 1]! ^ 0xff) >>> 0;
  sipRound();
  sipRound();
  sipRound();
  sipRound();
  return [(v[V0]! ^ v[V1]! ^ v[V2]! ^ v[V3]!) >>> 0, (v[V0 + 1]! ^ v[V1 + 1]! ^ v[V2 + 1]! ^ v[V3 + 1]!) >>> 0];
}

/** A word pair's keyed hash: SipHash-2-4 of its UTF-16 code units (little-endian), the result's low 32 bits. */
function keyedHash(key: SketchKey, value: string): number {
  return sipHash24(key, value.length * 2, (index) => (index & 1 ? value.charCodeAt(index >> 1) >>> 8 : value.charCodeAt(index >> 1) & 0xff))[1];
}

/** A text's word pairs as keyed hashes, each distinct once: what a sketch is taken from and checked against. */
export function pairHashes(text: string, key: SketchKey): number[] {
  return [...new Set(wordPairs(text).map((pair) => keyedHash(key, pair)))];
}

/**
 * A text's sample, from its pairHashes: the word pairs with the SKETCH_SIZE smallest keyed hashes
 * (a fixed, random choice for a given key), each kept as its hash's low 12 bits.
 */
export function sketchOf(hashes: readonly number[]): number[] {
  return [...hashes]
    .sort((a, b) => a - b)
    .slice(0, SKETCH_SIZE)
    .map((hash) => hash & VALUE_MASK);
}

/**
 * The share (0–1) of a previous text's sample a text (its pairHashes) no longer holds, or null
 * when there is no sample to compare with. Typing on loses nothing; a rewritten sentence a little.
 */
export function changedShare(previous: readonly number[] | null | undefined, hashes: readonly number[]): number | null {
  if (!previous || previous.length === 0) return null;
  const present = new Set(hashes.map((hash) => hash & VALUE_MASK));
  let lost = 0;
  for (const value of previous) if (!present.has(value)) lost++;
  return lost / previous.length;
}

/**
 * How much of a draft's message a text changed: against the last text or the last suggestion,
 * whichever it is closer to (after Replace the field holds the suggestion), or null without either.
 */
export function draftChange(sketches: { input: readonly number[] | null; output: readonly number[] | null }, hashes: readonly number[]): number | null {
  const shares = [changedShare(sketches.input, hashes), changedShare(sketches.output, hashes)].filter((share) => share !== null);
  return shares.length === 0 ? null : Math.min(...shares);
}
