/**
 * Follow-up reminders in the service worker (docs/decisions/023): one `chrome.alarms` alarm per
 * open reminder at its time, a notification when it rings, and a record of what was notified so
 * the same reminder never rings twice for the same time. Pure: the service worker feeds it what
 * the API and the browser say and carries out what it answers.
 */
import { FOLLOW_UP_LIMITS } from "../../app/lib/follow-ups/limits";
import type { FollowUp } from "./api";
import { formatDue } from "./follow-up-time";

/** Alarms and notifications of a reminder are named after it. */
export const FOLLOW_UP_PREFIX = "follow-up:";
/** The one notification that stands for the due reminders past the first few of one sync. */
export const SUMMARY_NOTIFICATION = "follow-ups:more-due";
/** At most this many reminders get a notification of their own from one sync (after a week offline, not fifty at once). */
export const MAX_NOTIFICATIONS_PER_SYNC = 3;
/** The periodic sync's alarm. */
export const SYNC_ALARM = "follow-ups:sync";
export const SYNC_PERIOD_MINUTES = 15;
/** How many open reminders one sync reads: the API's largest page, every open reminder a user can have (200), so overdue ones never hide later ones. */
export const SYNC_LIMIT = FOLLOW_UP_LIMITS.maxOpen;
/** How many "notified" records are kept (oldest dropped): far more than a user has open (200 at most). */
export const NOTIFIED_CAP = 1000;
/** An alarm may ring a moment before the server's clock says the time has come. */
const DUE_SLACK_MS = 1_000;
/** Chrome never rings early, but may ring late (a packed extension's alarms wait at least 30 s). */
const LATE_TOLERANCE_MS = 60_000;

/** What the service worker keeps in `storage.local` for reminders (labels and links of open ones; never a message). */
export const FOLLOW_UP_KEYS = {
  /** The last synced open reminders and the account's notifications setting, for when the app cannot be reached. */
  cache: "followUpsCache",
  /** `id@dueAt` of every reminder already notified (or passed over with notifications off). */
  notified: "followUpsNotified",
  /** The link each shown notification opens, by reminder id. */
  links: "followUpLinks",
} as const;

export interface FollowUpCache {
  followUps: FollowUp[];
  notifications: boolean;
  syncedAt: number;
}

export function alarmName(id: string): string {
  return `${FOLLOW_UP_PREFIX}${id}`;
}

/** The reminder an alarm or notification is for, or null for anything else. */
export function reminderIdOf(name: string): string | null {
  return name.startsWith(FOLLOW_UP_PREFIX) && name.length > FOLLOW_UP_PREFIX.length ? name.slice(FOLLOW_UP_PREFIX.length) : null;
}

function dueTime(followUp: Pick<FollowUp, "dueAt">): number {
  return Date.parse(followUp.dueAt);
}

export interface AlarmPlan {
  create: Array<{ name: string; when: number }>;
  clear: string[];
}

/**
 * The alarms to create and clear so that exactly the open reminders still ahead have one, at
 * their time. Reminders already due get none (they are notified by the sync itself); alarms of
 * reminders done, deleted or moved are cleared; other alarms (the periodic sync) are left alone.
 */
export function planAlarms(
  followUps: ReadonlyArray<Pick<FollowUp, "id" | "dueAt" | "done">>,
  existing: ReadonlyArray<{ name: string; scheduledTime: number }>,
  now: number,
): AlarmPlan {
  const wanted = new Map<string, number>();
  for (const followUp of followUps) {
    const when = dueTime(followUp);
    if (!followUp.done && Number.isFinite(when) && when > now + DUE_SLACK_MS) wanted.set(alarmName(followUp.id), when);
  }
  const clear: string[] = [];
  const kept = new Set<string>();
  for (const alarm of existing) {
    if (reminderIdOf(alarm.name) === null) continue;
    const when = wanted.get(alarm.name);
    if (when !== undefined && alarm.scheduledTime >= when && alarm.scheduledTime <= when + LATE_TOLERANCE_MS) kept.add(alarm.name);
    else clear.push(alarm.name);
  }
  const create = [...wanted].filter(([name]) => !kept.has(name)).map(([name, when]) => ({ name, when }));
  return { create, clear };
}

/** One reminder at one time: moved to another time, it may ring again. */
export function notifiedKey(followUp: Pick<FollowUp, "id" | "dueAt">): string {
  return `${followUp.id}@${dueTime(followUp)}`;
}

/** Open reminders whose time has come and that were not notified for this time yet. */
export function dueToNotify<T extends Pick<FollowUp, "id" | "dueAt" | "done">>(followUps: readonly T[], notified: readonly string[], now: number): T[] {
  const seen = new Set(notified);
  return followUps.filter((followUp) => !followUp.done && dueTime(followUp) <= now + DUE_SLACK_MS && !seen.has(notifiedKey(followUp)));
}

/** The record of notified reminders with these added, the oldest dropped past the cap. */
export function rememberNotified(notified: readonly string[], keys: readonly string[], cap = NOTIFIED_CAP): string[] {
  const added = new Set(keys);
  const next = [...notified.filter((key) => !added.has(key)), ...added];
  return next.slice(Math.max(0, next.length - cap));
}

/**
 * The notifications one sync shows for the reminders that came due: one each for the first few,
 * and one for the rest together (titled, like the others, so it reads on its own).
 */
export function notificationsFor<T extends Pick<FollowUp, "id" | "label" | "url" | "dueAt">>(
  due: readonly T[],
  timeZone: string,
  now: Date,
  max = MAX_NOTIFICATIONS_PER_SYNC,
): Array<{ id: string; title: string; message: string }> {
  const shown = due.slice(0, max).map((followUp) => ({ id: alarmName(followUp.id), ...notificationContent(followUp, timeZone, now) }));
  const rest = due.length - shown.length;
  if (rest > 0) {
    shown.push({
      id: SUMMARY_NOTIFICATION,
      title: `Follow up: ${rest} more ${rest === 1 ? "reminder is" : "reminders are"} due`,
      message: "Open your follow-ups to see them all.",
    });
  }
  return shown;
}

/** A link a reminder may open: http(s) only, whatever the server sent. */
export function safeLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The notification of a reminder whose time has come. */
export function notificationContent(followUp: Pick<FollowUp, "label" | "url" | "dueAt">, timeZone: string, now: Date): { title: string; message: string } {
  const link = safeLink(followUp.url);
  const parts = [`Due ${formatDue(new Date(followUp.dueAt), timeZone, now)}`];
  if (link) parts.push(new URL(link).hostname.replace(/^www\./, ""));
  return { title: `Follow up: ${followUp.label}`, message: parts.join(" · ") };
}

/** The next `count` open reminders, soonest first. */
export function upcoming<T extends Pick<FollowUp, "dueAt" | "done">>(followUps: readonly T[], count: number): T[] {
  return followUps
    .filter((followUp) => !followUp.done)
    .toSorted((a, b) => dueTime(a) - dueTime(b))
    .slice(0, count);
}

export function isDue(followUp: Pick<FollowUp, "dueAt">, now: number): boolean {
  return dueTime(followUp) <= now;
}
