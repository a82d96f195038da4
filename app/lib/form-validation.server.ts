import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { logDatabaseFailure } from "./database-unavailable.server";
import { firstError } from "./forms";
import { flashToast } from "./toast.server";

type Validated<Output> =
  | { ok: true; value: Output; submission: Submission<unknown, string[], Output> }
  | { ok: false; result: SubmissionResult<string[]> };

/**
 * What an action answers for a form: the outcome, or the same outcome refused with 400 by
 * `invalidSubmission`.
 */
export type FormAnswer<Outcome> = Outcome | ReturnType<typeof data<Outcome>>;

/**
 * The answer to a submission refused for what was sent (the schema, or a rule only the server can
 * check): 400 Bad Request, with the outcome that renders the page again with the values typed and
 * the errors (docs/decisions/028). React Router does not reload the page's data after a 4xx
 * action; the root does reload, so the 'Validation Error' toast shows (app/root.tsx).
 */
export function invalidSubmission<Outcome>(outcome: Outcome) {
  return data(outcome, { status: 400 });
}

/**
 * For an action's catch: a DatabaseUnavailableError (the database down, or past its deadline) is
 * logged by operation and code (never a value) and answered with an error toast saying
 * `description`; anything else is thrown on.
 */
export function toastDatabaseFailure(context: Readonly<RouterContextProvider>, error: unknown, description: string): void {
  logDatabaseFailure(error, "");
  flashToast(context, { variant: "destructive", title: "Error", description });
}

/**
 * The answer to a valid submission the database could not take: 503, the page again with the
 * values typed, and the toast of toastDatabaseFailure. Reloaded by the root like a 400
 * (app/root.tsx), so the toast shows.
 */
export function unavailableSubmission<Outcome>(context: Readonly<RouterContextProvider>, error: unknown, outcome: Outcome, description: string) {
  toastDatabaseFailure(context, error, description);
  return data(outcome, { status: 503 });
}

/** Fields Conform reads as JSON (its intents); anything can arrive in them. */
const CONFORM_RESERVED_FIELDS = ["__intent__", "__state__"];

/**
 * Conform's parse, safe against any body: its reserved fields are JSON that Conform parses
 * without a guard, so a garbled one would throw. Our forms send none; if parsing them fails,
 * they are dropped and the fields alone are validated.
 */
export function parseFormSubmission<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  try {
    return parseWithZod(formData, { schema });
  } catch {
    const fields = new FormData();
    for (const [name, value] of formData) if (!CONFORM_RESERVED_FIELDS.includes(name)) fields.append(name, value);
    return parseWithZod(fields, { schema });
  }
}

/**
 * Validates a form on the server with the same schema the browser used. On failure it flashes
 * the 'Validation Error' toast (the first failing message in the schema's field order) and
 * returns a reply that keeps what the user typed, except the fields named in `hideFields`
 * (passwords).
 */
export function validateForm<Schema extends z.ZodObject>(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  schema: Schema,
  options: { hideFields?: string[] } = {},
): Validated<z.output<Schema>> {
  const submission = parseFormSubmission(formData, schema);
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: options.hideFields });
    const message = firstError(result, schema);
    if (message) flashToast(context, { variant: "destructive", title: "Validation Error", description: message });
    return { ok: false, result };
  }
  return { ok: true, value: submission.value as z.output<Schema>, submission: submission as Submission<unknown, string[], z.output<Schema>> };
}
