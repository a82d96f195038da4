import type { RouterContextProvider } from "react-router";
import type { ReminderActionResult } from "~/components/follow-ups/reminder-form";
import { dashboardUser } from "~/lib/dashboard-guard.server";
import { dashboardSummary } from "~/lib/dashboard-summary.server";
import {
  choicesShownAt,
  chosenReminderTime,
  type ReminderChoice,
  createReminderFormSchema,
  FOLLOW_UP_LIMIT_MESSAGES,
  FOLLOW_UP_LIMITS,
  FOLLOW_UP_MESSAGES,
  type FollowUpLimit,
  isReasonableDueAt,
  parseLocalDateTime,
  reminderIdSchema,
  snoozeFormSchema,
  type SnoozeChoice,
} from "~/lib/follow-ups/follow-up-schemas";
import { followUpsOf, type FollowUp } from "~/lib/follow-ups/follow-ups.server";
import { reminderTimePhrase } from "~/lib/follow-ups/format";
import { instantAt, nextInSequence, RECOMMENDED_MAX_FOLLOW_UPS, reminderChoiceInstants, reminderChoiceTimes, snoozeUntil } from "~/lib/follow-ups/schedule";
import { parseFormSubmission, toastDatabaseFailure, validateForm } from "~/lib/form-validation.server";
import { getSupabase } from "~/lib/session.server";
import { loadSettings } from "~/lib/settings.server";
import { flashToast } from "~/lib/toast.server";

/** The Follow-ups page's reads and forms (the route's action dispatches on `intent`). */

const DONE_SHOWN = 20;

function storeFor(context: Readonly<RouterContextProvider>) {
  return followUpsOf(getSupabase(context), dashboardUser(context).id, "session");
}

function zoneOf(timeZone: string | null) {
  return { timeZone: timeZone ?? "UTC", timeZoneSet: timeZone !== null };
}

/** For an action: the user's time zone, and whether they (or their browser) set it; UTC until then. */
export async function reminderTimeZone(context: Readonly<RouterContextProvider>) {
  const { timeZone } = await loadSettings(getSupabase(context), dashboardUser(context).id);
  return zoneOf(timeZone);
}

export async function loadFollowUpsPage(request: Request, context: Readonly<RouterContextProvider>) {
  const store = storeFor(context);
  // The time zone comes with the layout's summary (the same request's read).
  const [zone, open, done] = await Promise.all([
    dashboardSummary(request, context).then(({ settings }) => zoneOf(settings.timeZone)),
    store.list("open", FOLLOW_UP_LIMITS.maxOpen),
    store.list("done", DONE_SHOWN),
  ]);
  const now = new Date();
  const isDue = (item: FollowUp) => new Date(item.dueAt).getTime() <= now.getTime();
  return {
    ...zone,
    now: now.toISOString(),
    due: open.filter(isDue),
    upcoming: open.filter((item) => !isDue(item)),
    done,
    choices: reminderChoiceInstants(now, zone.timeZone),
    reminderRequestId: crypto.randomUUID(),
  };
}

const limitToast = (limit: FollowUpLimit) =>
  ({ variant: "destructive", title: "Error", description: FOLLOW_UP_LIMIT_MESSAGES[limit] }) as const;
const notFoundToast = { variant: "destructive", title: "Error", description: "That reminder could not be found." } as const;

/**
 * A quick choice's time as the form showed it (choicesShownAt), unless that time has passed
 * meanwhile: then as it is now.
 */
function quickChoiceTime(choice: Exclude<ReminderChoice, "custom">, shownAt: string | undefined, now: Date, timeZone: string): Date {
  const shown = reminderChoiceTimes(choicesShownAt(shownAt, now), timeZone)[choice];
  return shown.getTime() > now.getTime() ? shown : reminderChoiceTimes(now, timeZone)[choice];
}

const UNAVAILABLE = {
  create: "The reminder could not be saved. Please try again in a moment.",
  change: "The reminder could not be changed. Please try again in a moment.",
};

/**
 * The "Remind me to follow up" form: its outcome, and the status the route answers it with (400
 * when refused for what was sent, 503 when the database failed: the form again, with the values).
 */
export async function createReminderAction(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
): Promise<{ outcome: ReminderActionResult; status: 200 | 400 | 503 }> {
  const validated = validateForm(context, formData, createReminderFormSchema);
  if (!validated.ok) return { outcome: { result: validated.result }, status: 400 };
  try {
    return await createValidReminder(context, validated);
  } catch (error) {
    toastDatabaseFailure(context, error, UNAVAILABLE.create);
    return { outcome: { result: validated.submission.reply() }, status: 503 };
  }
}

type ValidReminder = Extract<ReturnType<typeof validateForm<typeof createReminderFormSchema>>, { ok: true }>;

async function createValidReminder(
  context: Readonly<RouterContextProvider>,
  validated: ValidReminder,
): Promise<{ outcome: ReminderActionResult; status: 200 | 400 }> {
  const { label, url, at, shownAt, requestId } = validated.value;
  const when = chosenReminderTime(validated.value);
  const now = new Date();
  const { timeZone } = await reminderTimeZone(context);
  const wall = when === "custom" && at ? parseLocalDateTime(at) : null;
  const dueAt = wall ? instantAt(wall, timeZone) : quickChoiceTime(when as Exclude<typeof when, "custom">, shownAt, now, timeZone);
  if (when === "custom" && (dueAt.getTime() < now.getTime() - 60_000 || !isReasonableDueAt(dueAt, now))) {
    flashToast(context, { variant: "destructive", title: "Validation Error", description: FOLLOW_UP_MESSAGES.atRange });
    return { outcome: { result: validated.submission.reply({ fieldErrors: { at: [FOLLOW_UP_MESSAGES.atRange] } }) }, status: 400 };
  }
  const created = await storeFor(context).create({ label, url: url ?? null, dueAt, requestId });
  if ("limitReached" in created) {
    const toast = limitToast(created.limitReached);
    flashToast(context, toast);
    return { outcome: { result: validated.submission.reply({ formErrors: [toast.description] }) }, status: 200 };
  }
  flashToast(context, { variant: "success", title: "Reminder set", description: `We'll remind you ${reminderTimePhrase(dueAt, timeZone, now)}.` });
  return { outcome: { result: validated.submission.reply({ resetForm: true }), created: true }, status: 200 };
}

/** Done, reopen, delete, snooze and "no reply yet": one reminder, by id. Any failure is a toast. */
export async function changeReminderAction(
  context: Readonly<RouterContextProvider>,
  intent: string,
  formData: FormData,
): Promise<ReminderActionResult> {
  try {
    return await changeReminder(context, intent, formData);
  } catch (error) {
    toastDatabaseFailure(context, error, UNAVAILABLE.change);
    return {};
  }
}

async function changeReminder(context: Readonly<RouterContextProvider>, intent: string, formData: FormData): Promise<ReminderActionResult> {
  const submission = parseFormSubmission(formData, intent === "snooze" ? snoozeFormSchema : reminderIdSchema);
  if (submission.status !== "success") {
    flashToast(context, notFoundToast);
    return {};
  }
  const { id, until } = submission.value as { id: string; until?: SnoozeChoice };
  const store = storeFor(context);
  const now = new Date();

  if (intent === "delete") {
    if (await store.remove(id)) flashToast(context, { variant: "success", title: "Reminder deleted", description: "It's gone from your follow-ups." });
    else flashToast(context, notFoundToast);
    return {};
  }

  // Only a new time needs the account's zone: Done and Reopen work when it cannot be read.
  const zone = async () => (await reminderTimeZone(context)).timeZone;
  let change: Parameters<typeof store.update>[1];
  let toast: (item: FollowUp) => { title: string; description: string };
  if (intent === "done") {
    change = { done: true };
    toast = () => ({ title: "Marked done", description: "Nice work. You'll find it under Done." });
  } else if (intent === "reopen") {
    change = { done: false };
    toast = () => ({ title: "Reopened", description: "The reminder is back in your list." });
  } else if (intent === "snooze" && until) {
    const timeZone = await zone();
    change = { dueAt: snoozeUntil(until, now, timeZone), done: false };
    toast = (item) => ({ title: "Snoozed", description: `We'll remind you ${reminderTimePhrase(item.dueAt, timeZone, now)}.` });
  } else if (intent === "next") {
    const current = await store.get(id);
    if (!current) {
      flashToast(context, notFoundToast);
      return {};
    }
    const timeZone = await zone();
    if (current.followUpNumber >= FOLLOW_UP_LIMITS.maxNumber) {
      flashToast(context, { variant: "destructive", title: "Error", description: `A sequence can have at most ${FOLLOW_UP_LIMITS.maxNumber} follow-ups.` });
      return {};
    }
    change = { followUpNumber: current.followUpNumber + 1, dueAt: nextInSequence(now, current.followUpNumber - 1, timeZone).at, done: false };
    toast = (item) => ({
      title: `Follow-up ${item.followUpNumber} scheduled`,
      description:
        `We'll remind you ${reminderTimePhrase(item.dueAt, timeZone, now)}.` +
        (item.followUpNumber > RECOMMENDED_MAX_FOLLOW_UPS ? " Most replies come within three follow-ups, so consider making this the last." : ""),
    });
  } else {
    flashToast(context, { variant: "destructive", title: "Error", description: "That action is not available." });
    return {};
  }

  const updated = await store.update(id, change, now);
  if (updated && "limitReached" in updated) flashToast(context, limitToast(updated.limitReached));
  else if (!updated) flashToast(context, notFoundToast);
  else flashToast(context, { variant: "success", ...toast(updated) });
  return {};
}
