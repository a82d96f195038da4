import { holdClock } from "./support/clock";
import { expect, test } from "./support/test";
import { toast } from "./support/toasts";

/**
 * With JavaScript a toast dismisses itself after six seconds, but not while someone is reading
 * it: the pointer on it, or focus in it (WCAG 2.2.1). The page's clock is held, so the seconds
 * pass only when the test says so.
 */
const BROKEN_LINK = "/auth/confirm?type=signup"; // an emailed link cut short: no token

test.beforeEach(async ({ page }) => {
  await holdClock(page);
  await page.goto(BROKEN_LINK);
  await expect(page).toHaveURL("/auth");
  // The dismiss button comes with hydration, when the toast's own timer starts.
  await expect(page.getByRole("button", { name: "Dismiss notification" })).toBeVisible();
});

test("a toast dismisses itself after six seconds", async ({ page }) => {
  const notice = toast(page, "This link is invalid or has expired", "alert");
  await page.clock.runFor(5_000);
  await expect(notice).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(notice).toBeHidden();
});

test("a toast under the pointer stays until the pointer leaves", async ({ page }) => {
  const notice = toast(page, "This link is invalid or has expired", "alert");
  await notice.hover();
  await page.clock.runFor(60_000);
  await expect(notice).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.runFor(6_500);
  await expect(notice).toBeHidden();
});

test("a toast with focus in it stays until focus leaves", async ({ page }) => {
  const notice = toast(page, "This link is invalid or has expired", "alert");
  const dismiss = notice.getByRole("button", { name: "Dismiss notification" });
  await dismiss.focus();
  await page.clock.runFor(60_000);
  await expect(notice).toBeVisible();
  await dismiss.blur();
  await page.clock.runFor(6_500);
  await expect(notice).toBeHidden();
});
