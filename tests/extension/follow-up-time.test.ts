import { describe, expect, it } from "vitest";
import { dueAtProblem, effectiveTimeZone, formatDue, instantFromLocalInput, localInputValue, reminderChoices } from "../../extension/lib/follow-up-time";

const NEW_YORK = "America/New_York";
const BERLIN = "Europe/Berlin";

/** The choices as the card shows them: label and time. */
function shown(now: Date, timeZone: string) {
  return reminderChoices(now, timeZone).map((choice) => [choice.label, formatDue(choice.at, timeZone, now), choice.at.toISOString()]);
}

describe("the times a reminder offers", () => {
  it("on a Wednesday afternoon in New York: Friday, Thursday, Monday and next Wednesday, each at 9:00", () => {
    const now = new Date("2026-11-25T19:30:00Z"); // Wed 14:30 in New York
    expect(shown(now, NEW_YORK)).toEqual([
      ["Suggested: in 2 business days", "Fri 9:00 AM", "2026-11-27T14:00:00.000Z"],
      ["Tomorrow morning", "Thu 9:00 AM", "2026-11-26T14:00:00.000Z"],
      ["In 3 business days", "Mon 9:00 AM", "2026-11-30T14:00:00.000Z"],
      ["In a week", "Wed, Dec 2, 9:00 AM", "2026-12-02T14:00:00.000Z"],
    ]);
  });

  it("on a Friday the business days skip the weekend; tomorrow morning is Saturday", () => {
    const now = new Date("2026-11-27T10:00:00Z"); // Fri 11:00 in Berlin
    expect(shown(now, BERLIN)).toEqual([
      ["Suggested: in 2 business days", "Tue 9:00 AM", "2026-12-01T08:00:00.000Z"],
      ["Tomorrow morning", "Sat 9:00 AM", "2026-11-28T08:00:00.000Z"],
      ["In 3 business days", "Wed 9:00 AM", "2026-12-02T08:00:00.000Z"],
      ["In a week", "Fri, Dec 4, 9:00 AM", "2026-12-04T08:00:00.000Z"],
    ]);
  });

  it("counts days on the user's wall clock: late evening in New York is already the next day in Berlin", () => {
    const now = new Date("2026-11-26T03:30:00Z"); // Wed 22:30 in New York, Thu 04:30 in Berlin
    expect(shown(now, NEW_YORK)[1]).toEqual(["Tomorrow morning", "Thu 9:00 AM", "2026-11-26T14:00:00.000Z"]);
    expect(shown(now, BERLIN)[1]).toEqual(["Tomorrow morning", "Fri 9:00 AM", "2026-11-27T08:00:00.000Z"]);
  });

  it("keeps 9:00 across a daylight-saving change", () => {
    const now = new Date("2026-10-23T12:00:00Z"); // Fri; Berlin leaves summer time on Sunday the 25th
    const [suggested] = reminderChoices(now, BERLIN);
    expect(suggested!.at.toISOString()).toBe("2026-10-27T08:00:00.000Z"); // Tue 9:00 CET (UTC+1)
    expect(formatDue(suggested!.at, BERLIN, now)).toBe("Tue 9:00 AM");
  });
});

describe("how a reminder's time reads", () => {
  const now = new Date("2026-11-25T19:30:00Z"); // Wed in New York

  it("names the weekday within the coming six days, the date beyond, the year when it is another", () => {
    expect(formatDue(new Date("2026-11-25T22:15:00Z"), NEW_YORK, now)).toBe("Wed 5:15 PM");
    expect(formatDue(new Date("2026-12-01T14:00:00Z"), NEW_YORK, now)).toBe("Tue 9:00 AM");
    expect(formatDue(new Date("2026-12-02T14:00:00Z"), NEW_YORK, now)).toBe("Wed, Dec 2, 9:00 AM");
    expect(formatDue(new Date("2026-11-24T14:00:00Z"), NEW_YORK, now)).toBe("Tue, Nov 24, 9:00 AM");
    expect(formatDue(new Date("2027-01-05T14:00:00Z"), NEW_YORK, now)).toBe("Tue, Jan 5, 2027, 9:00 AM");
  });

  it("uses plain spaces (no narrow no-break space before AM/PM)", () => {
    expect(formatDue(new Date("2026-11-26T14:00:00Z"), NEW_YORK, now)).not.toMatch(/[\u202f\u2009]/);
  });
});

describe("a chosen date and time", () => {
  it("is read on the account's wall clock, whatever the browser's zone", () => {
    expect(instantFromLocalInput("2026-11-30T09:15", BERLIN)?.toISOString()).toBe("2026-11-30T08:15:00.000Z");
    expect(instantFromLocalInput("2026-11-30T09:15", NEW_YORK)?.toISOString()).toBe("2026-11-30T14:15:00.000Z");
  });

  it("keeps seconds, which the input allows", () => {
    expect(instantFromLocalInput("2026-11-30T09:15:07", BERLIN)?.toISOString()).toBe("2026-11-30T08:15:07.000Z");
    expect(instantFromLocalInput("2026-11-30T09:15:07.250", BERLIN)?.toISOString()).toBe("2026-11-30T08:15:07.000Z");
  });

  it("is no time when empty, malformed or a day that does not exist", () => {
    for (const value of ["", "tomorrow", "2026-11-30", "2026-13-01T09:00", "2026-02-30T09:00", "2026-11-30T24:00", "2026-11-30 09:00"]) {
      expect(instantFromLocalInput(value, BERLIN), value).toBeNull();
    }
  });

  it("round-trips through the input's value to the minute", () => {
    const at = new Date("2026-11-30T08:15:00Z");
    expect(localInputValue(at, BERLIN)).toBe("2026-11-30T09:15");
    expect(instantFromLocalInput(localInputValue(at, BERLIN), BERLIN)).toEqual(at);
    expect(localInputValue(at, "Asia/Kolkata")).toBe("2026-11-30T13:45");
  });

  it("must be ahead (the last minute still counts) and within a year", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(dueAtProblem(null, now)).toBe("Choose a date and time.");
    expect(dueAtProblem(new Date("2026-11-25T11:58:00Z"), now)).toBe("Choose a time in the future.");
    expect(dueAtProblem(new Date("2026-11-25T11:59:30Z"), now)).toBeNull();
    expect(dueAtProblem(new Date("2026-11-25T12:00:05Z"), now)).toBeNull();
    expect(dueAtProblem(new Date("2027-11-25T11:00:00Z"), now)).toBeNull();
    expect(dueAtProblem(new Date("2027-11-26T12:00:00Z"), now)).toBe("Choose a time within the next year.");
  });
});

describe("the zone reminders are set in", () => {
  it("is the account's when it names a real zone, else the browser's", () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(effectiveTimeZone(BERLIN)).toBe(BERLIN);
    expect(effectiveTimeZone(null)).toBe(browserZone);
    expect(effectiveTimeZone(undefined)).toBe(browserZone);
    expect(effectiveTimeZone("Mars/Olympus_Mons")).toBe(browserZone);
  });
});
