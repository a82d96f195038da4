import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, href, type useFetcher } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { Field, inputClasses } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { useHydrated } from "~/components/landing/use-hydrated";
import { useValidatedForm } from "~/components/use-validated-form";
import { chosenReminderTime, createReminderFormSchema, FOLLOW_UP_LIMITS, type ReminderChoice } from "~/lib/follow-ups/follow-up-schemas";
import { formatReminderTime } from "~/lib/follow-ups/format";

/** What the Follow-ups page's action answers: the create form's result (the other forms answer with a toast). */
export type ReminderActionResult = { result?: SubmissionResult<string[]>; created?: true };

export type ReminderChoiceTimes = Record<Exclude<ReminderChoice, "custom">, string>;

const CHOICE_LABELS: Record<ReminderChoice, string> = {
  suggested: "Suggested",
  tomorrow: "Tomorrow morning",
  "three-business-days": "In 3 business days",
  week: "In a week",
  custom: "Choose a date and time",
};

type Props = {
  /** Unique per page: the form's and its fields' ids. */
  id: string;
  choices: ReminderChoiceTimes;
  timeZone: string;
  now: string;
  /** A fresh one-time id for the form (see createReminderFormSchema's requestId). */
  requestId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /**
   * Posting from another page (Try it): with JavaScript the form stays where it is (a fetcher);
   * without, it posts to the Follow-ups page, which shows the outcome.
   */
  fetcher?: { Form: ReturnType<typeof useFetcher>["Form"] };
};

/**
 * A date typed in chooses it: ticks "Choose a date and time" (the server reads a posted form the
 * same way). `unlessChosen`: only while the default, Suggested, is ticked (another quick choice
 * ticked after the date was typed is the choice).
 */
function tickTypedDate(input: HTMLInputElement, whenName: string, { unlessChosen = false } = {}) {
  const custom = input.form?.querySelector<HTMLInputElement>(`input[name="${whenName}"][value="custom"]`);
  const ticked = input.form?.querySelector<HTMLInputElement>(`input[name="${whenName}"]:checked`);
  if (unlessChosen && ticked && ticked.value !== "suggested") return;
  if (custom && input.value !== "") custom.checked = true;
}

/**
 * A quick choice ticked after a date was typed is the choice: the date goes, so the server (which,
 * for a form posted without JavaScript, reads a typed date as chosen) saves what is ticked.
 */
function clearTypedDate(input: HTMLInputElement | null) {
  if (input) input.value = "";
}

/**
 * "Remind me to follow up": a label, the page to reopen, and when — the suggested time (two
 * business days later at 9:00), tomorrow morning, in three business days, in a week, or a chosen
 * date and time, each shown in the user's time zone.
 */
export function ReminderForm({ id, choices, timeZone, now, requestId, lastResult, fetcher }: Props) {
  const { form, fields, onSubmit } = useValidatedForm({
    id,
    schema: createReminderFormSchema,
    lastResult,
    defaultValue: { when: "suggested" },
  });
  const FormElement = fetcher ? fetcher.Form : Form;
  const at = new Date(now);
  const whenErrorId = `${fields.when.id}-error`;
  const formError = form.errors?.[0];
  const hydrated = useHydrated();
  const atInput = useRef<HTMLInputElement>(null);
  // A date typed before the page's script ran had no one to tick its option: tick it now.
  useEffect(() => {
    if (atInput.current) tickTypedDate(atInput.current, fields.when.name, { unlessChosen: true });
  }, [fields.when.name]);
  // A refused form comes back with the option the server read: a typed date is a chosen time.
  const checkedChoice = chosenReminderTime({
    when: (fields.when.initialValue as ReminderChoice | undefined) ?? "suggested",
    at: typeof fields.at.initialValue === "string" ? fields.at.initialValue : undefined,
  });

  return (
    <FormElement method="post" action={href("/dashboard/follow-ups")} {...getFormProps(form)} onSubmit={onSubmit} className="space-y-5">
      {fetcher && hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      {/* The instant the choices below were computed for: the server saves the time shown. */}
      <input type="hidden" name={fields.shownAt.name} value={now} />
      {/* Sent again after a failure, the form keeps the id it was sent with: a reminder saved
          before its answer was lost is answered, not saved twice. */}
      <input type="hidden" name={fields.requestId.name} value={typeof fields.requestId.initialValue === "string" ? fields.requestId.initialValue : requestId} />
      <TextField field={fields.label} label="Label" type="text" autoComplete="off" hint="Who or what to follow up on, such as 'Maria Alvarez — demo recap'." />
      <Field id={fields.url.id} label="Page to reopen (optional)" errors={fields.url.errors} hint="The email thread, conversation or CRM record. Only the address is kept.">
        {(aria) => (
          <input
            {...getInputProps(fields.url, { type: "url" })}
            {...aria}
            key={fields.url.key}
            maxLength={FOLLOW_UP_LIMITS.urlMax}
            placeholder="https://"
            className={inputClasses(!!aria["aria-invalid"])}
          />
        )}
      </Field>
      <fieldset aria-describedby={fields.when.errors ? whenErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">When</legend>
        <div className="mt-2 space-y-2">
          {(Object.keys(CHOICE_LABELS) as ReminderChoice[]).map((choice) => (
            <label key={choice} className="flex items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
              <input
                type="radio"
                name={fields.when.name}
                value={choice}
                defaultChecked={checkedChoice === choice}
                key={`${fields.when.key}-${choice}`}
                // Click, not change: React misses the change of a radio that a script unticked
                // (typing a date ticks "Choose a date and time"). Arrow keys click radios too.
                onClick={choice === "custom" ? undefined : () => clearTypedDate(atInput.current)}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>
                <span className="font-medium text-slate-900">{CHOICE_LABELS[choice]}</span>
                {choice !== "custom" ? <span className="block text-slate-600">{formatReminderTime(choices[choice], timeZone, at)}</span> : null}
                {choice === "suggested" ? <span className="block text-xs text-slate-600">Two business days later, at 9:00 in the morning</span> : null}
              </span>
            </label>
          ))}
        </div>
        {fields.when.errors ? (
          <p id={whenErrorId} className="mt-1.5 text-sm font-medium text-red-700">
            {fields.when.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <Field id={fields.at.id} label="Date and time (for a chosen time)" errors={fields.at.errors}>
        {(aria) => (
          <input
            {...getInputProps(fields.at, { type: "datetime-local" })}
            {...aria}
            key={fields.at.key}
            ref={atInput}
            onInput={(event) => tickTypedDate(event.currentTarget, fields.when.name)}
            className={inputClasses(!!aria["aria-invalid"], "sm:max-w-xs")}
          />
        )}
      </Field>
      {formError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formError}
        </p>
      ) : null}
      <SubmitButton className="w-full sm:w-auto" formAction={href("/dashboard/follow-ups")} name="intent" value="create">
        Set reminder
      </SubmitButton>
    </FormElement>
  );
}
