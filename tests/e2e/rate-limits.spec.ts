import { expect, test } from "./support/test";
import { expectToast } from "./support/toasts";

test.describe("rate limits", () => {
  test("a 4th newsletter sign-up of one address in an hour is refused with a toast, the address kept", async ({ page }, testInfo) => {
    const email = `often-${testInfo.project.name}-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) {
      await page.goto("/blog");
      await page.getByLabel("Email address").fill(email);
      await page.getByRole("button", { name: "Subscribe" }).click();
      await expect(page.getByText("Thanks for subscribing!")).toBeVisible();
    }
    await page.goto("/blog");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expectToast(page, "Too many attempts", { role: "alert" });
    await expect(page.locator("#newsletter-error")).toHaveText(/please wait \d+ minutes and try again/);
    await expect(page.getByLabel("Email address")).toHaveValue(email);
  });
});
