/**
 * The time zone the browser runs in ("Europe/Berlin"), or "" when it cannot say. Asking makes the
 * browser load its locale data the first time (14–18 ms on a fast machine), so this is asked when
 * it is needed, never while a page starts (decision 059).
 */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    return "";
  }
}

/** Puts the browser's time zone into the form's `timeZone` field, as the form is sent. */
export function sendBrowserTimeZone(form: HTMLFormElement): void {
  const field = form.elements.namedItem("timeZone");
  if (field instanceof HTMLInputElement) field.value = browserTimeZone();
}
