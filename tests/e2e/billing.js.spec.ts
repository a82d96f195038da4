// axe runs inside the page, so it needs JavaScript; the no-JavaScript markup is the same server render.
// Free and Pro are separate tests (each its own account), so each stays well inside the test timeout.
import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";

// Each test gets its account (and Pro pays through the hosted checkout) before axe scans the page at
// two widths: on a loaded 2-core machine that alone can pass the default 45 s.
test.describe.configure({ timeout: 90_000 });

test("the subscription page has no axe violations on Free", async ({ page, signedInUser: _signedInUser }) => {
  await expectNoAxeViolations(page, "/dashboard/subscription");
});

test("the subscription page has no axe violations on Pro", async ({ page, signedInUser: _signedInUser }) => {
  await page.goto("/dashboard/subscription");
  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { name: "Tonewise Pro is active" })).toBeVisible();
  await expectNoAxeViolations(page, "/dashboard/subscription");
});
