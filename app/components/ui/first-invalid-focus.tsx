import { createContext, useContext, useEffect, useState } from "react";

/**
 * Where the keyboard starts on a page the server sent back with a form's errors: the first field
 * marked invalid gets `autofocus`. Without JavaScript that is the only way focus can move there
 * (with JavaScript, Conform focuses the first invalid field of a form sent in the background).
 * The page's first invalid field claims it while the page is rendered on the server and hydrated
 * — the same field both times, so the markup matches — and nothing claims it afterwards, so a
 * field that becomes invalid or is re-mounted later never takes the focus by itself.
 */
class FirstInvalidField {
  private field: string | null = null;
  private open = true;

  /** Whether `id` is the first invalid field: the first to ask while the page is first rendered. Asking again answers the same. */
  claim(id: string, invalid: boolean): boolean {
    if (invalid && this.open && this.field === null) this.field = id;
    return invalid && this.field === id;
  }

  /** The page is hydrated: no field claims the focus any more. */
  close(): void {
    this.open = false;
  }
}

const FirstInvalidContext = createContext<FirstInvalidField | null>(null);

export function FirstInvalidFocusProvider({ children }: { children: React.ReactNode }) {
  const [first] = useState(() => new FirstInvalidField());
  useEffect(() => first.close(), [first]);
  return <FirstInvalidContext value={first}>{children}</FirstInvalidContext>;
}

/** Whether the field `id` is the page's first invalid field as the server sent it. */
export function useFirstInvalidFocus(id: string, invalid: boolean): boolean {
  return useContext(FirstInvalidContext)?.claim(id, invalid) ?? false;
}
