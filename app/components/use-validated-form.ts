import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useEffectEvent } from "react";
import type { z } from "zod";
import { firstError } from "~/lib/forms";
import { useToast } from "./toaster";

const INTENT_FIELD = "__intent__";

/**
 * Conform with the shared zod schema: the same rules run in the browser (when JavaScript is on)
 * and on the server. A submit that fails validation shows the destructive
 * 'Validation Error' toast with the first failing message (the first in the schema's field
 * order), and every field shows its own error.
 */
export function useValidatedForm<Schema extends z.ZodObject>(options: {
  id: string;
  /** The schema, or the function that builds it on first use (decision 059): asked for only when the form is checked. */
  schema: Schema | (() => Schema);
  lastResult: SubmissionResult<string[]> | undefined | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /**
   * Fields the server sends back empty (passwords, `hideFields`): once a reply has emptied one
   * that it found no fault with, it is reset, so the browser's copy of the schema does not judge
   * the emptied field ("at least 8 characters" under a password that was long enough).
   */
  secretFields?: string[];
}) {
  const toast = useToast();
  const schema = () => (typeof options.schema === "function" ? options.schema() : options.schema);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    // Validating on blur would show an error under the last field as the user clicks Submit,
    // moving the button away from the pointer; errors appear on submit, then update as they type.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: schema() });
    },
  });

  const resetSecrets = useEffectEvent((result: SubmissionResult<string[]>) => {
    for (const name of options.secretFields ?? []) if (!result.error?.[name]) form.reset({ name });
  });
  // Once per reply.
  const { lastResult } = options;
  useEffect(() => {
    if (lastResult) resetSecrets(lastResult);
  }, [lastResult]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    // Conform validates a field on blur by dispatching a submit with an intent button; only a
    // real submit (the user's) shows the toast.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const isIntent = submitter?.name === INTENT_FIELD;
    const submission = parseWithZod(new FormData(event.currentTarget), { schema: schema() });
    if (!isIntent && submission.status !== "success") {
      const message = firstError(submission.reply(), schema());
      if (message) toast.show({ variant: "destructive", title: "Validation Error", description: message });
    }
    // Sent as it should be: an earlier try's complaint is over, whatever the server answers.
    if (!isIntent && submission.status === "success") toast.clearValidation();
    form.onSubmit(event);
  };

  return { form, fields, onSubmit };
}
