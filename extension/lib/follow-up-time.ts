/**
 * The times a follow-up reminder offers, and how they read. The arithmetic is the app's own
 * (app/lib/follow-ups/schedule.ts, shared with the server and the dashboard): business mornings
 * at 9:00 in the user's time zone, weekends skipped.
 */
import type { ReminderChoice as ReminderChoiceName } from "../../app/lib/follow-ups/follow-up-schemas";
import { plainSpaces } from "../../app/lib/follow-ups/format";
import { FOLLOW_UP_LIMITS } from "../../app/lib/follow-ups/limits";
import { instantAt, isValidTimeZone, reminderChoiceTimes, wallTime } from "../../app/lib/follow-ups/schedule";

/** The same choices, with the same names, as the dashboard's form. */
export type ChoiceId = ReminderChoiceName;

export interface ReminderChoice {
  id: Exclude<ChoiceId, "custom">;
  label: string;
  at: Date;
}

/** How far ahead a reminder may be set: a day inside the API's limit, so a slow save is never refused. */
export const MAX_DAYS_AHEAD = FOLLOW_UP_LIMITS.maxDaysAhead - 1;
const DAY_MS = 86_400_000;

/** The browser's own zone: the account's is used when it has one. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isValidTimeZone(zone) ? zone : "UTC";
}

/** The account's zone when it is a real one, else the browser's. */
export function effectiveTimeZone(accountZone: string | null | undefined): string {
  return isValidTimeZone(accountZone) ? accountZone : browserTimeZone();
}

/** The offered times, computed at `now` in `timeZone` by the schedule the dashboard uses. */
export function reminderChoices(now: Date, timeZone: string): ReminderChoice[] {
  const times = reminderChoiceTimes(now, timeZone);
  return [
    { id: "suggested", label: "Suggested: in 2 business days", at: times.suggested },
    { id: "tomorrow", label: "Tomorrow morning", at: times.tomorrow },
    { id: "three-business-days", label: "In 3 business days", at: times["three-business-days"] },
    { id: "week", label: "In a week", at: times.week },
  ];
}

function localDay(instant: Date, timeZone: string): number {
  const wall = wallTime(instant, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day) / DAY_MS;
}

/**
 * A reminder's time as people read it, in `timeZone`: "Thu 9:00 AM" within the coming six days,
 * with the date otherwise ("Thu, Dec 3, 9:00 AM"), and the year when it is not this year's.
 */
export function formatDue(at: Date, timeZone: string, now: Date = new Date()): string {
  const days = localDay(at, timeZone) - localDay(now, timeZone);
  const options: Intl.DateTimeFormatOptions = { timeZone, weekday: "short", hour: "numeric", minute: "2-digit" };
  if (days < 0 || days > 6) {
    options.month = "short";
    options.day = "numeric";
    if (wallTime(at, timeZone).year !== wallTime(now, timeZone).year) options.year = "numeric";
  }
  return plainSpaces(new Intl.DateTimeFormat("en-US", options).format(at));
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `<input type="datetime-local">`'s value for `at`, on `timeZone`'s wall clock (to the minute). */
export function localInputValue(at: Date, timeZone: string): string {
  const w = wallTime(at, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * The instant a `datetime-local` value names on `timeZone`'s wall clock (the account's zone, which
 * may not be the browser's). Seconds, which the input allows, are kept. Null when it is no time.
 */
export function instantFromLocalInput(value: string, timeZone: string): Date | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 23 || minute! > 59 || second > 59) return null;
  // Reject dates that do not exist (Feb 30): JavaScript would roll them over.
  const probe = new Date(Date.UTC(year!, month! - 1, day!));
  if (probe.getUTCMonth() !== month! - 1) return null;
  const at = instantAt({ year: year!, month: month!, day: day!, hour: hour!, minute: minute! }, timeZone);
  return new Date(at.getTime() + second * 1000);
}

/** Why a chosen time cannot be a reminder, or null when it can. A time in the last minute still counts (it rings at once). */
export function dueAtProblem(at: Date | null, now: Date): string | null {
  if (!at || Number.isNaN(at.getTime())) return "Choose a date and time.";
  if (at.getTime() < now.getTime() - 60_000) return "Choose a time in the future.";
  if (at.getTime() > now.getTime() + MAX_DAYS_AHEAD * DAY_MS) return "Choose a time within the next year.";
  return null;
}
