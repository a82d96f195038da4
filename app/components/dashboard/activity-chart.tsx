import { href, Link } from "react-router";
import { toneLabels } from "~/content/preferences";
import type { MessageActivity } from "~/lib/message-activity.server";
import { MONTH_NAMES } from "~/lib/usage";

/** "Jan" … "Dec": en-US's short month names are the long ones' first three letters. */
const SHORT_MONTH_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));

/**
 * "Nov 23" for "2026-11-23", as en-US writes a short month and day. By hand: the chart labels 30
 * days twice per page, and even a shared Intl formatter was a visible share of its render.
 */
function shortDate(date: string) {
  return `${SHORT_MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

function Split({ title, rows, label }: { title: string; rows: MessageActivity["byTone"]; label: (value: string) => string }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing yet.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {rows.map((row) => (
            <li key={row.label} className="flex justify-between gap-3">
              <span>{label(row.label)}</span>
              <span className="font-medium tabular-nums text-slate-900">{row.messages}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Messages per day over the last 30 days, server-rendered (no JavaScript needed), with the splits. */
export function ActivityChart({ activity, analyticsOn }: { activity: MessageActivity | null; analyticsOn: boolean }) {
  return (
    <section aria-labelledby="activity-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
        Last 30 days
      </h2>
      {!analyticsOn ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="activity-off">
          Usage analytics is off, so Tonewise keeps only your monthly message count. Turn it on in{" "}
          <Link to={href("/dashboard/settings")} className="font-medium text-brand-700 underline">
            Settings
          </Link>{" "}
          to see your messages per day, by platform and by tone.
        </p>
      ) : !activity ? (
        <p className="mt-2 text-sm text-slate-600">Your activity could not be loaded right now.</p>
      ) : (
        <ActivityBars activity={activity} />
      )}
    </section>
  );
}

function ActivityBars({ activity }: { activity: MessageActivity }) {
  const peak = Math.max(1, ...activity.days.map((day) => day.messages));
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        {activity.total === 1 ? "1 message" : `${activity.total} messages`} in the last 30 days.
      </p>
      <figure className="mt-4">
        <ol className="flex h-32 items-end gap-0.5 border-b border-slate-200" aria-label="Messages per day">
          {activity.days.map((day) => (
            <li key={day.date} className="flex h-full flex-1 items-end" title={`${shortDate(day.date)}: ${day.messages}`}>
              <span className="sr-only">
                {shortDate(day.date)}: {day.messages}
              </span>
              <span
                aria-hidden="true"
                className="block w-full rounded-t-sm bg-brand-500"
                style={{ height: `${day.messages === 0 ? 0 : Math.max(4, Math.round((day.messages / peak) * 100))}%` }}
              />
            </li>
          ))}
        </ol>
        <figcaption className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
          <span>{shortDate(activity.days[0]!.date)}</span>
          <span>Today</span>
        </figcaption>
      </figure>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <Split title="By platform" rows={activity.byPlatform} label={(value) => value} />
        <Split title="By tone" rows={activity.byTone} label={(value) => toneLabels[value as keyof typeof toneLabels] ?? value} />
      </div>
    </>
  );
}
