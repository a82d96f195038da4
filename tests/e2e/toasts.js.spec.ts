import { holdClock } from "./support/clock";
import { expect, test } from "./support/test";
import { toast, toasts } from "./support/toasts";
import { signIn } from "./support/accounts";
import { waitForHydration } from "./support/hydration";

/**
 * With JavaScript a notice dismisses itself after six seconds, but not while someone is reading
 * it: the pointer on it, or focus in it (WCAG 2.2.1). An error stays until it is closed. The
 * page's clock is held, so the seconds pass only when the test says so.
 */

test.describe("a notice", () => {
  test.beforeEach(async ({ page, signedInUser: _signedInUser }) => {
    await holdClock(page);
    await page.goto("/dashboard/subscription?canceled=true");
    // The dismiss button comes with hydration, when the toast's own timer starts.
    await expect(page.getByRole("button", { name: "Dismiss notification" })).toBeVisible();
  });

  test("dismisses itself after six seconds", async ({ page }) => {
    const notice = toast(page, "Checkout Canceled");
    await page.clock.runFor(5_000);
    await expect(notice).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(notice).toBeHidden();
  });

  test("stays under the pointer until the pointer leaves", async ({ page }) => {
    const notice = toast(page, "Checkout Canceled");
    await notice.hover();
    await page.clock.runFor(60_000);
    await expect(notice).toBeVisible();
    await page.mouse.move(0, 0);
    await page.clock.runFor(6_500);
    await expect(notice).toBeHidden();
  });

  test("stays while focus is in it, until focus leaves", async ({ page }) => {
    const notice = toast(page, "Checkout Canceled");
    const dismiss = notice.getByRole("button", { name: "Dismiss notification" });
    await dismiss.focus();
    await page.clock.runFor(60_000);
    await expect(notice).toBeVisible();
    await dismiss.blur();
    await page.clock.runFor(6_500);
    await expect(notice).toBeHidden();
  });
});

test("an error stays on screen until it is closed", async ({ page }) => {
  await holdClock(page);
  await page.goto("/auth/confirm?type=signup"); // an emailed link cut short: no token
  await expect(page).toHaveURL("/auth");
  const error = toast(page, "This link is invalid or has expired", "alert");
  const dismiss = error.getByRole("button", { name: "Dismiss notification" });
  await expect(dismiss).toBeVisible();
  await page.clock.runFor(10 * 60_000);
  await expect(error).toBeVisible();
  await dismiss.click();
  await expect(error).toBeHidden();
});

test("an error goes when its page does: a failed sign-in's error is not carried onto the dashboard", async ({ page, signedInUser: { email, password } }) => {
  await page.context().clearCookies();
  await holdClock(page);
  await page.goto("/auth");
  await waitForHydration(page);
  await signIn(page, email, "Wrong-Pass-123");
  await expect(toast(page, "Invalid login credentials", "alert")).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(toasts(page, "alert")).toHaveCount(0);
});
