import { wallTime } from "./schedule";

/**
 * A reminder's time as people say it, in their time zone: "Today, 9:00 AM", "Tomorrow, 9:00 AM",
 * "Yesterday, 4:30 PM", "Thu, Nov 26, 9:00 AM", and the year when it is not this one. Pure (it
 * takes `now`), so the server and the browser render the same words.
 */
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, key: string, make: () => Intl.DateTimeFormat) {
  let format = cache.get(key);
  if (!format) cache.set(key, (format = make()));
  return format;
}

/**
 * ICU puts a narrow no-break space (or a thin or no-break one) before AM/PM in some versions and
 * not others: one plain space everywhere, so a time reads and searches the same in every browser.
 */
export const plainSpaces = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, " ");

function dayNumber(date: { year: number; month: number; day: number }): number {
  return Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;
}

function reminderParts(at: string | Date, timeZone: string, now: Date): { day: string; relative: boolean; clock: string } {
  const instant = typeof at === "string" ? new Date(at) : at;
  const clock = plainSpaces(
    cached(clockFormats, timeZone, () => new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" })).format(instant),
  );
  const local = wallTime(instant, timeZone);
  const today = wallTime(now, timeZone);
  const days = dayNumber(local) - dayNumber(today);
  const relative = days === 0 ? "Today" : days === 1 ? "Tomorrow" : days === -1 ? "Yesterday" : null;
  if (relative) return { day: relative, relative: true, clock };
  const withYear = local.year !== today.year;
  const date = cached(dateFormats, `${timeZone}|${withYear}`, () =>
    new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", ...(withYear ? { year: "numeric" } : {}) }),
  ).format(instant);
  return { day: plainSpaces(date), relative: false, clock };
}

/** For a list: "Today, 9:00 AM", "Thu, Nov 26, 9:00 AM". */
export function formatReminderTime(at: string | Date, timeZone: string, now: Date): string {
  const { day, clock } = reminderParts(at, timeZone, now);
  return `${day}, ${clock}`;
}

/** For a sentence ("We'll remind you …"): "tomorrow at 9:00 AM", "on Thu, Nov 26 at 9:00 AM". */
export function reminderTimePhrase(at: string | Date, timeZone: string, now: Date): string {
  const { day, relative, clock } = reminderParts(at, timeZone, now);
  return relative ? `${day.toLowerCase()} at ${clock}` : `on ${day} at ${clock}`;
}

/** The place of a zone: "Europe/Berlin" → "Berlin", "America/Argentina/Buenos_Aires" → "Argentina / Buenos Aires". */
export function timeZonePlace(timeZone: string): string {
  const place = timeZone.split("/").slice(1);
  return place.length === 0 ? timeZone : place.join(" / ").replaceAll("_", " ");
}

/**
 * How a zone reads in a sentence: its everyday name and its city — "America/Los_Angeles" →
 * "Pacific Time (Los Angeles)", "Europe/Berlin" → "Central European Time (Berlin)". A zone
 * without such a name (a runtime without the names) reads as its place and region, "Berlin
 * (Europe)"; an offset zone as its place alone ("Etc/GMT+5" → "GMT+5"); UTC as "UTC".
 */
export function timeZoneName(timeZone: string): string {
  const [region] = timeZone.split("/");
  const place = timeZonePlace(timeZone);
  if (place === timeZone) return timeZone;
  if (region === "Etc") return place;
  let everyday: string | undefined;
  try {
    everyday = cached(zoneNameFormats, timeZone, () => new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" }))
      .formatToParts(Date.now())
      .find((part) => part.type === "timeZoneName")?.value;
  } catch {
    everyday = undefined;
  }
  const city = place.split(" / ").at(-1)!;
  return everyday && !everyday.startsWith("GMT") ? `${everyday} (${city})` : `${place} (${region})`;
}
