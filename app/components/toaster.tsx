import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { newestDistinct, toToast, type Toast, type ToastInput } from "~/lib/toast";
import { CloseIcon } from "./icons";
import { cx } from "./ui/cx";
import { useFirstInvalidFocus } from "./ui/first-invalid-focus";

const AUTO_DISMISS_MS = 6_000;

type ToastApi = {
  show: (toast: ToastInput) => void;
  /** Takes the browser's 'Validation Error' toasts away: a form has just passed its checks. */
  clearValidation: () => void;
};

const ToastContext = createContext<ToastApi>({ show: () => undefined, clearValidation: () => undefined });

/** Shows a toast from the browser (client-side validation), or clears its complaints. */
export function useToast(): ToastApi {
  return useContext(ToastContext);
}

/**
 * Toasts from the server (flashed across redirects, rendered in the HTML so they show without
 * JavaScript) and from the browser, in one polite live region. With JavaScript they animate in,
 * stack (the newest three, a message said twice only once), and close on click; a notice also
 * closes by itself, an error when it is over (another page, its form accepted; decision 050).
 *
 * A server toast arrives once, in the root loader's data of one response. The page's data is
 * often loaded again while it is on screen (a form submitted in the background, such as the
 * dashboard's first-visit time-zone save, reloads every loader), and that later data no longer
 * carries it, so a toast that has been shown is held here until it is dismissed, not for as long
 * as the data that brought it.
 */
export function ToastProvider({
  serverToasts,
  withoutScripts = false,
  children,
}: {
  serverToasts: Toast[];
  /** The document goes without scripts (decision 037): the close button must work as HTML. */
  withoutScripts?: boolean;
  children: React.ReactNode;
}) {
  // The server's toasts held, and the ids of every toast closed or over: one state, changed
  // together, so that a toast that leaves the held list is also never shown again.
  const [server, setServer] = useState<{ held: Toast[]; dismissed: ReadonlySet<string> }>(() => ({ held: serverToasts, dismissed: new Set() }));
  const [clientToasts, setClientToasts] = useState<Toast[]>([]);

  // Takes away, for good, every toast held that `gone` picks.
  const dismissAll = useCallback((gone: (toast: Toast) => boolean) => {
    setServer((state) => {
      const leaving = state.held.filter(gone);
      if (leaving.length === 0) return state;
      return { held: state.held.filter((toast) => !gone(toast)), dismissed: new Set([...state.dismissed, ...leaving.map((toast) => toast.id)]) };
    });
    setClientToasts((current) => (current.some(gone) ? current.filter((toast) => !gone(toast)) : current));
  }, []);

  useEffect(() => {
    setServer((state) => {
      const held = withNew(state.held, serverToasts);
      return held === state.held ? state : { ...state, held };
    });
    // The server accepted what was sent: the complaints about earlier tries are over.
    if (serverToasts.some((toast) => toast.variant !== "destructive")) dismissAll((toast) => isValidationError(toast) && !serverToasts.includes(toast));
  }, [serverToasts, dismissAll]);

  // An error is about the page it came on (a refused sign-in, a form to fix): on another page it
  // goes, unless it came with that page.
  const { pathname } = useLocation();
  const errorsShownOn = useRef(pathname);
  useEffect(() => {
    if (errorsShownOn.current === pathname) return;
    errorsShownOn.current = pathname;
    dismissAll((toast) => toast.variant === "destructive" && !serverToasts.some((arrived) => arrived.id === toast.id));
    // Only a change of page: the toasts that came with it are this render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, dismissAll]);

  // An identical toast already on screen is not stacked again, and a form's latest complaint
  // replaces the one before it.
  const show = useCallback((input: ToastInput) => {
    setClientToasts((current) => {
      const same = (toast: Toast) =>
        (toast.variant === input.variant && toast.title === input.title && toast.description === input.description) ||
        (isValidationError(toast) && isValidationError(input));
      return [...current.filter((toast) => !same(toast)).slice(-2), toToast(input)];
    });
  }, []);
  const dismiss = useCallback((id: string) => dismissAll((toast) => toast.id === id), [dismissAll]);
  const clearValidation = useCallback(() => dismissAll(isValidationError), [dismissAll]);
  const api = useMemo(() => ({ show, clearValidation }), [show, clearValidation]);

  // This render's server toasts count before the effect above has held them (the server's render, the first one).
  const candidates = [...withNew(server.held, serverToasts), ...clientToasts].filter((toast) => !server.dismissed.has(toast.id));
  const visible = newestDistinct(candidates);
  // What newestDistinct leaves out (said again since, or pushed past the newest three) is over: it
  // must not come back when a toast above it is closed.
  const hiddenIds = candidates.filter((toast) => !visible.includes(toast)).map((toast) => toast.id).join(" ");
  useEffect(() => {
    if (hiddenIds === "") return;
    const hidden = new Set(hiddenIds.split(" "));
    dismissAll((toast) => hidden.has(toast.id));
  }, [hiddenIds, dismissAll]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-live="polite"
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end sm:p-6"
      >
        {visible.map((toast) => (
          <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} withoutScripts={withoutScripts} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

/** The browser's 'Validation Error' toast (client-side validation of a form). */
function isValidationError(toast: Pick<Toast, "variant" | "title">): boolean {
  return toast.variant === "destructive" && toast.title === "Validation Error";
}

/** `held`, then those of `arrived` it does not have yet (the same toast can come in two responses). */
function withNew(held: Toast[], arrived: Toast[]): Toast[] {
  const fresh = arrived.filter((toast) => !held.some((known) => known.id === toast.id));
  return fresh.length === 0 ? held : [...held, ...fresh];
}

/**
 * One toast: role `alert` for errors, `status` otherwise, and `data-toast` (its variant), which is
 * how the tests find a toast (tests/e2e/support/toasts.ts, the integration tests' page harness).
 * Any but an error dismisses itself AUTO_DISMISS_MS after it appears, but never while the pointer
 * is over it or focus is in it (a reader still at it, WCAG 2.2.1); leaving starts the wait again.
 * An error stays until it is closed: it says what went wrong and what to do, and someone who looked
 * away for six seconds, or reads it with a magnifier, must still find it.
 */
function ToastCard({
  toast,
  onDismiss,
  withoutScripts,
}: {
  toast: Toast;
  onDismiss: (id: string) => void;
  withoutScripts: boolean;
}) {
  const card = useRef<HTMLDivElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // A pointer already resting where the server-rendered toast appeared sends no "enter".
    if (card.current?.matches(":hover")) setHovered(true);
  }, []);
  const paused = hovered || focused;
  // A page the server sent with a toast (a form's answer without JavaScript, the page after Sign
  // Out or Checkout): a live region says nothing of what it held when the page arrived, so the
  // first toast takes the keyboard, and is read out, unless a field the page marks invalid has it.
  const focusedOnArrival = useFirstInvalidFocus(`toast-${toast.id}`, true);
  const staysUntilClosed = toast.variant === "destructive";
  useEffect(() => {
    if (paused || staysUntilClosed) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), AUTO_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, [paused, staysUntilClosed, toast.id, onDismiss]);

  return (
    <div
      ref={card}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(card.current?.contains(event.relatedTarget) ?? false)}
      role={toast.variant === "destructive" ? "alert" : "status"}
      tabIndex={focusedOnArrival ? -1 : undefined}
      autoFocus={focusedOnArrival || undefined}
      data-toast={toast.variant}
      className={cx(
        "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg transition-all duration-300 starting:translate-y-2 starting:opacity-0",
        // Closed without JavaScript (the checkbox below).
        "has-[[data-dismiss-toast]:checked]:hidden",
        toast.variant === "destructive"
          ? "border-red-200 bg-red-50 text-red-900"
          : toast.variant === "success"
            ? "border-emerald-200 bg-white text-slate-900"
            : "border-slate-200 bg-white text-slate-900",
      )}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      {hydrated ? (
        <button
          type="button"
          onClick={() => onDismiss(toast.id)}
          className="rounded-md p-1 opacity-70 hover:opacity-100"
          aria-label="Dismiss notification"
        >
          <CloseIcon className="size-4" />
        </button>
      ) : withoutScripts ? (
        // A document sent without scripts (decision 037): nothing will ever replace the checkbox.
        <DismissCheckbox />
      ) : (
        // Without JavaScript the toast would stay on screen, over the page, until the next one:
        // a checkbox drawn as the same close button hides it (the card is hidden while its box is checked).
        // With JavaScript the browser never reads <noscript>, and the button above takes its place.
        <noscript>
          <DismissCheckbox />
        </noscript>
      )}
    </div>
  );
}

/** A close button that works as plain HTML: checked, it hides its card. */
function DismissCheckbox() {
  return (
    <label className="flex cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100 has-[:focus-visible]:opacity-100 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600">
      <input type="checkbox" data-dismiss-toast className="sr-only" aria-label="Dismiss notification" />
      <CloseIcon className="size-4" />
    </label>
  );
}
