import { describe, expect, it } from "vitest";
import { createReminderFormSchema, isReasonableDueAt, isWebAddress, parseLocalDateTime } from "~/lib/follow-ups/follow-up-schemas";
import { formatReminderTime, reminderTimePhrase, timeZoneName } from "~/lib/follow-ups/format";
import { instantAt, reminderChoiceInstants, snoozeUntil } from "~/lib/follow-ups/schedule";

/**
 * What the reminder forms accept, and how reminder times read: the words the dashboard, its
 * toasts and the extension show, in the user's time zone.
 */
const NY = "America/New_York";
const TOKYO = "Asia/Tokyo";
const ny = (year: number, month: number, day: number, hour: number, minute = 0) => instantAt({ year, month, day, hour, minute }, NY);

describe("how a reminder time reads", () => {
  const now = ny(2026, 11, 23, 15, 10); // Monday afternoon in New York

  it.each([
    ["Today, 5:30 PM", ny(2026, 11, 23, 17, 30), "today at 5:30 PM"],
    ["Tomorrow, 9:00 AM", ny(2026, 11, 24, 9), "tomorrow at 9:00 AM"],
    ["Yesterday, 4:05 PM", ny(2026, 11, 22, 16, 5), "yesterday at 4:05 PM"],
    ["Thu, Nov 26, 9:00 AM", ny(2026, 11, 26, 9), "on Thu, Nov 26 at 9:00 AM"],
    ["Mon, Jan 4, 2027, 9:00 AM", ny(2027, 1, 4, 9), "on Mon, Jan 4, 2027 at 9:00 AM"],
  ])("%s", (listed, at, phrase) => {
    expect(formatReminderTime(at, NY, now)).toBe(listed);
    expect(reminderTimePhrase(at.toISOString(), NY, now)).toBe(phrase);
  });

  it("counts days on the user's calendar, not the server's", () => {
    // 9:00 Tuesday in Tokyo is 19:00 Monday in New York: "today" there, "tomorrow" in Tokyo
    // only while Tokyo's clocks still show Monday.
    const tuesdayInTokyo = instantAt({ year: 2026, month: 11, day: 24, hour: 9, minute: 0 }, TOKYO);
    expect(formatReminderTime(tuesdayInTokyo, NY, now)).toBe("Today, 7:00 PM");
    const mondayMorningInNewYork = ny(2026, 11, 23, 8); // 22:00 Monday in Tokyo
    expect(formatReminderTime(tuesdayInTokyo, TOKYO, mondayMorningInNewYork)).toBe("Tomorrow, 9:00 AM");
    expect(formatReminderTime(tuesdayInTokyo, NY, mondayMorningInNewYork)).toBe("Today, 7:00 PM");
  });

  it("names a zone the way a sentence does", () => {
    expect(timeZoneName("America/New_York")).toBe("Eastern Time (New York)");
    expect(timeZoneName("America/Los_Angeles")).toBe("Pacific Time (Los Angeles)");
    expect(timeZoneName("Europe/Berlin")).toBe("Central European Time (Berlin)");
    expect(timeZoneName("America/Argentina/Buenos_Aires")).toBe("Argentina Standard Time (Buenos Aires)");
    expect(timeZoneName("Etc/GMT+5")).toBe("GMT+5");
    expect(timeZoneName("UTC")).toBe("UTC");
  });
});

describe("the quick choices and snoozes", () => {
  it("offers the suggested time, tomorrow morning, three business days and a week, at 9:00 local", () => {
    const friday = ny(2026, 11, 27, 16);
    expect(reminderChoiceInstants(friday, NY)).toEqual({
      suggested: ny(2026, 12, 1, 9).toISOString(),
      tomorrow: ny(2026, 11, 28, 9).toISOString(),
      "three-business-days": ny(2026, 12, 2, 9).toISOString(),
      week: ny(2026, 12, 4, 9).toISOString(),
    });
  });

  it("snoozes to later today, tomorrow morning or next Monday", () => {
    const wednesday = ny(2026, 11, 25, 10, 7);
    expect(snoozeUntil("later-today", wednesday, NY)).toEqual(ny(2026, 11, 25, 13, 15));
    expect(snoozeUntil("tomorrow", wednesday, NY)).toEqual(ny(2026, 11, 26, 9));
    expect(snoozeUntil("next-week", wednesday, NY)).toEqual(ny(2026, 11, 30, 9));
  });
});

describe("what the forms accept", () => {
  it("takes only absolute http(s) addresses for the page to reopen", () => {
    for (const good of ["https://mail.google.com/mail/u/0/#inbox/FMfcg", "http://crm.example.com/deal/42?tab=notes"]) expect(isWebAddress(good)).toBe(true);
    for (const bad of ["javascript:alert(1)", "ftp://example.com/a", "mail.google.com", "https://", "https://exa mple.com", "https://example.com/\u0000", "data:text/html,hi"]) {
      expect(isWebAddress(bad), bad).toBe(false);
    }
  });

  it("reads a chosen date and time, refusing impossible ones", () => {
    expect(parseLocalDateTime("2026-12-01T14:30")).toEqual({ year: 2026, month: 12, day: 1, hour: 14, minute: 30 });
    for (const bad of ["2026-02-30T09:00", "2026-13-01T09:00", "2026-12-01T24:00", "2026-12-01 14:30", "tomorrow", ""]) expect(parseLocalDateTime(bad), bad).toBeNull();
  });

  it("needs a label, and a date and time when 'Choose a date and time' is picked", () => {
    const errors = (fields: Record<string, unknown>) => {
      const parsed = createReminderFormSchema.safeParse(fields);
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
    };
    expect(errors({ label: "Maria — demo", when: "suggested" })).toEqual({});
    expect(errors({ label: " ", when: "suggested" })).toEqual({ label: "Give the reminder a label, such as 'Maria Alvarez — demo recap'." });
    expect(errors({ label: "Maria", when: "custom" })).toEqual({ at: "Choose a date and time." });
    expect(errors({ label: "Maria", when: "someday" })).toEqual({ when: "Choose when to be reminded." });
    expect(errors({ label: "Maria", when: "custom", at: "2026-12-01T09:00" })).toEqual({});
  });

  it("keeps reminders between a day ago and a year ahead", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(isReasonableDueAt(new Date("2026-11-22T12:00:00Z"), now)).toBe(true);
    expect(isReasonableDueAt(new Date("2026-11-22T11:59:00Z"), now)).toBe(false);
    expect(isReasonableDueAt(new Date("2027-11-24T12:00:00Z"), now)).toBe(true);
    expect(isReasonableDueAt(new Date("2027-11-25T12:00:01Z"), now)).toBe(false);
  });
});
