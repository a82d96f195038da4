import "../zod-config";
import { groupDigits } from "../digit-grouping";
import { z } from "zod";
import { isPlainLine } from "../plain-text";
import { FOLLOW_UP_LIMITS } from "./limits";
import { canonicalTimeZone, isValidTimeZone } from "./schedule";

/**
 * Follow-up reminders as the browser and the server both check them: the dashboard's forms and
 * the `/api/v1/follow-ups` bodies. A reminder holds a label, an optional page to reopen and a
 * time, never any of the message it is about.
 */
export { FOLLOW_UP_LIMITS };

export const FOLLOW_UP_MESSAGES = {
  label: "Give the reminder a label, such as 'Maria Alvarez — demo recap'.",
  labelTooLong: `Labels can be at most ${FOLLOW_UP_LIMITS.labelMax} characters.`,
  labelPlain: "Labels can use letters, numbers, spaces and punctuation.",
  url: "Enter a web address starting with http:// or https://, or leave it empty.",
  urlTooLong: `Web addresses can be at most ${FOLLOW_UP_LIMITS.urlMax} characters.`,
  when: "Choose when to be reminded.",
  at: "Choose a date and time.",
  atRange: "Choose a time from now to a year ahead.",
  timeZone: "Choose a time zone from the list.",
} as const;

/** Which per-user limit the database refused a reminder for. */
export type FollowUpLimit = "open" | "total";

/** What the dashboard and the API say when the database refused a reminder, by the limit it named. */
export const FOLLOW_UP_LIMIT_MESSAGES: Record<FollowUpLimit, string> = {
  /** Too many open ones (a new one, or one reopened)… */
  open: `You can have up to ${FOLLOW_UP_LIMITS.maxOpen} open reminders. Mark some done or delete them first.`,
  /** …or too many in all (done ones count until they are removed, 90 days after). */
  total: `You can keep up to ${groupDigits(FOLLOW_UP_LIMITS.maxTotal)} reminders, done ones included (they go 90 days after they were done). Delete some first.`,
};

/** A reminder as the API answers it (and the extension reads it). */
export type FollowUp = {
  id: string;
  label: string;
  url: string | null;
  /** ISO 8601 instant. */
  dueAt: string;
  /** Which follow-up after the first message this is for: 1, 2, 3… */
  followUpNumber: number;
  done: boolean;
  completedAt: string | null;
  createdAt: string;
};

/** An absolute http(s) URL without spaces or control characters. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value) || !isPlainLine(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const followUpLabelField = z
  .string({ message: FOLLOW_UP_MESSAGES.label })
  .trim()
  .min(1, { message: FOLLOW_UP_MESSAGES.label })
  .max(FOLLOW_UP_LIMITS.labelMax, { message: FOLLOW_UP_MESSAGES.labelTooLong })
  .refine(isPlainLine, { message: FOLLOW_UP_MESSAGES.labelPlain });

export const followUpUrlField = z
  .string({ message: FOLLOW_UP_MESSAGES.url })
  .trim()
  .max(FOLLOW_UP_LIMITS.urlMax, { message: FOLLOW_UP_MESSAGES.urlTooLong })
  .refine(isWebAddress, { message: FOLLOW_UP_MESSAGES.url });

/** An IANA zone, stored as the runtime spells it; `message` when the value is not one. */
export function timeZoneSchema(message: string) {
  return z.string({ message }).refine(isValidTimeZone, { message }).transform(canonicalTimeZone);
}

export const timeZoneField = timeZoneSchema(FOLLOW_UP_MESSAGES.timeZone);

/** The quick choices, in the order they are offered. */
export const REMINDER_CHOICES = ["suggested", "tomorrow", "three-business-days", "week", "custom"] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];

export const SNOOZE_CHOICES = ["later-today", "tomorrow", "next-week"] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number];

/** `<input type="datetime-local">`'s value: a wall time, read in the user's time zone. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export function parseLocalDateTime(value: string) {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

/**
 * The time a posted reminder form chose: a date typed in while "Suggested" (the default) was still
 * ticked is a chosen time — without JavaScript nothing ticks "Choose a date and time" for the user.
 */
export function chosenReminderTime(value: { when: ReminderChoice; at?: string | undefined }): ReminderChoice {
  return value.when === "suggested" && (value.at ?? "").trim() !== "" ? "custom" : value.when;
}

/** How old a form's choices may be and still be what the user picked. */
const CHOICES_SHOWN_MAX_AGE_MS = 12 * 60 * 60_000;

/**
 * The instant a posted form's quick choices are computed for: the one they were shown for, so a
 * page opened before midnight saves the "Tomorrow morning" it showed — when that instant is a
 * believable one (the last 12 hours, not ahead of the clock); else `now`.
 */
export function choicesShownAt(shownAt: string | undefined, now: Date): Date {
  const shown = shownAt ? Date.parse(shownAt) : Number.NaN;
  if (Number.isNaN(shown) || shown > now.getTime() + 60_000 || shown < now.getTime() - CHOICES_SHOWN_MAX_AGE_MS) return now;
  return new Date(shown);
}

/**
 * The dashboard's "Remind me to follow up" form. Times are read in the account's time zone (UTC
 * until one is set), which the server looks up: the form sends none.
 */
export const createReminderFormSchema = z
  .object({
    label: followUpLabelField,
    url: followUpUrlField.optional(),
    when: z.enum(REMINDER_CHOICES, { message: FOLLOW_UP_MESSAGES.when }),
    at: z.string().optional(),
    /** The instant the form's choices were shown for (a hidden field): see choicesShownAt. */
    shownAt: z.string().optional(),
    /**
     * The form's one-time id (a hidden field): the same reminder sent again from it (its answer
     * lost) is the one already saved. Anything but a UUID is ignored, never an error on the form.
     */
    requestId: z.uuid().optional().catch(undefined),
  })
  .superRefine((value, context) => {
    if (chosenReminderTime(value) === "custom" && (!value.at || !parseLocalDateTime(value.at))) {
      context.addIssue({ code: "custom", path: ["at"], message: FOLLOW_UP_MESSAGES.at });
    }
  });

/** The reminder a dashboard button acts on. */
export const reminderIdSchema = z.object({ id: z.uuid({ message: "That reminder could not be found." }) });

export const snoozeFormSchema = reminderIdSchema.extend({
  until: z.enum(SNOOZE_CHOICES, { message: "Choose how long to snooze." }),
});

// -------------------------------------------------------------------------------------------------
// The API's bodies
// -------------------------------------------------------------------------------------------------

const isoInstant = z.iso.datetime({ offset: true, message: "dueAt must be an ISO 8601 date and time with a time zone, e.g. 2026-11-25T09:00:00Z." });
const followUpNumberField = z
  .number({ message: `followUpNumber must be a whole number from 1 to ${FOLLOW_UP_LIMITS.maxNumber}.` })
  .int({ message: `followUpNumber must be a whole number from 1 to ${FOLLOW_UP_LIMITS.maxNumber}.` })
  .min(1, { message: `followUpNumber must be a whole number from 1 to ${FOLLOW_UP_LIMITS.maxNumber}.` })
  .max(FOLLOW_UP_LIMITS.maxNumber, { message: `followUpNumber must be a whole number from 1 to ${FOLLOW_UP_LIMITS.maxNumber}.` });

/** `POST /api/v1/follow-ups`. */
export const createFollowUpRequestSchema = z.strictObject(
  {
    label: followUpLabelField,
    url: followUpUrlField.nullable().optional(),
    dueAt: isoInstant,
    followUpNumber: followUpNumberField.optional(),
  },
  { message: "Only label, url, dueAt and followUpNumber can be set." },
);

/**
 * `POST /api/v1/follow-ups`'s optional `Idempotency-Key` header: the client's one-time id for this
 * reminder, 1–255 visible ASCII characters (a UUID, say). Sent again with the same reminder (its
 * answer was lost), the request answers the reminder made the first time.
 */
export const idempotencyKeySchema = z.object({
  "Idempotency-Key": z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { message: "Idempotency-Key must be 1 to 255 visible ASCII characters, e.g. a UUID." })
    .optional(),
});

/** `PATCH /api/v1/follow-ups/:id`: any of these, the rest unchanged. */
export const updateFollowUpRequestSchema = z.strictObject(
  {
    label: followUpLabelField.optional(),
    url: followUpUrlField.nullable().optional(),
    dueAt: isoInstant.optional(),
    done: z.boolean({ message: "done must be true or false." }).optional(),
    followUpNumber: followUpNumberField.optional(),
  },
  { message: "Only label, url, dueAt, done and followUpNumber can be changed." },
);

export const FOLLOW_UP_STATUSES = ["open", "done", "all"] as const;

const LIST_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${FOLLOW_UP_LIMITS.maxOpen}.`;

/** `GET /api/v1/follow-ups`'s query. A page holds up to every open reminder a user can have: a sync never misses one. */
export const listFollowUpsQuerySchema = z.object({
  status: z.enum(FOLLOW_UP_STATUSES, { message: "status must be open, done or all." }).default("open"),
  limit: z.coerce
    .number({ message: LIST_LIMIT_MESSAGE })
    .int({ message: LIST_LIMIT_MESSAGE })
    .min(1, { message: LIST_LIMIT_MESSAGE })
    .max(FOLLOW_UP_LIMITS.maxOpen, { message: LIST_LIMIT_MESSAGE })
    .default(50),
});

/** Whether `dueAt` is in the window a reminder may be set for: a day back to a year ahead of `now`. */
export function isReasonableDueAt(dueAt: Date, now: Date): boolean {
  const time = dueAt.getTime();
  return time >= now.getTime() - 24 * 60 * 60_000 && time <= now.getTime() + FOLLOW_UP_LIMITS.maxDaysAhead * 24 * 60 * 60_000;
}
