import { expect, test } from "./support/test";
import { toast } from "./support/toasts";

/**
 * Without JavaScript a toast has no timer, so it would cover the bottom of the page until the
 * next page. Its close control is a checkbox drawn as the close button: clicking it, or Space
 * on it from the keyboard, hides the toast and leaves the page as it was.
 */
const BROKEN_LINK = "/auth/confirm?type=signup"; // an emailed link cut short: no token

test("a toast closes without JavaScript, by pointer or by keyboard", async ({ page }) => {
  await page.goto(BROKEN_LINK);
  await expect(page).toHaveURL("/auth");
  const notice = toast(page, "This link is invalid or has expired", "alert");
  await expect(notice).toBeVisible();
  // The × the reader sees is the checkbox's label.
  await notice.locator("label", { has: page.getByRole("checkbox", { name: "Dismiss notification" }) }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();

  await page.goto(BROKEN_LINK);
  await expect(notice).toBeVisible();
  const close = notice.getByRole("checkbox", { name: "Dismiss notification" });
  await close.focus();
  await page.keyboard.press("Space");
  await expect(notice).toBeHidden();
});

test("a page the server sends with a toast puts the keyboard on it, so a screen reader reads it; Tab goes on to its ×", async ({ page }) => {
  await page.goto(BROKEN_LINK);
  const notice = toast(page, "This link is invalid or has expired", "alert");
  await expect(notice).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(notice.getByRole("checkbox", { name: "Dismiss notification" })).toBeFocused();
});

test("a form refused for a field keeps the keyboard on that field, not on the toast", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Validation Error", "alert")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeFocused();
  await expect(toast(page, "Validation Error", "alert")).not.toBeFocused();
});
