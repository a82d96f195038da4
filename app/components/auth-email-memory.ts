import { useEffect, useEffectEvent } from "react";

/**
 * The email address a visitor last typed into an auth form, kept in the page's memory (never
 * stored) so that moving between sign-in, sign-up and "forgot password" keeps it. It also keeps
 * what someone types while the next page is still loading: on a slow phone the old form is still
 * on screen for a moment after a click, and typing there used to be lost when the new page
 * appeared. Browser only.
 */
let lastTypedEmail = "";

export function rememberTypedEmail(value: string): void {
  lastTypedEmail = value;
}

/**
 * The element that last took focus on this page. When an email field is replaced by another (the
 * next auth page, sign-in ↔ sign-up, or Conform mounting a field anew), and the old one had the
 * focus, the visitor was typing there: the new field takes the focus as it is mounted, in the
 * same task as the page changes, so no key pressed meanwhile lands on the page's body and is lost.
 */
let lastFocused: EventTarget | null = null;
if (typeof document !== "undefined") {
  document.addEventListener("focusin", (event) => (lastFocused = event.target), true);
}

/** A ref callback for an email field: takes the focus if the one it replaces had it. */
export function keepTypingInEmailField(field: HTMLInputElement | null): void {
  if (!field) return;
  const active = document.activeElement;
  const replacedFocusedEmailField =
    lastFocused instanceof HTMLInputElement && lastFocused.type === "email" && !lastFocused.isConnected;
  if (replacedFocusedEmailField && (active === null || active === document.body)) field.focus();
}

/**
 * Fills the form's email field with the remembered address when the form first appears (or
 * becomes another form, as sign-in ↔ sign-up) with it empty — once: a form the server clears
 * after a submission stays cleared.
 */
export function usePrefillRememberedEmail(form: { id: string; update: (options: { name: string; value: string }) => void }, fieldName: string): void {
  const prefill = useEffectEvent((formId: string) => {
    const field = document.forms.namedItem(formId)?.elements.namedItem(fieldName);
    if (lastTypedEmail && field instanceof HTMLInputElement && field.value === "") form.update({ name: fieldName, value: lastTypedEmail });
  });
  useEffect(() => prefill(form.id), [form.id]);
}
