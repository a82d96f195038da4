import { describe, expect, it } from "vitest";

import { addMonths } from "../../../emulators/stripe/calendar.ts";
import { chargeCard } from "../../../emulators/stripe/cards.ts";
import { applyMetadata, parseParams } from "../../../emulators/stripe/forms.ts";

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe("billing calendar", () => {
  it("renews on the same day next month, clamped to the month's last day", () => {
    expect(iso(addMonths(at("2026-11-22T10:30:00Z"), 1))).toBe("2026-12-22T10:30:00.000Z");
    expect(iso(addMonths(at("2026-12-15T00:00:00Z"), 1))).toBe("2027-01-15T00:00:00.000Z");
    const anchor = at("2027-01-31T08:00:00Z");
    expect(iso(addMonths(anchor, 1))).toBe("2027-02-28T08:00:00.000Z");
    expect(iso(addMonths(anchor, 2))).toBe("2027-03-31T08:00:00.000Z");
    expect(iso(addMonths(at("2028-01-31T08:00:00Z"), 1))).toBe("2028-02-29T08:00:00.000Z");
  });
});

describe("form params", () => {
  it("parses bracket notation into nested objects and arrays", () => {
    const params = parseParams(
      new URLSearchParams(
        "line_items[0][price]=p&line_items[0][quantity]=1&line_items[1][price]=q&expand[]=a&expand[]=b.c" +
          "&metadata[user_id]=u1&subscription_data[metadata][k]=v&email=a%2Bb%40example.com",
      ),
    );
    expect(params).toEqual({
      line_items: [{ price: "p", quantity: "1" }, { price: "q" }],
      expand: ["a", "b.c"],
      metadata: { user_id: "u1" },
      subscription_data: { metadata: { k: "v" } },
      email: "a+b@example.com",
    });
  });

  it("merges metadata like Stripe: empty values remove keys, an empty map clears", () => {
    expect(applyMetadata({ a: "1", b: "2" }, { metadata: { b: "", c: "3" } })).toEqual({ a: "1", c: "3" });
    expect(applyMetadata({ a: "1" }, { metadata: "" })).toEqual({});
    expect(applyMetadata({ a: "1" }, {})).toEqual({ a: "1" });
  });
});

describe("test cards", () => {
  const now = at("2026-11-22T00:00:00Z");
  const card = { number: "4242 4242 4242 4242", expiry: "12 / 31", cvc: "123", name: "Wren" };
  it("pays with 4242…, declines 4000…0002 and rejects malformed input", () => {
    expect(chargeCard(card, now)).toEqual({ ok: true });
    expect(chargeCard({ ...card, number: "4000 0000 0000 0002" }, now)).toEqual({
      ok: false,
      kind: "declined",
      message: "Your card was declined.",
    });
    expect(chargeCard({ ...card, number: "4242 4242 4242 4241" }, now)).toMatchObject({ kind: "invalid" });
    expect(chargeCard({ ...card, expiry: "01 / 20" }, now)).toMatchObject({ kind: "invalid" });
    expect(chargeCard({ ...card, cvc: "1" }, now)).toMatchObject({ kind: "invalid" });
  });
});
