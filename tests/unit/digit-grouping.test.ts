/** Numbers and the reset date written without Intl read exactly as Intl writes them in en-US. */
import { describe, expect, it } from "vitest";
import { groupDigits } from "~/lib/digit-grouping";
import { nextResetDate } from "~/lib/usage";

describe("groupDigits", () => {
  it("writes whole numbers as en-US does, commas every three digits", () => {
    for (const value of [0, 7, 30, 999, 1_000, 5_000, 12_345, 999_999, 1_000_000, 1_234_567_890, -1, -1_234, -999_999]) {
      expect(groupDigits(value), String(value)).toBe(value.toLocaleString("en-US"));
    }
  });

  it("rounds a fraction first, as the landing page's counting-up stats need", () => {
    for (const value of [0.4, 999.5, 1_234.49, 2_500.5, -1_234.6]) {
      expect(groupDigits(value), String(value)).toBe(Math.round(value).toLocaleString("en-US"));
    }
  });
});

describe("nextResetDate", () => {
  it("names the first day of the next UTC month as en-US does, in every month and across the year's end", () => {
    const intl = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" });
    for (let month = 0; month < 12; month++) {
      // The last minute of each month (day 0 of the next is the last of this one).
      const now = new Date(Date.UTC(2026, month + 1, 0, 23, 59));
      expect(nextResetDate(now), now.toISOString()).toBe(intl.format(new Date(Date.UTC(2026, month + 1, 1))));
    }
    expect(nextResetDate(new Date("2026-12-15T12:00:00Z"))).toBe("January 1");
  });
});
