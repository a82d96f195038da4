import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { buttonClasses } from "./ui/button";

/**
 * Whether the form being submitted is this button's: the submission's data is what the button's
 * form sends with the button as its submitter. A page has several forms (Sign Out in the sidebar,
 * a token's Revoke beside the profile form): only the one that was sent says 'Loading...'.
 */
function sentBy(button: HTMLButtonElement | null, sent: FormData | undefined): boolean {
  if (!button?.form || !sent) return false;
  // As sorted name=value pairs: the router appends the submitter's pair last, the browser in place.
  const pairs = (data: FormData) => [...data.entries()].map(([name, value]) => `${name}=${String(value)}`).sort();
  // The button's pair added by hand, as `new FormData(form, button)` would add it.
  const data = new FormData(button.form);
  if (button.name) data.append(button.name, button.value);
  const own = pairs(data);
  const posted = pairs(sent);
  return own.length === posted.length && own.every((pair, index) => posted[index] === pair);
}

/**
 * A submit button that reads 'Loading...' while its form is being submitted. Pending, it is
 * aria-disabled, not disabled: a disabled button loses the keyboard focus, which would then be
 * left on the page's body when the answer came (WCAG 2.4.3). A press meanwhile sends nothing.
 */
export function SubmitButton({
  children,
  formAction,
  className,
  variant = "primary",
  name,
  value,
  describedBy,
}: {
  children: React.ReactNode;
  formAction?: string;
  className?: string;
  variant?: "primary" | "secondary" | "danger";
  name?: string;
  value?: string;
  /** The id of a text that says what pressing it does (a warning beside it). */
  describedBy?: string;
}) {
  const navigation = useNavigation();
  // The element itself, in state once the page has started: it is what the pending check reads
  // as it renders. Put there by an effect, not by a callback ref: a state set while React commits
  // the page is rendered at once, in the same task, with every effect of the page run first, and
  // that made hydration's last task twice as long (decision 059).
  const element = useRef<HTMLButtonElement>(null);
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  useEffect(() => setButton(element.current), []);
  const pending =
    navigation.state === "submitting" &&
    (formAction === undefined || navigation.formAction === formAction) &&
    sentBy(button, navigation.formData);
  return (
    <button
      ref={element}
      type="submit"
      name={name}
      value={value}
      aria-disabled={pending || undefined}
      aria-describedby={describedBy}
      // A click, or Enter in a field of the form (the browser clicks its button), while it is on its way.
      onClick={pending ? (event) => event.preventDefault() : undefined}
      className={buttonClasses(variant, "lg", className ?? "w-full")}
    >
      {pending ? "Loading..." : children}
    </button>
  );
}
