import { holdClock } from "./support/clock";
import { waitForHydration } from "./support/hydration";
import { expect, test } from "./support/test";
import { toast } from "./support/toasts";

/**
 * The browser's 'Validation Error' toasts: a form's latest complaint replaces the one before, and
 * once the server accepts the form its success toast is not stacked under stale complaints. The
 * page's clock is held, so no toast dismisses itself meanwhile.
 */

test("a form's complaints go once it is accepted, and the latest replaces the one before", async ({ page, signedInUser: _signedInUser }) => {
  await holdClock(page);
  await page.goto("/dashboard/account");
  await waitForHydration(page);
  const tokens = page.getByRole("region", { name: "API tokens" });
  const complaints = page.locator('[data-toast="destructive"]', { hasText: "Validation Error" });
  await tokens.getByRole("button", { name: "Create token" }).click();
  await expect(complaints).toHaveCount(1);
  await tokens.getByLabel("Token name").fill("x".repeat(200));
  await tokens.getByRole("button", { name: "Create token" }).click();
  await expect(complaints).toHaveCount(1);
  await expect(complaints).not.toContainText("Give the token a name");

  await tokens.getByLabel("Token name").fill("Work laptop");
  await tokens.getByRole("button", { name: "Create token" }).click();
  await expect(toast(page, "Token created")).toBeVisible();
  await expect(complaints).toHaveCount(0);
});

test("a complaint goes as soon as the form is sent as it should be, whatever the server answers: a failed sign-in says only why", async ({ page }) => {
  await holdClock(page);
  await page.goto("/auth");
  await waitForHydration(page);
  const complaints = page.locator('[data-toast="destructive"]', { hasText: "Validation Error" });
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(complaints).toHaveCount(1);

  await page.getByLabel("Email").fill("nobody-here@example.com");
  await page.getByLabel("Password").fill("Wrong-Pass-123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Invalid login credentials", "alert")).toBeVisible();
  await expect(complaints).toHaveCount(0);
});

test("Try it's complaint about an empty message goes when a suggestion comes", async ({ page, signedInUser: _signedInUser }) => {
  await holdClock(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const tryIt = page.getByRole("region", { name: "Try it" });
  const complaints = page.locator('[data-toast="destructive"]', { hasText: "Validation Error" });
  await tryIt.getByRole("button", { name: "Optimize message" }).click();
  await expect(complaints).toHaveCount(1);

  await tryIt.getByLabel("Your message").fill("hi sam, just checking if the contract is ready to sign this week");
  await tryIt.getByRole("button", { name: "Optimize message" }).click();
  await expect(page.getByTestId("try-it-suggestion")).toBeVisible();
  await expect(complaints).toHaveCount(0);
});
