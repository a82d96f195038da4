/** A checkbox styled as a switch: a real input, so it posts with the form without JavaScript. */
export function Switch({
  id,
  name,
  label,
  description,
  defaultChecked,
  errors,
}: {
  id: string;
  name: string;
  label: string;
  description: string;
  defaultChecked: boolean;
  errors?: string[];
}) {
  const invalid = errors && errors.length > 0;
  return (
    <div className="flex items-start justify-between gap-6">
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
        {invalid ? (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {errors[0]}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        defaultChecked={defaultChecked}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-description ${id}-error` : `${id}-description`}
        className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-500 transition-colors forced-colors:border forced-colors:border-[CanvasText] forced-colors:before:bg-[CanvasText] forced-colors:checked:bg-[Highlight] before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-5"
      />
    </div>
  );
}
