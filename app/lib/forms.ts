import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";

/**
 * A form's fields in the order its schema lists them, which is the order they appear in the
 * form: the schema is the one list, so the form and its validation never disagree.
 */
function fieldOrderOf(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape);
}

/**
 * The first failing message of a submission, in the order the fields appear in the form (its
 * schema's order), for the 'Validation Error' toast.
 */
export function firstError(result: Pick<SubmissionResult<string[]>, "error"> | undefined, schema: z.ZodObject): string | undefined {
  const errors = result?.error;
  if (!errors) return undefined;
  for (const name of [...fieldOrderOf(schema), ""]) {
    const messages = errors[name];
    if (messages && messages.length > 0) return messages[0];
  }
  return Object.values(errors).find((messages) => messages && messages.length > 0)?.[0];
}
