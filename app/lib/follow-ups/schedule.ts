/**
 * When to follow up: "business morning" arithmetic in the user's time zone, pure and shared by
 * the server, the dashboard and the extension. Business days are Monday to Friday; a business
 * morning is 9:00 local time. The blog's guidance drives the defaults: follow up within 48 hours
 * (two business days), then 3–5 business days between follow-ups, at most three follow-ups.
 *
 * Everything is computed on the wall clock of `timeZone` (an IANA name such as
 * "America/New_York") and converted back to an instant, so daylight-saving changes move nothing:
 * 9:00 stays 9:00.
 */
export const BUSINESS_MORNING_HOUR = 9;
export const FIRST_FOLLOW_UP_BUSINESS_DAYS = 2;
/** Business days before each further follow-up: the first, second and third after the initial one. */
export const SEQUENCE_GAPS_BUSINESS_DAYS = [3, 4, 5] as const;
export const RECOMMENDED_MAX_FOLLOW_UPS = 3;

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/**
 * A zone's name as the database's check on `user_settings.time_zone` takes it: IANA names only.
 * The runtime's Intl also takes offsets such as "+05:00", which are not zones (no daylight saving).
 */
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/;

export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== "string" || !TIME_ZONE_NAME.test(timeZone)) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** A valid zone's name as the runtime spells it ("america/new_york" is "America/New_York"). */
export function canonicalTimeZone(timeZone: string): string {
  return formatter(timeZone).resolvedOptions().timeZone;
}

/** The wall-clock time in `timeZone` at `instant`. */
export function wallTime(instant: Date, timeZone: string): WallTime & { second: number } {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const DAY_MS = 86_400_000;

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTime(new Date(instant), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (instant - (instant % 1000));
}

/**
 * The instant at which `timeZone`'s clocks show `wall`. A wall time shown twice (the hour repeated
 * when clocks go back) resolves to its first occurrence; one skipped when clocks go forward moves
 * on by the length of the jump (02:30 → 03:30), as Temporal's "compatible" disambiguation does.
 */
export function instantAt(wall: WallTime, timeZone: string): Date {
  // A zone's rules do not change while the process runs, and the same few mornings are asked for
  // on every page that offers reminder times (each answer costs a dozen Intl calls).
  const key = `${timeZone} ${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}`;
  let instant = instantsByWallTime.get(key);
  if (instant === undefined) {
    instant = findInstantAt(wall, timeZone);
    if (instantsByWallTime.size >= INSTANTS_REMEMBERED) instantsByWallTime.delete(instantsByWallTime.keys().next().value!);
    instantsByWallTime.set(key, instant);
  }
  return new Date(instant);
}

/** Answers of `instantAt` (milliseconds), by zone and wall time; the oldest go first. */
const instantsByWallTime = new Map<string, number>();
const INSTANTS_REMEMBERED = 1024;

function findInstantAt(wall: WallTime, timeZone: string): number {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offsets in force a day either side: equal, unless a transition lies in between.
  const before = offsetAt(naive - DAY_MS, timeZone);
  const after = offsetAt(naive + DAY_MS, timeZone);
  const shows = (instant: number) => {
    const shown = wallTime(new Date(instant), timeZone);
    return shown.year === wall.year && shown.month === wall.month && shown.day === wall.day && shown.hour === wall.hour && shown.minute === wall.minute;
  };
  const candidates = [naive - before, naive - after].filter(shows);
  if (candidates.length > 0) return Math.min(...candidates);
  return naive - before;
}

/** Day of the week of a calendar date: 0 = Sunday … 6 = Saturday. */
function weekday(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

function addDays(date: { year: number; month: number; day: number }, days: number) {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

function isBusinessDay(date: { year: number; month: number; day: number }): boolean {
  const dow = weekday(date.year, date.month, date.day);
  return dow !== 0 && dow !== 6;
}

function morningOf(date: { year: number; month: number; day: number }, timeZone: string): Date {
  return instantAt({ ...date, hour: BUSINESS_MORNING_HOUR, minute: 0 }, timeZone);
}

/** 9:00 on the `count`-th business day after the local date of `from` (weekends skipped). */
export function businessMorningsLater(from: Date, count: number, timeZone: string): Date {
  let day: { year: number; month: number; day: number } = wallTime(from, timeZone);
  for (let remaining = Math.max(1, Math.floor(count)); remaining > 0; ) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) remaining--;
  }
  return morningOf(day, timeZone);
}

/** The default reminder: two business days after `sentAt`, at 9:00 local. */
export function suggestedFollowUp(sentAt: Date, timeZone: string): Date {
  return businessMorningsLater(sentAt, FIRST_FOLLOW_UP_BUSINESS_DAYS, timeZone);
}

/** 9:00 tomorrow (the calendar day after today, local). */
export function tomorrowMorning(now: Date, timeZone: string): Date {
  return morningOf(addDays(wallTime(now, timeZone), 1), timeZone);
}

/** 9:00 on the next business day after today. */
export function nextBusinessMorning(now: Date, timeZone: string): Date {
  return businessMorningsLater(now, 1, timeZone);
}

/** 9:00 seven days from today. */
export function inAWeek(now: Date, timeZone: string): Date {
  return morningOf(addDays(wallTime(now, timeZone), 7), timeZone);
}

/** 9:00 next Monday. */
export function nextWeekMorning(now: Date, timeZone: string): Date {
  const today = wallTime(now, timeZone);
  const dow = weekday(today.year, today.month, today.day);
  return morningOf(addDays(today, ((8 - dow) % 7) || 7), timeZone);
}

/** The latest "later today" may be, local: a snooze in the evening never rings in the night. */
const LATER_TODAY_LATEST_HOUR = 21;

/**
 * Three hours from now, on the next quarter hour, but no earlier than 9:00 and no later than 21:00
 * today (local): snoozed in the small hours, it rings in the morning, not at 4:00. When even 21:00
 * is less than half an hour away (the evening is over), tomorrow morning instead: the confirmation
 * says which.
 */
export function laterToday(now: Date, timeZone: string): Date {
  const quarter = 15 * 60_000;
  const threeHours = new Date(Math.ceil((now.getTime() + 3 * 60 * 60_000) / quarter) * quarter);
  const today = wallTime(now, timeZone);
  const earliest = morningOf(today, timeZone);
  const latest = instantAt({ ...today, hour: LATER_TODAY_LATEST_HOUR, minute: 0 }, timeZone);
  const at = threeHours.getTime() > latest.getTime() ? latest : threeHours.getTime() < earliest.getTime() ? earliest : threeHours;
  return at.getTime() - now.getTime() < 30 * 60_000 ? tomorrowMorning(now, timeZone) : at;
}

/**
 * The next follow-up of a sequence, after the `followUpsSoFar`-th one was sent at `sentAt`:
 * 3, then 4, then 5 business days later. After the third, `suggestStopping` is true (the
 * guidance) — the product suggests it, never enforces it.
 */
export function nextInSequence(sentAt: Date, followUpsSoFar: number, timeZone: string): { at: Date; suggestStopping: boolean } {
  const index = Math.min(Math.max(0, followUpsSoFar), SEQUENCE_GAPS_BUSINESS_DAYS.length - 1);
  return {
    at: businessMorningsLater(sentAt, SEQUENCE_GAPS_BUSINESS_DAYS[index]!, timeZone),
    suggestStopping: followUpsSoFar >= RECOMMENDED_MAX_FOLLOW_UPS,
  };
}

/** The quick choices "Remind me to follow up" offers, computed for `now` in `timeZone`. */
export function reminderChoiceTimes(now: Date, timeZone: string) {
  return {
    suggested: suggestedFollowUp(now, timeZone),
    tomorrow: tomorrowMorning(now, timeZone),
    "three-business-days": businessMorningsLater(now, 3, timeZone),
    week: inAWeek(now, timeZone),
  } as const;
}

/** The same choices as ISO instants (what a loader sends to the page). */
export function reminderChoiceInstants(now: Date, timeZone: string): Record<keyof ReturnType<typeof reminderChoiceTimes>, string> {
  const times = reminderChoiceTimes(now, timeZone);
  return {
    suggested: times.suggested.toISOString(),
    tomorrow: times.tomorrow.toISOString(),
    "three-business-days": times["three-business-days"].toISOString(),
    week: times.week.toISOString(),
  };
}

/** Where a snoozed reminder moves to. */
export function snoozeUntil(choice: "later-today" | "tomorrow" | "next-week", now: Date, timeZone: string): Date {
  if (choice === "later-today") return laterToday(now, timeZone);
  if (choice === "tomorrow") return tomorrowMorning(now, timeZone);
  return nextWeekMorning(now, timeZone);
}
