/**
 * Whether a suggestion asked for under a draft id is still for the same message — without keeping
 * the message. A draft remembers a sketch of the last text it was asked for and of the suggestion
 * it got: a sample of SKETCH_SIZE of the text's word pairs, each kept only as a 12-bit keyed hash
 * (4,096 possible values, so a sketch cannot be read back into words, and without the key not even
 * checked against a guess). A later text is the same message when at least half of either sample
 * is still in it: typing on, another tone, a retry, or the text after Replace; not a different
 * message sent under the same draft id to get it polished free (docs/decisions/039).
 *
 * Pure, and fast on the largest message (5,000 characters: about 1,000 word pairs).
 */
export const SKETCH_SIZE = 32;
const VALUE_MASK = 0xfff;
/** The share of the previous sample still present for a text to be the same message. */
const SAME_MESSAGE_SHARE = 0.5;

/** The text's words, lowercased, then every pair of neighbours (a one-word text: that word). */
function wordPairs(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < 2) return words;
  const pairs: string[] = [];
  for (let i = 1; i < words.length; i++) pairs.push(`${words[i - 1]} ${words[i]}`);
  return pairs;
}

/** 32-bit FNV-1a over the text's UTF-16 units, started from the key. */
function keyedHash(key: number, value: string): number {
  let hash = (0x811c9dc5 ^ key) >>> 0;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // A final mix, so the low bits kept below depend on every unit.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** The key the hashes start from, derived from a server secret (never the secret itself). */
export function sketchKey(secret: string): number {
  return keyedHash(0x5bd1e995, `tonewise draft sketch:${secret}`);
}

/** A text's word pairs as keyed hashes, each distinct once: what a sketch is taken from and checked against. */
export function pairHashes(text: string, key: number): number[] {
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

/** Whether a text (its pairHashes) still holds at least half of a previous text's sample. */
export function holdsSketch(previous: readonly number[] | null | undefined, hashes: readonly number[]): boolean {
  if (!previous || previous.length === 0) return false;
  const present = new Set(hashes.map((hash) => hash & VALUE_MASK));
  let kept = 0;
  for (const value of previous) if (present.has(value)) kept++;
  return kept >= previous.length * SAME_MESSAGE_SHARE;
}
