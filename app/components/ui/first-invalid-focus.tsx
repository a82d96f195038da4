import { createContext, useContext } from "react";

/**
 * Where the keyboard starts on a page the server sent back with a form's errors: the first field
 * marked invalid gets `autofocus`. Without JavaScript that is the only way focus can move there;
 * with JavaScript, Conform focuses the first invalid field of a form sent in the background. So
 * only the server's render sets it (each request's render has a claim of its own), and the
 * browser's renders never do: a field that becomes invalid or is re-mounted later never takes
 * the focus by itself, and the browser's bundle carries none of this but a pass-through.
 * Rendered after every field, the first toast the server sent claims it last (components/toaster).
 * Try it's suggestion and the newsletter's refused address claim it as an invalid field would.
 */
class FirstInvalidField {
  private field: string | null = null;

  /** Whether `id` is the first invalid field: the first to ask. Asking again answers the same. */
  claim(id: string, invalid: boolean): boolean {
    if (invalid && this.field === null) this.field = id;
    return invalid && this.field === id;
  }
}

const FirstInvalidContext = createContext<FirstInvalidField | null>(null);

export function FirstInvalidFocusProvider({ children }: { children: React.ReactNode }) {
  if (!import.meta.env.SSR) return children;
  return <FirstInvalidContext value={new FirstInvalidField()}>{children}</FirstInvalidContext>;
}

/** Whether the field `id` is, on the server, the page's first invalid field. */
export function useFirstInvalidFocus(id: string, invalid: boolean): boolean {
  const first = useContext(FirstInvalidContext);
  return import.meta.env.SSR && (first?.claim(id, invalid) ?? false);
}
