import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  businessMorningsLater,
  inAWeek,
  instantAt,
  isValidTimeZone,
  laterToday,
  nextBusinessMorning,
  nextInSequence,
  nextWeekMorning,
  suggestedFollowUp,
  tomorrowMorning,
  wallTime,
} from "~/lib/follow-ups/schedule";

/** "2026-11-23 14:30" in `timeZone`, as an instant. */
function at(local: string, timeZone: string): Date {
  const [date, time = "00:00"] = local.split(" ");
  const [year, month, day] = date!.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return instantAt({ year: year!, month: month!, day: day!, hour: hour!, minute: minute! }, timeZone);
}

/** The local wall time of an instant, "YYYY-MM-DD HH:MM (Www)". */
function local(instant: Date, timeZone: string): string {
  const wall = wallTime(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  const dow = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).toLocaleDateString("en-US", { weekday: "short", timeZone: "UTC" });
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)} (${dow})`;
}

const NY = "America/New_York";
const BERLIN = "Europe/Berlin";
const TOKYO = "Asia/Tokyo";
const KOLKATA = "Asia/Kolkata";

describe("the suggested follow-up: two business days later, 9:00 local", () => {
  it.each([
    ["2026-11-23 15:00", "2026-11-25 09:00 (Wed)"], // Monday afternoon
    ["2026-11-23 07:00", "2026-11-25 09:00 (Wed)"], // Monday early
    ["2026-11-26 10:00", "2026-11-30 09:00 (Mon)"], // Thursday → Monday
    ["2026-11-27 16:00", "2026-12-01 09:00 (Tue)"], // Friday → Tuesday
    ["2026-11-28 11:00", "2026-12-01 09:00 (Tue)"], // Saturday → Tuesday
    ["2026-11-29 23:59", "2026-12-01 09:00 (Tue)"], // Sunday night → Tuesday
    ["2026-12-30 12:00", "2027-01-01 09:00 (Fri)"], // across the year
  ])("sent %s in New York → %s", (sent, expected) => {
    expect(local(suggestedFollowUp(at(sent, NY), NY), NY)).toBe(expected);
  });

  it("uses the user's time zone, not the server's", () => {
    // 23:30 on Friday in Tokyo is still Friday morning in New York.
    const sent = at("2026-11-27 23:30", TOKYO);
    expect(local(suggestedFollowUp(sent, TOKYO), TOKYO)).toBe("2026-12-01 09:00 (Tue)");
    expect(local(suggestedFollowUp(sent, NY), NY)).toBe("2026-12-01 09:00 (Tue)");
    expect(local(suggestedFollowUp(at("2026-11-23 10:00", KOLKATA), KOLKATA), KOLKATA)).toBe("2026-11-25 09:00 (Wed)");
    // Half-hour offsets survive the round trip.
    expect(suggestedFollowUp(at("2026-11-23 10:00", KOLKATA), KOLKATA).toISOString()).toBe("2026-11-25T03:30:00.000Z");
  });
});

describe("daylight-saving changes keep 9:00 at 9:00", () => {
  it("across the US spring-forward weekend (8 March 2026)", () => {
    const due = suggestedFollowUp(at("2026-03-05 14:00", NY), NY); // Thursday → Monday after the change
    expect(local(due, NY)).toBe("2026-03-09 09:00 (Mon)");
    expect(due.toISOString()).toBe("2026-03-09T13:00:00.000Z"); // EDT, UTC-4
  });

  it("across the US fall-back weekend (1 November 2026)", () => {
    const due = suggestedFollowUp(at("2026-10-29 14:00", NY), NY);
    expect(local(due, NY)).toBe("2026-11-02 09:00 (Mon)");
    expect(due.toISOString()).toBe("2026-11-02T14:00:00.000Z"); // EST, UTC-5
  });

  it("across the EU change (29 March 2026)", () => {
    const due = suggestedFollowUp(at("2026-03-27 09:30", BERLIN), BERLIN);
    expect(local(due, BERLIN)).toBe("2026-03-31 09:00 (Tue)");
    expect(due.toISOString()).toBe("2026-03-31T07:00:00.000Z");
  });

  it("resolves a wall time the clocks skip to just after the jump", () => {
    expect(local(at("2026-03-08 02:30", NY), NY)).toBe("2026-03-08 03:30 (Sun)");
  });
});

describe("the other choices", () => {
  const monday = at("2026-11-23 16:20", BERLIN);
  const friday = at("2026-11-27 16:20", BERLIN);

  it("tomorrow morning is the next calendar day at 9:00", () => {
    expect(local(tomorrowMorning(monday, BERLIN), BERLIN)).toBe("2026-11-24 09:00 (Tue)");
    expect(local(tomorrowMorning(friday, BERLIN), BERLIN)).toBe("2026-11-28 09:00 (Sat)");
  });

  it("the next business morning skips the weekend", () => {
    expect(local(nextBusinessMorning(friday, BERLIN), BERLIN)).toBe("2026-11-30 09:00 (Mon)");
  });

  it("in three business days, in a week, next week", () => {
    expect(local(businessMorningsLater(monday, 3, BERLIN), BERLIN)).toBe("2026-11-26 09:00 (Thu)");
    expect(local(businessMorningsLater(friday, 3, BERLIN), BERLIN)).toBe("2026-12-02 09:00 (Wed)");
    expect(local(inAWeek(monday, BERLIN), BERLIN)).toBe("2026-11-30 09:00 (Mon)");
    expect(local(nextWeekMorning(monday, BERLIN), BERLIN)).toBe("2026-11-30 09:00 (Mon)");
    expect(local(nextWeekMorning(at("2026-11-29 10:00", BERLIN), BERLIN), BERLIN)).toBe("2026-11-30 09:00 (Mon)");
  });

  it("later today is three hours on, rounded up to the quarter hour", () => {
    expect(laterToday(new Date("2026-11-23T10:07:00Z"), "UTC").toISOString()).toBe("2026-11-23T13:15:00.000Z");
    expect(laterToday(new Date("2026-11-23T10:00:00Z"), "UTC").toISOString()).toBe("2026-11-23T13:00:00.000Z");
    expect(local(laterToday(at("2026-11-23 10:07", BERLIN), BERLIN), BERLIN)).toBe("2026-11-23 13:15 (Mon)");
  });

  it("later today never rings in the night: 21:00 at the latest, else tomorrow morning", () => {
    expect(local(laterToday(at("2026-11-27 19:10", BERLIN), BERLIN), BERLIN)).toBe("2026-11-27 21:00 (Fri)");
    expect(local(laterToday(at("2026-11-27 20:20", BERLIN), BERLIN), BERLIN)).toBe("2026-11-27 21:00 (Fri)");
    expect(local(laterToday(at("2026-11-27 22:30", BERLIN), BERLIN), BERLIN)).toBe("2026-11-28 09:00 (Sat)");
    expect(local(laterToday(at("2026-11-27 20:45", NY), NY), NY)).toBe("2026-11-28 09:00 (Sat)");
  });

  it("later today snoozed in the small hours rings at 9:00 at the earliest, not in the night", () => {
    expect(local(laterToday(at("2026-11-27 01:00", NY), NY), NY)).toBe("2026-11-27 09:00 (Fri)");
    expect(local(laterToday(at("2026-11-27 05:50", NY), NY), NY)).toBe("2026-11-27 09:00 (Fri)");
    expect(local(laterToday(at("2026-11-27 06:10", NY), NY), NY)).toBe("2026-11-27 09:15 (Fri)");
  });
});

describe("follow-up sequences", () => {
  it("proposes 3, then 4, then 5 business days, and suggests stopping after the third", () => {
    const sent = at("2026-11-23 10:00", NY);
    expect(local(nextInSequence(sent, 0, NY).at, NY)).toBe("2026-11-26 09:00 (Thu)");
    expect(local(nextInSequence(sent, 1, NY).at, NY)).toBe("2026-11-27 09:00 (Fri)");
    expect(local(nextInSequence(sent, 2, NY).at, NY)).toBe("2026-11-30 09:00 (Mon)");
    expect(nextInSequence(sent, 2, NY).suggestStopping).toBe(false);
    expect(nextInSequence(sent, 3, NY)).toMatchObject({ suggestStopping: true });
    expect(nextInSequence(sent, 7, NY).suggestStopping).toBe(true);
  });
});

describe("properties", () => {
  const zones = [NY, BERLIN, TOKYO, KOLKATA, "Australia/Sydney", "America/Sao_Paulo", "Pacific/Auckland", "UTC"];

  it("every business-morning result is a weekday at 9:00 local, after the start", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom(...zones),
        fc.integer({ min: 1, max: 10 }),
        (from, zone, count) => {
          const due = businessMorningsLater(from, count, zone);
          const wall = wallTime(due, zone);
          const dow = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
          expect(wall.hour).toBe(9);
          expect(wall.minute).toBe(0);
          expect(dow).not.toBe(0);
          expect(dow).not.toBe(6);
          expect(due.getTime()).toBeGreaterThan(from.getTime());
          // Never more than count business days plus two weekends (and a DST hour) away.
          expect(due.getTime() - from.getTime()).toBeLessThan((count + 4) * 86_400_000 + 2 * 7 * 86_400_000 * Math.ceil(count / 5));
        },
      ),
    );
  });

  it("a clock time shown twice (clocks going back) is its first occurrence, east and west of UTC", () => {
    expect(at("2026-10-25 02:30", BERLIN).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(at("2026-11-01 01:30", NY).toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("a clock time skipped (clocks going forward) moves on by the jump", () => {
    expect(at("2026-03-29 02:30", BERLIN).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(local(at("2026-03-29 02:30", BERLIN), BERLIN)).toBe("2026-03-29 03:30 (Sun)");
    expect(local(at("2026-03-08 02:30", NY), NY)).toBe("2026-03-08 03:30 (Sun)");
  });

  it("instantAt and wallTime agree for every 9:00", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2024, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.constantFrom(...zones), (year, month, day, zone) => {
        const wall = wallTime(instantAt({ year, month, day, hour: 9, minute: 0 }, zone), zone);
        expect(wall).toMatchObject({ year, month, day, hour: 9, minute: 0 });
      }),
    );
  });

  it("knows real time zones from made-up ones", () => {
    expect(isValidTimeZone("Europe/Paris")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });
});
