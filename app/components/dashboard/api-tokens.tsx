import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { CopyButton } from "~/components/copy-button";
import { SubmitButton } from "~/components/submit-button";
import { buttonClasses } from "~/components/ui/button";
import { Field, inputClasses } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { useValidatedForm } from "~/components/use-validated-form";
import { createTokenSchema } from "~/lib/access-token-forms";
import type { AccessTokenSummary } from "~/lib/access-tokens.server";

/** A token's date, as the day it was in the account's time zone. */
function formatDate(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
}

function RevokeForm({ token }: { token: AccessTokenSummary }) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        // With JavaScript, ask first; without it, the button revokes directly.
        if (!window.confirm(`Revoke "${token.name}" (tw_…${token.hint})? Anything using it will stop working.`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="tokenId" value={token.id} />
      <button type="submit" name="intent" value="revoke-token" className={buttonClasses("secondary", "sm")}>
        {/* Every extension install is named "Browser extension": the token's last characters tell them apart. */}
        Revoke<span className="sr-only"> {token.name} (ending {token.hint})</span>
      </button>
    </Form>
  );
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

  return (
    <section id="api-tokens" aria-labelledby="api-tokens-heading" className="scroll-mt-20 space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div>
        <h2 id="api-tokens-heading" className="text-lg font-semibold text-slate-900">
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
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
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
