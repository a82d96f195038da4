import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Toasts, found by what they are rather than how they look: each one the toaster renders
 * (app/components/toaster.tsx, on the server too, for pages without JavaScript) carries
 * `data-toast` (its variant) and sits in the polite live region named "Notifications". `role` is
 * the toast's own: `status` for news and success, `alert` for errors.
 */
export type ToastRole = "status" | "alert";

/** Every toast on the page, or only those of one role. */
export function toasts(page: Page, role?: ToastRole): Locator {
  const all = page.getByRole("region", { name: "Notifications" }).locator("[data-toast]");
  return role ? all.and(page.getByRole(role)) : all;
}

/** The toast of `role` (status by default) that contains `text`, usually its title. */
export function toast(page: Page, text: string | RegExp, role: ToastRole = "status"): Locator {
  return toasts(page, role).filter({ hasText: text });
}

/** Expects a toast of `role` (status by default) containing `text`, and `message` too when given. */
export async function expectToast(page: Page, text: string | RegExp, { role = "status", message }: { role?: ToastRole; message?: string | RegExp } = {}) {
  const found = toast(page, text, role);
  await expect(found).toBeVisible();
  if (message !== undefined) await expect(found).toContainText(message);
}
