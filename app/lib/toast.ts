/** A toast: a short notice such as 'Signed out' (title, optional description). */
export type Toast = {
  id: string;
  variant: "default" | "success" | "destructive";
  title: string;
  description?: string;
};

export type ToastInput = Omit<Toast, "id"> & { id?: string };

export function toToast(input: ToastInput): Toast {
  return { ...input, id: input.id ?? crypto.randomUUID() };
}

/** At most this many toasts on screen, the newest (an error stays until it is closed, so errors could pile up). */
export const MOST_TOASTS_ON_SCREEN = 3;

/**
 * The toasts to show, oldest first: the newest MOST_TOASTS_ON_SCREEN, each saying something
 * different. The same message again (the same failed sign-in twice) shows once, where the newer
 * one arrived.
 */
export function newestDistinct(toasts: readonly Toast[]): Toast[] {
  const saysTheSame = (a: Toast, b: Toast) => a.variant === b.variant && a.title === b.title && a.description === b.description;
  return toasts.filter((toast, index) => !toasts.slice(index + 1).some((later) => saysTheSame(toast, later))).slice(-MOST_TOASTS_ON_SCREEN);
}
