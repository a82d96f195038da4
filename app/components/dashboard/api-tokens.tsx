import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useId, useRef, type RefObject } from "react";
import { Form } from "react-router";
import { CopyButton } from "~/components/copy-button";
import { SubmitButton } from "~/components/submit-button";
import { buttonClasses } from "~/components/ui/button";
import { Field, inputClasses } from "~/components/ui/field";
import { focusIsLost } from "~/components/ui/focus-lost";
import { TextField } from "~/components/ui/text-field";
import { useValidatedForm } from "~/components/use-validated-form";
import { createTokenSchema } from "~/lib/access-token-forms";
import type { AccessTokenSummary } from "~/lib/access-tokens.server";

/** A token's date, as the day it was in the account's time zone. */
function formatDate(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
}

/**
 * Revoke asks first, in the page itself, with or without JavaScript: the button opens a short
 * confirmation (a `<details>`) whose own button sends the form; choosing Revoke again closes it.
 */
function RevokeForm({ token }: { token: AccessTokenSummary }) {
  // Every extension install is named "Browser extension": the token's last characters tell them apart.
  const which = ` ${token.name} (ending ${token.hint})`;
  const warning = useId();
  return (
    // Open, it takes the row's width from sm up, so Revoke stays at the right with the warning under it.
    <details className="group w-full sm:w-auto sm:open:w-full">
      <summary className={buttonClasses("secondary", "sm", "w-fit group-open:bg-slate-100 sm:ml-auto sm:flex")}>
        Revoke<span className="sr-only">{which}</span>
      </summary>
      <Form method="post" className="mt-3 space-y-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:ml-auto sm:max-w-xs">
        <p id={warning}>Anything using this token stops working at once. This can't be undone.</p>
        <input type="hidden" name="tokenId" value={token.id} />
        <SubmitButton name="intent" value="revoke-token" variant="danger" describedBy={warning}>
          Revoke token<span className="sr-only">{which}</span>
        </SubmitButton>
      </Form>
    </details>
  );
}

/**
 * With JavaScript, a revoked token's row leaves the page with the button that was pressed, and
 * focus would fall to the document: it goes to the section's heading instead, and the toast says
 * what happened. (Without JavaScript the answer is a new page, and its toast takes the focus.)
 */
function useKeyboardBackAfterRevoke(tokens: AccessTokenSummary[] | null): RefObject<HTMLHeadingElement | null> {
  const heading = useRef<HTMLHeadingElement>(null);
  const listed = tokens?.map((token) => token.id).join(" ") ?? "";
  const shown = useRef(listed);
  useEffect(() => {
    if (shown.current === listed) return;
    shown.current = listed;
    if (focusIsLost()) heading.current?.focus();
  }, [listed]);
  return heading;
}

/** The Account page's API tokens: create (shown once), list, revoke — all plain forms. */
export function ApiTokensSection({
  tokens,
  formId,
  timeZone,
  result,
  created,
}: {
  /** Null when they could not be read just now. */
  tokens: AccessTokenSummary[] | null;
  /** The create form's one-time id (see createTokenSchema's `once`). */
  formId: string;
  timeZone: string;
  result: SubmissionResult<string[]> | undefined;
  created: { name: string; token: string } | undefined;
}) {
  const { form, fields, onSubmit } = useValidatedForm({
    id: "create-token",
    schema: createTokenSchema,
    lastResult: result,
  });
  const heading = useKeyboardBackAfterRevoke(tokens);

  return (
    <section id="api-tokens" aria-labelledby="api-tokens-heading" className="scroll-mt-20 space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div>
        <h2 id="api-tokens-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          API tokens
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Tokens let the Tonewise extension and your own scripts use your account through the API. Treat them like passwords.
          A token stops working when you revoke it, or after 90 days without use.
        </p>
      </div>

      {created ? (
        <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4" data-testid="new-token">
          <Field id="new-token" label={`Your new token "${created.name}"`} hint="Copy it now: for your security it won't be shown again.">
            {(aria) => (
              <div className="flex gap-2">
                <input {...aria} type="text" readOnly value={created.token} className={inputClasses(false, "font-mono text-sm", true)} />
                <CopyButton text={created.token} shownIn={() => document.getElementById(aria.id)} />
              </div>
            )}
          </Field>
        </div>
      ) : null}

      <Form method="post" {...getFormProps(form)} onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <input type="hidden" name="once" value={formId} />
        <div className="flex-1">
          <TextField field={fields.name} label="Token name" type="text" autoComplete="off" />
        </div>
        <SubmitButton name="intent" value="create-token" className="sm:mt-7">
          Create token
        </SubmitButton>
      </Form>

      {tokens === null ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" data-testid="tokens-unavailable">
          Your tokens could not be loaded right now. Reload the page in a moment to see or revoke them.
        </p>
      ) : tokens.length === 0 ? (
        <p className="text-sm text-slate-600">You have no API tokens.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Your API tokens">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 p-4 has-[details[open]]:items-start">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{token.name}</p>
                <p className="text-sm text-slate-600">
                  <span className="font-mono">tw_…{token.hint}</span> · Created {formatDate(token.createdAt, timeZone)} · Last used{" "}
                  {token.lastUsedAt ? formatDate(token.lastUsedAt, timeZone) : "Never"}
                </p>
              </div>
              <RevokeForm token={token} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
