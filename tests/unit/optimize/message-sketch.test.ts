import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changedShare, MAX_CHANGED_SHARE, pairHashes, sipHash24, sipKey, SKETCH_SIZE, sketchKey, sketchOf, type SketchKey } from "~/lib/optimize/message-sketch";
import { EVAL_MESSAGES } from "../../../eval/messages";

const SECRET = "a-cookie-secret-of-at-least-32-characters";
const KEY = await sketchKey(SECRET);
const messageSketch = (text: string, key: SketchKey) => sketchOf(pairHashes(text, key));
/** Whether a text, in one step, changes no more than a draft may in all (decision 046). */
const stillHoldsSketch = (previous: number[] | null, text: string, key: SketchKey) => {
  const changed = changedShare(previous, pairHashes(text, key));
  return changed !== null && changed <= MAX_CHANGED_SHARE;
};
const DRAFT = "hi sam, just following up on the proposal i sent tuesday. the price is $1,200 per month for 15 seats. can we talk this week?";
const POLISHED =
  "Hi Sam,\n\nI'm following up on the proposal I sent on Tuesday. The price is $1,200 per month for 15 seats. Could we talk this week?\n\nBest regards,";

describe("draft sketches", () => {
  it("keep at most 32 numbers of 12 bits, never a word", () => {
    const sketch = messageSketch(EVAL_MESSAGES.map((message) => message.text).join(" "), KEY);
    expect(sketch).toHaveLength(SKETCH_SIZE);
    expect(sketch.every((value) => Number.isInteger(value) && value >= 0 && value < 4096)).toBe(true);
    expect(messageSketch("ok", KEY)).toHaveLength(1);
    expect(messageSketch("", KEY)).toEqual([]);
  });

  it("depend on the key: another server secret gives other numbers", async () => {
    expect(messageSketch(DRAFT, await sketchKey("another-secret-of-at-least-32-characters!!"))).not.toEqual(messageSketch(DRAFT, KEY));
  });

  it("are keyed with 128 bits from the secret: HMAC-SHA-256's first 16 bytes, the key of SipHash-2-4", () => {
    // The key is the secret's HMAC of a fixed label, so nothing shorter than 128 bits stands for the secret.
    const expected = createHmac("sha256", SECRET).update("tonewise draft sketch key").digest();
    expect(KEY).toEqual(sipKey(new DataView(expected.buffer, expected.byteOffset, 16)));
    // SipHash-2-4's reference vectors (key 00..0f; messages 00..n-1), so the hash is the published keyed function.
    const reference = sipKey(new DataView(Uint8Array.from({ length: 16 }, (_, i) => i).buffer));
    const hex = ([hi, lo]: [number, number]) => `${hi.toString(16).padStart(8, "0")}${lo.toString(16).padStart(8, "0")}`;
    expect(hex(sipHash24(reference, 0, (i) => i))).toBe("726fdb47dd0e0e31");
    expect(hex(sipHash24(reference, 1, (i) => i))).toBe("74f839c593dc67fd");
    expect(hex(sipHash24(reference, 8, (i) => i))).toBe("93f5f5799a932462");
    expect(hex(sipHash24(reference, 15, (i) => i))).toBe("a129ca6149be45e5");
  });

  it("know the same message: the same text, typed on, edited a little, or replaced by its suggestion", () => {
    const sketch = messageSketch(DRAFT, KEY);
    expect(stillHoldsSketch(sketch, DRAFT, KEY)).toBe(true);
    expect(stillHoldsSketch(sketch, `${DRAFT} also, happy to set up a quick demo for your team if that helps`, KEY)).toBe(true);
    expect(stillHoldsSketch(sketch, DRAFT.replace("can we talk this week?", "are you free thursday?"), KEY)).toBe(true);
    expect(stillHoldsSketch(messageSketch(POLISHED, KEY), `${POLISHED}\nSam`, KEY)).toBe(true);
  });

  it("tell every other message of the corpus from this one", () => {
    for (const [index, message] of EVAL_MESSAGES.entries()) {
      const sketch = messageSketch(message.text, KEY);
      for (const [otherIndex, other] of EVAL_MESSAGES.entries()) {
        if (otherIndex !== index) expect(stillHoldsSketch(sketch, other.text, KEY), `${message.id} vs ${other.id}`).toBe(false);
      }
    }
  });

  it("tell a different message of the longest length from a short draft", () => {
    const long = EVAL_MESSAGES.map((message) => message.text).join("\n").slice(0, 5_000);
    const draft = "morning rita, the replacement parts shipped this morning and should reach your warehouse by wednesday";
    expect(stillHoldsSketch(messageSketch(draft, KEY), long, KEY)).toBe(false);
    // A text that still holds the draft is the same message, however much was added.
    expect(stillHoldsSketch(messageSketch(draft, KEY), `${long.slice(0, 4_000)}\n${draft}`, KEY)).toBe(true);
  });

  it("property: a text of two words or more holds its own sketch, and so does any text it begins", () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 80 }), fc.array(word, { maxLength: 80 }), (words, more) => {
        const text = words.join(" ");
        const sketch = messageSketch(text, KEY);
        return stillHoldsSketch(sketch, text, KEY) && stillHoldsSketch(sketch, `${text}\n${more.join(" ")}`, KEY);
      }),
    );
  });

  it("find nothing to hold in an empty or missing sketch", () => {
    expect(stillHoldsSketch(null, DRAFT, KEY)).toBe(false);
    expect(stillHoldsSketch([], DRAFT, KEY)).toBe(false);
  });
});
