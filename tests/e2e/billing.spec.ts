import { expect, test, type Page } from "./support/test";
import { LOCAL_STRIPE_URL } from "../../emulators/config.ts";
import { toast, toasts } from "./support/toasts";

/**
 * Paying for Pro through the local Stripe's hosted pages, with JavaScript on (js-on) and off
 * (js-off): the same forms, the same redirects. Each test has its own account, so parallel
 * workers never share state and nothing needs a global reset.
 */

const STRIPE_ORIGIN = LOCAL_STRIPE_URL;

async function startUpgrade(page: Page) {
  await page.goto("/dashboard/subscription");
  await expect(page.getByRole("heading", { name: "Subscription", level: 1 })).toBeVisible();
  await expect(page.getByText("Most Popular")).toBeVisible();
  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_ORIGIN}/checkout/cs_test_`));
  await expect(page.getByRole("heading", { name: /Tonewise Pro/ })).toBeVisible();
}

test.describe("billing", () => {
  test("upgrade through the hosted checkout ends on the subscription page as Pro", async ({ page, signedInUser: _signedInUser }) => {
    await expect(page.getByRole("link", { name: "Upgrade to Pro" })).toBeVisible();
    await startUpgrade(page);

    await page.getByRole("button", { name: "Subscribe" }).click();

    await expect(page).toHaveURL(/\/dashboard\/subscription$/);
    await expect(toast(page, "Welcome to Pro!")).toContainText(
      "Your subscription is now active.",
    );
    await expect(page.getByRole("heading", { name: "Tonewise Pro is active" })).toBeVisible();
    await expect(page.getByText("PRO", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /Manage Subscription/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Upgrade to Pro" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Upgrade to Pro" })).toHaveCount(0);

    // The tier is Pro everywhere, and a reload does not repeat the toast.
    await page.goto("/dashboard");
    await expect(page.getByText("Unlimited messages available")).toBeVisible();
    await expect(toasts(page).filter({ hasText: "Welcome to Pro!" })).toHaveCount(0);
  });

  test("cancelling on the checkout page comes back with 'Checkout Canceled'", async ({ page, signedInUser: _signedInUser }) => {
    await startUpgrade(page);

    await page.getByRole("link", { name: "Cancel and return to Tonewise" }).click();

    await expect(page).toHaveURL(/\/dashboard\/subscription$/);
    await expect(toast(page, "Checkout Canceled")).toContainText(
      "You can upgrade anytime from this page.",
    );
    await expect(page.getByText("FREE", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Upgrade to Pro" })).toBeVisible();
  });

  test("Manage Subscription opens the billing portal in a new tab", async ({ page, context, signedInUser: _signedInUser }) => {
    await startUpgrade(page);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { name: "Tonewise Pro is active" })).toBeVisible();

    const [portal] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: /Manage Subscription/ }).click(),
    ]);
    await expect(portal).toHaveURL(new RegExp(`^${STRIPE_ORIGIN}/portal/bps_`));
    await expect(portal.getByRole("heading", { name: "Manage your Tonewise plan" })).toBeVisible();
    // The app's own tab stays where it was.
    await expect(page).toHaveURL(/\/dashboard\/subscription$/);

    // Cancel at period end in the portal: still Pro, with the end date shown.
    await portal.getByRole("button", { name: "Cancel plan" }).click();
    await page.reload();
    await expect(page.getByText(/^Your plan ends on /)).toBeVisible();
    await expect(page.getByText("PRO", { exact: true }).first()).toBeVisible();
  });
});
