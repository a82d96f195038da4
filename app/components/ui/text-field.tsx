import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { keepTypingInEmailField, rememberTypedEmail } from "../auth-email-memory";
import { Field, inputClasses } from "./field";

/**
 * A labelled text input bound to a Conform field: its errors beside it, aria-invalid and
 * aria-describedby wired. Password inputs always start empty (the server never sends one back).
 */
export function TextField({
  field,
  label,
  type,
  autoComplete,
  hint,
  required = true,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: "text" | "email" | "password";
  autoComplete: string;
  hint?: string;
  required?: boolean;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint}>
      {(aria) => (
        <input
          {...getInputProps(field, { type })}
          {...aria}
          key={field.key}
          {...(type === "password" ? { defaultValue: "" } : {})}
          required={required}
          autoComplete={autoComplete}
          onInput={type === "email" ? (event) => rememberTypedEmail(event.currentTarget.value) : undefined}
          ref={type === "email" ? keepTypingInEmailField : undefined}
          className={inputClasses(!!aria["aria-invalid"])}
        />
      )}
    </Field>
  );
}

export const PASSWORD_HINT = "At least 8 characters, with an uppercase letter, a lowercase letter and a number.";
