/**
 * How long a message may be, and how its length is counted: shared by the API's schema, the
 * dashboard's Try it form and the extension, which checks before it sends (no zod here, so the
 * extension's service worker can import it alone, with the digit grouping).
 */
import { groupDigits } from "../digit-grouping";

export const MAX_MESSAGE_CHARACTERS = 5_000;

export const MESSAGE_TOO_LONG = `Messages can be at most ${groupDigits(MAX_MESSAGE_CHARACTERS)} characters.`;

/** Characters as people count them (code points), not UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export function isTooLongToSend(text: string): boolean {
  return characterCount(text) > MAX_MESSAGE_CHARACTERS;
}
