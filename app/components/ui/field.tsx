import { cx } from "./cx";
import { useFirstInvalidFocus } from "./first-invalid-focus";

type FieldProps = {
  id: string;
  label: string;
  errors?: string[];
  hint?: React.ReactNode;
  children: (aria: {
    id: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    /** Set on the page's first invalid field as the server sent it (./first-invalid-focus). */
    autoFocus: true | undefined;
  }) => React.ReactNode;
};

/**
 * A label, the control, a hint and the field's errors, wired with aria-invalid/-describedby; the
 * page's first invalid field, as the server sent it, has the focus.
 */
export function Field({ id, label, errors, hint, children }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = errors !== undefined && errors.length > 0;
  const focused = useFirstInvalidFocus(id, invalid);
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1.5">{children({ id, "aria-invalid": invalid ? true : undefined, "aria-describedby": describedBy, autoFocus: focused ? true : undefined })}</div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export const inputClasses = (invalid?: boolean, extra?: string, readOnly = false) =>
  cx(
    readOnly ? "bg-slate-50 text-slate-600" : "bg-white text-slate-900",
    "block h-11 w-full rounded-lg border px-3.5 shadow-xs placeholder:text-slate-500 disabled:bg-slate-100 disabled:text-slate-600",
    // Borders at 3:1 or more against the page (WCAG 1.4.11): slate-500 is 4.8:1 on white.
    invalid ? "border-red-500 focus-visible:outline-red-600" : "border-slate-500",
    extra,
  );

/**
 * A labelled `<select>` over a fixed list of options, each shown by its label (a tone, a message
 * type), uncontrolled from `defaultValue`: Settings and the dashboard's Try it.
 */
export function OptionSelect<Option extends string>({
  id,
  name = id,
  label,
  options,
  labels,
  defaultValue,
  errors,
}: {
  id: string;
  name?: string;
  label: string;
  options: readonly Option[];
  labels: Record<Option, string>;
  defaultValue: string | undefined;
  errors: string[] | undefined;
}) {
  return (
    <Field id={id} label={label} errors={errors}>
      {(aria) => (
        <select {...aria} name={name} defaultValue={defaultValue} className={inputClasses(!!aria["aria-invalid"])}>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
