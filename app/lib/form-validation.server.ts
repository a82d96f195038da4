import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { firstError } from "./forms";
import { flashToast } from "./toast.server";

type Validated<Output> =
  | { ok: true; value: Output; submission: Submission<unknown, string[], Output> }
  | { ok: false; result: SubmissionResult<string[]> };

/**
 * Validates a form on the server with the same schema the browser used. On failure it flashes
 * the 'Validation Error' toast and returns a reply that keeps what the user typed, except the
 * fields named in `hideFields` (passwords).
 */
export function validateForm<Schema extends z.ZodType<Record<string, unknown>>>(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  schema: Schema,
  options: { fieldOrder: string[]; hideFields?: string[] },
): Validated<z.output<Schema>> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const result = submission.reply({ hideFields: options.hideFields });
    const message = firstError(result, options.fieldOrder);
    if (message) flashToast(context, { variant: "destructive", title: "Validation Error", description: message });
    return { ok: false, result };
  }
  return { ok: true, value: submission.value as z.output<Schema>, submission: submission as Submission<unknown, string[], z.output<Schema>> };
}
