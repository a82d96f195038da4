import { useEffect, useRef } from "react";
import { useFirstInvalidFocus } from "~/components/ui/first-invalid-focus";

/**
 * "Check your email", shown above a form once it has sent a link (sign-up, forgot password). The
 * box appears with its text, which a live region would not reliably say (a region must be on the
 * page before what it announces), and the form the user pressed stays as it was: so the keyboard
 * goes to the box, and a screen reader reads it. Without JavaScript the answer is a new page and
 * the box has `autofocus` (unless a field of the page is invalid first). Give it a `key` that
 * changes with the address, so a second link sent to another address takes the keyboard again.
 */
export function CheckEmailNotice({ children }: { children: React.ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const focusedByServer = useFirstInvalidFocus("check-email", true);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      autoFocus={focusedByServer || undefined}
      className="mb-6 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
    >
      <p className="font-semibold">Check your email</p>
      <p className="mt-1">{children}</p>
    </div>
  );
}
