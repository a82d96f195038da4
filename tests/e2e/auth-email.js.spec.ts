import { expect, test, type Page } from "./support/test";

/**
 * The email a visitor types follows them between the auth pages — including what they type while
 * the next page is still loading (a slow phone: the old form is still on screen after the click).
 * This was the cause of the "password reset" test's flakes: the address went into the sign-in
 * page's field and vanished when the forgot-password page appeared.
 */
/** From the sign-in page, follows "Forgot password?" on a slow connection (its module 600 ms late). */
async function startSlowTripToForgotPassword(page: Page): Promise<void> {
  await page.goto("/auth");
  await page.waitForLoadState("networkidle");
  await page.route("**/assets/forgot-password-*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.getByRole("link", { name: "Forgot password?" }).click();
}

test("typing while the forgot-password page loads is kept", async ({ page }) => {
  await startSlowTripToForgotPassword(page);
  await page.getByLabel("Email").fill("slow-phone@example.com");
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("slow-phone@example.com");
});

test("keys pressed just as the forgot-password page replaces the sign-in form land in its field", async ({ page }) => {
  // The other side of the race above (another cause of the same flake): the visitor is in the
  // sign-in form's email field when the new page takes its place, and goes on typing.
  await startSlowTripToForgotPassword(page);
  await page.getByLabel("Email").focus();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.keyboard.type("late-keys@example.com");
  await expect(page.getByLabel("Email")).toHaveValue("late-keys@example.com");
  await expect(page.getByLabel("Email")).toBeFocused();
});

test("the email typed to sign in is there to create an account, and back", async ({ page }) => {
  await page.goto("/auth");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill("switcher@example.com");
  await page.getByRole("link", { name: /sign up/i }).click();
  await expect(page.getByLabel("Full name")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("switcher@example.com");
});
