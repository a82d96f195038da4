import type { SubmissionResult } from "@conform-to/react";

/**
 * The first failing message of a submission, in the order the fields appear in the form,
 * for the 'Validation Error' toast.
 */
export function firstError(result: Pick<SubmissionResult<string[]>, "error"> | undefined, fieldOrder: string[]): string | undefined {
  const errors = result?.error;
  if (!errors) return undefined;
  for (const name of [...fieldOrder, ""]) {
    const messages = errors[name];
    if (messages && messages.length > 0) return messages[0];
  }
  return Object.values(errors).find((messages) => messages && messages.length > 0)?.[0];
}
