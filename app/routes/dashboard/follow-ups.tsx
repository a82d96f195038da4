import { useState } from "react";
import { data, href, Link, redirect } from "react-router";
import { ReminderForm } from "~/components/follow-ups/reminder-form";
import { ReminderSection, useFocusAfterReminderChange } from "~/components/follow-ups/reminder-list";
import { timeZoneName } from "~/lib/follow-ups/format";
import type { Route } from "./+types/follow-ups";
import { changeReminderAction, createReminderAction, loadFollowUpsPage } from "./follow-ups.server";
import { dashboardMeta } from "~/lib/seo";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFollowUpsPage(request, context);
}

/**
 * Every form of the page, and Try it's reminder form. A submission the form must show again (an
 * error in what was typed, answered with 400, or the limit of open reminders) re-renders with the
 * values; anything else redirects back here (303), so reloading the page never posts it twice.
 * Try it's form, posted by a fetcher when JavaScript runs, says `stay` and gets the outcome
 * instead of a redirect.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const stay = formData.get("stay") === "1";
  if (intent === "create") {
    const { outcome, status } = await createReminderAction(context, formData);
    if (status !== 200) return data(outcome, { status });
    // A create form that did not go through renders again.
    if (!outcome.created || stay) return outcome;
    return redirect(href("/dashboard/follow-ups"), 303);
  }
  const outcome = await changeReminderAction(context, intent, formData);
  if (stay) return outcome;
  return redirect(href("/dashboard/follow-ups"), 303);
}

export const meta = () => dashboardMeta("Follow-ups", "The follow-ups Tonewise reminds you of: due now, upcoming and done.");

export default function FollowUps({ loaderData, actionData }: Route.ComponentProps) {
  const { timeZone, timeZoneSet, due, upcoming, done, choices } = loaderData;
  const clock = { timeZone, now: new Date(loaderData.now) };
  // A new reminder comes back through a redirect: a fresh form for the next one. Only a newer
  // reminder than any seen: deleting the newest must not empty a form half filled in.
  const newest = [...due, ...upcoming, ...done].reduce((latest, item) => (item.createdAt > latest ? item.createdAt : latest), "");
  const [formGeneration, setFormGeneration] = useState(newest);
  if (newest > formGeneration) setFormGeneration(newest);
  useFocusAfterReminderChange();
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Follow-ups</h1>
        <p className="mt-1 text-slate-600">
          Reminders to follow up at a good time: within two business days, then every three to five, and usually no more than three times.
        </p>
        <p className="mt-2 text-sm text-slate-600">
          {timeZoneSet ? `Times are in ${timeZoneName(timeZone)}. ` : "Times are in UTC until you choose your time zone. "}
          <Link to={href("/dashboard/settings")} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {timeZoneSet ? "Change time zone" : "Set your time zone"}
          </Link>
        </p>
      </header>

      <ReminderSection title="Due now" items={due} state="due" clock={clock} empty="Nothing is due. Nice and tidy." />
      <ReminderSection title="Upcoming" items={upcoming} state="upcoming" clock={clock} empty="No reminders coming up. Set one below or from the extension after you send a message." />

      <section aria-labelledby="new-reminder-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="new-reminder-heading" className="text-lg font-semibold text-slate-900">
          Remind me to follow up
        </h2>
        <p className="mt-1 mb-5 text-sm text-slate-600">A reminder keeps a label, the page to reopen and a time. Never your message.</p>
        <ReminderForm
          key={formGeneration}
          id="new-reminder"
          choices={choices}
          timeZone={timeZone}
          now={loaderData.now}
          requestId={loaderData.reminderRequestId}
          lastResult={actionData?.result}
        />
      </section>

      <ReminderSection title="Done" items={done} state="done" clock={clock} empty="Reminders you mark done appear here." />
    </div>
  );
}
