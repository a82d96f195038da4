import { useEffect, useState } from "react";
import { buttonClasses } from "~/components/ui/button";

const REFUSED = "Your browser did not allow the copy: the text is selected, copy it with Ctrl+C (⌘C on a Mac).";

/**
 * Copy for a text on the page (a suggestion, a new access token), shown only with JavaScript and a
 * clipboard. It says "Copied" once the browser took the text. When the browser refuses (no
 * permission, the window not focused) it says "Copy failed" and selects the text where the page
 * shows it (`shownIn`), ready for the keyboard, so that nobody leaves believing a token shown
 * only once is on their clipboard. A screen reader hears either outcome.
 */
export function CopyButton({ text, shownIn }: { text: string; shownIn: () => HTMLElement | null }) {
  const [outcome, setOutcome] = useState<"none" | "copied" | "refused">("none");
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && !!navigator.clipboard), []);
  useEffect(() => setOutcome("none"), [text]);
  if (!canCopy) return null;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setOutcome("copied"),
      () => {
        setOutcome("refused");
        select(shownIn());
      },
    );
  return (
    <>
      <button type="button" className={buttonClasses("secondary", "sm")} onClick={() => void copy()}>
        {outcome === "copied" ? "Copied" : outcome === "refused" ? "Copy failed" : "Copy"}
      </button>
      <span role="status" className="sr-only">
        {outcome === "copied" ? "Copied." : outcome === "refused" ? REFUSED : ""}
      </span>
    </>
  );
}

/** Selects an element's text: a field's value, or everything inside anything else. */
function select(element: HTMLElement | null): void {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    element.focus();
    element.select();
    return;
  }
  const selection = element ? window.getSelection() : null;
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}
