// axe runs inside the page, so it needs JavaScript; the no-JavaScript markup is the same server render.
import { expect, test } from "./support/test";
import { signUpAndConfirm, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";

test("the subscription page has no axe violations, free and pro", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("billing-axe"));
  await expectNoAxeViolations(page, "/dashboard/subscription");

  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { name: "Tonewise Pro is active" })).toBeVisible();
  await expectNoAxeViolations(page, "/dashboard/subscription");
});
