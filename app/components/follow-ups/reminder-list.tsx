import { useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import type { FollowUp } from "~/lib/follow-ups/follow-ups.server";
import { formatReminderTime } from "~/lib/follow-ups/format";
import { RECOMMENDED_MAX_FOLLOW_UPS } from "~/lib/follow-ups/schedule";

type Clock = { timeZone: string; now: Date };

/**
 * Where focus goes once a reminder's button has done its work (with JavaScript; without, every
 * change is a new page): the button's form leaves the page with it, and focus would fall to the
 * document. To the reminder if it is still in the same list (snoozed while upcoming), else the one
 * after it in that list (or before, if it was the last), else that list's heading: focus stays
 * where the user was working, and the page does not jump to the list a reminder moved to. The
 * toast says what happened.
 */
let focusAfterChange: { id: string; neighbourId: string | null; headingId: string } | null = null;

function rememberFocusTarget(form: HTMLFormElement) {
  const item = form.closest("li");
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  const headingId = item?.closest("section")?.getAttribute("aria-labelledby");
  if (!item || !headingId) return;
  focusAfterChange = { id: item.dataset.followUp ?? "", neighbourId: neighbour?.getAttribute("data-follow-up") ?? null, headingId };
}

/**
 * Moves focus as `focusAfterChange` says, once the submission it was set for has come back with
 * the page's new lists (busy, then idle again). A target left by a submission that never came back
 * here (the user went to another page meanwhile) is dropped when the page mounts or unmounts.
 */
export function useFocusAfterReminderChange() {
  const { state } = useNavigation();
  const previousState = useRef(state);
  useEffect(() => {
    focusAfterChange = null;
    return () => {
      focusAfterChange = null;
    };
  }, []);
  useEffect(() => {
    const wasBusy = previousState.current !== "idle";
    previousState.current = state;
    if (state !== "idle" || !wasBusy || !focusAfterChange) return;
    const { id, neighbourId, headingId } = focusAfterChange;
    focusAfterChange = null;
    const inList = (itemId: string | null) => {
      const item = itemId ? document.querySelector<HTMLElement>(`li[data-follow-up="${CSS.escape(itemId)}"]`) : null;
      return item?.closest("section")?.getAttribute("aria-labelledby") === headingId ? item : null;
    };
    (inList(id) ?? inList(neighbourId) ?? document.getElementById(headingId))?.focus();
  }, [state]);
}

/**
 * A button that posts one intent for one reminder (each its own form: works without JavaScript).
 * Its accessible name ends with the reminder's label ("Mark done (Acme renewal)"), so a list of
 * them read aloud says which reminder each acts on.
 */
function ReminderButton({ id, label, intent, children, variant = "secondary", extra, wrap = false }: {
  id: string;
  label: string;
  intent: string;
  children: React.ReactNode;
  variant?: "primary" | "secondary" | "ghost";
  extra?: { name: string; value: string };
  /** A long label that may wrap on a phone. */
  wrap?: boolean;
}) {
  return (
    <Form method="post" className="inline-flex max-w-full" onSubmit={(event) => rememberFocusTarget(event.currentTarget)}>
      <input type="hidden" name="id" value={id} />
      {extra ? <input type="hidden" name={extra.name} value={extra.value} /> : null}
      <button type="submit" name="intent" value={intent} className={buttonClasses(variant, "sm", wrap ? "h-auto! min-h-9 py-1.5 text-left whitespace-normal!" : undefined)}>
        {children}
        <span className="sr-only"> ({label})</span>
      </button>
    </Form>
  );
}

function SnoozeMenu({ id, label }: { id: string; label: string }) {
  return (
    <details className="group relative inline-block">
      <summary className={buttonClasses("secondary", "sm", "list-none")}>
        Snooze<span className="sr-only"> ({label})</span>
      </summary>
      <div className="absolute left-0 z-10 mt-1 flex w-48 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg sm:right-0 sm:left-auto">
        {(
          [
            ["later-today", "Later today"],
            ["tomorrow", "Tomorrow morning"],
            ["next-week", "Next week"],
          ] as const
        ).map(([until, choice]) => (
          <ReminderButton key={until} id={id} label={label} intent="snooze" extra={{ name: "until", value: until }} variant="ghost">
            {choice}
          </ReminderButton>
        ))}
      </div>
    </details>
  );
}

function ReminderItem({ item, clock, state }: { item: FollowUp; clock: Clock; state: "due" | "upcoming" | "done" }) {
  const time = formatReminderTime(state === "done" && item.completedAt ? item.completedAt : item.dueAt, clock.timeZone, clock.now);
  const stopHere = item.followUpNumber >= RECOMMENDED_MAX_FOLLOW_UPS;
  return (
    <li
      className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-follow-up={item.id}
      tabIndex={-1}
      aria-labelledby={`follow-up-${item.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p id={`follow-up-${item.id}`} className="font-semibold break-words text-slate-900">
            {item.label}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">
            {state === "done" ? `Done ${time}` : state === "due" ? `Due ${time}` : time}
            {item.url ? (
              <>
                {" · "}
                <a href={item.url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  Open page<span className="sr-only"> for {item.label} (opens in a new tab)</span>
                </a>
              </>
            ) : null}
          </p>
        </div>
        <Badge tone={state === "due" ? "warning" : "neutral"}>Follow-up {item.followUpNumber}</Badge>
      </div>
      {state !== "done" && stopHere ? (
        <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          This is follow-up {item.followUpNumber}. If there's still no reply after it, consider letting this one rest: most replies come within three
          follow-ups.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {state === "done" ? (
          <ReminderButton id={item.id} label={item.label} intent="reopen">
            Reopen
          </ReminderButton>
        ) : (
          <>
            <ReminderButton id={item.id} label={item.label} intent="done" variant="primary">
              Mark done
            </ReminderButton>
            <ReminderButton id={item.id} label={item.label} intent="next" wrap>
              No reply yet — schedule the next follow-up
            </ReminderButton>
            <SnoozeMenu id={item.id} label={item.label} />
          </>
        )}
        <DeleteReminder id={item.id} label={item.label} />
      </div>
    </li>
  );
}

/**
 * Delete asks first, in the page itself, as Revoke does (decision 052), with or without
 * JavaScript: the button opens a short warning (a `<details>`) whose own button sends the form;
 * choosing Delete again closes it. A reminder deleted is gone, and Delete sits beside the
 * buttons used every day (decision 057).
 */
function DeleteReminder({ id, label }: { id: string; label: string }) {
  const warning = useId();
  return (
    // On a phone the warning spans the reminder's card (the details is not its containing block,
    // the card is), so it never runs off the screen; from sm up it hangs under the button.
    <details className="group inline-block sm:relative">
      <summary className={buttonClasses("ghost", "sm", "list-none group-open:bg-slate-100")}>
        Delete<span className="sr-only"> ({label})</span>
      </summary>
      <Form
        method="post"
        onSubmit={(event) => rememberFocusTarget(event.currentTarget)}
        className="absolute inset-x-4 z-10 mt-1 space-y-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 shadow-lg sm:inset-x-auto sm:right-0 sm:w-64"
      >
        <p id={warning}>The reminder goes for good. This can't be undone.</p>
        <input type="hidden" name="id" value={id} />
        <SubmitButton name="intent" value="delete" variant="danger" describedBy={warning}>
          Delete reminder<span className="sr-only"> ({label})</span>
        </SubmitButton>
      </Form>
    </details>
  );
}

/** One of the page's three lists: due now, upcoming, done. */
export function ReminderSection({
  title,
  items,
  state,
  clock,
  empty,
}: {
  title: string;
  items: FollowUp[];
  state: "due" | "upcoming" | "done";
  clock: Clock;
  empty: string;
}) {
  const headingId = `follow-ups-${state}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {title}
        <span className="text-sm font-normal text-slate-500">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {items.map((item) => (
            <ReminderItem key={item.id} item={item} clock={clock} state={state} />
          ))}
        </ul>
      )}
    </section>
  );
}
