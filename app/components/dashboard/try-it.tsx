import { getFormProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { groupDigits } from "~/lib/digit-grouping";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { ReminderActionResult, ReminderChoiceTimes } from "~/components/follow-ups/reminder-form";
import { CopyButton } from "~/components/copy-button";
import { SubmitButton } from "~/components/submit-button";
import { billingCopy } from "~/content/billing";
import { buttonClasses } from "~/components/ui/button";
import { Field, inputClasses, OptionSelect } from "~/components/ui/field";
import { useFirstInvalidFocus } from "~/components/ui/first-invalid-focus";
import { useValidatedForm } from "~/components/use-validated-form";
import { MESSAGE_TYPES, messageTypeLabels, TONES, toneLabels } from "~/content/preferences";
import { MAX_MESSAGE_CHARACTERS, tryItSchema, type MessageType, type Tone } from "~/lib/optimize/request";
import type { TryItOutcome } from "~/lib/optimize/try-it.server";

type Props = {
  outcome: TryItOutcome | undefined;
  /** "Remind me to follow up" under a suggestion: the quick choices' times in the user's zone. */
  reminder: { now: string; timeZone: string; choices: ReminderChoiceTimes; requestId: string };
  defaults: { tone: Tone; messageType: MessageType };
  /** A fresh draft id for this visit (the server's). */
  draftId: string;
  localStandIn: boolean;
};

/**
 * The reminder form and its schema are a chunk of their own: the dashboard needs them only once a
 * suggestion is on screen, so its first download leaves them out (decision 034). The server
 * renders the form in place (entry.server waits for every Suspense boundary), and React hydrates
 * it when the chunk arrives.
 */
const ReminderForm = lazy(() => import("~/components/follow-ups/reminder-form").then((module) => ({ default: module.ReminderForm })));

/** After a suggestion: set a reminder without leaving the page (or, without JavaScript, on the Follow-ups page). */
function TryItReminder({ reminder }: { reminder: Props["reminder"] }) {
  const fetcher = useFetcher<ReminderActionResult>();
  return (
    <details className="mt-4 rounded-xl border border-slate-200 bg-white p-4" data-testid="try-it-reminder">
      <summary className="cursor-pointer text-sm font-semibold text-brand-800">Remind me to follow up</summary>
      <div className="mt-4">
        <Suspense fallback={null}>
          <ReminderForm id="try-it-reminder" {...reminder} fetcher={fetcher} lastResult={fetcher.data?.result} />
        </Suspense>
      </div>
    </details>
  );
}

/** The form's field as OptionSelect takes it: its id, name, starting value and errors. */
function selectFor(field: FieldMetadata<string | undefined>) {
  return { id: field.id, name: field.name, defaultValue: field.initialValue, errors: field.errors };
}

/** Try Tonewise on the dashboard: a message in, a suggestion out, counted like the extension's. */
export function TryItPanel({ outcome, defaults, draftId, localStandIn, reminder }: Props) {
  const { form, fields, onSubmit } = useValidatedForm({
    id: "try-it",
    schema: tryItSchema,
    lastResult: outcome?.result,
    defaultValue: { tone: defaults.tone, messageType: defaults.messageType },
  });
  const result = useRef<HTMLDivElement>(null);
  const suggestion = outcome?.suggestion;
  // Without JavaScript the answer is a new page: the keyboard starts on the suggestion, as the
  // effect below puts it there with JavaScript (unless a field of the page is invalid first).
  const resultFocusedByServer = useFirstInvalidFocus("try-it-result", Boolean(suggestion));
  useEffect(() => {
    if (suggestion) result.current?.focus();
  }, [suggestion]);

  return (
    <section aria-labelledby="try-it-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="try-it-heading" className="text-lg font-semibold text-slate-900">
        Try it
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Paste a message you are about to send and get a polished version. Each new message counts toward your monthly usage,
        just like in the extension.
      </p>
      {localStandIn ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="local-engine-note">
          Suggestions here come from a local, rule-based stand-in until an AI model is configured (see the README).
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} onSubmit={onSubmit} className="mt-4 space-y-4">
        <input type="hidden" name={fields.draftId.name} value={outcome?.draftId ?? draftId} />
        <Field id={fields.text.id} label="Your message" errors={fields.text.errors} hint={`Up to ${groupDigits(MAX_MESSAGE_CHARACTERS)} characters. Your text is never stored.`}>
          {(aria) => (
            <textarea
              {...getTextareaProps(fields.text)}
              {...aria}
              rows={5}
              className={inputClasses(!!fields.text.errors, "h-auto min-h-32 py-2.5")}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <OptionSelect {...selectFor(fields.tone)} label="Tone" options={TONES} labels={toneLabels} />
          <OptionSelect {...selectFor(fields.messageType)} label="Message type" options={MESSAGE_TYPES} labels={messageTypeLabels} />
        </div>
        <SubmitButton className="w-full sm:w-auto">Optimize message</SubmitButton>
      </Form>

      {/* Not a live region: the suggestion takes the focus and is read out then (a live region
          around it read it twice); a problem is an alert of its own. */}
      <div>
        {suggestion ? (
          <div className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4" data-testid="try-it-suggestion">
            <div className="flex items-center justify-between gap-3">
              {/* The tone and type on a line of their own, kept whole: on a phone the heading breaks between them and "Suggestion", never at a "·". */}
              <h3 className="text-sm font-semibold text-brand-900">
                Suggestion<span className="sr-only"> · </span>
                <span className="block font-normal text-brand-800">
                  <span className="whitespace-nowrap">{toneLabels[suggestion.tone]} ·</span>{" "}
                  <span className="whitespace-nowrap">{messageTypeLabels[suggestion.messageType]}</span>
                </span>
              </h3>
              <CopyButton text={suggestion.suggestion} shownIn={() => result.current} />
            </div>
            <div ref={result} tabIndex={-1} autoFocus={resultFocusedByServer || undefined} className="mt-3 whitespace-pre-wrap text-slate-900 select-text">
              {suggestion.suggestion}
            </div>
          </div>
        ) : null}
        {suggestion ? <TryItReminder reminder={reminder} /> : null}
        {outcome?.problem ? (
          <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900" data-testid="try-it-problem">
            <p>{outcome.problem.message}</p>
            {outcome.problem.upgradeUrl ? (
              <Link to={outcome.problem.upgradeUrl} className={buttonClasses("primary", "sm", "mt-3")}>
                {billingCopy.upgrade}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
