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
