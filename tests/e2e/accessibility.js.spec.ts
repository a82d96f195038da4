// axe runs inside the page, so it needs JavaScript; the no-JavaScript markup is the same server render.
import { test } from "./support/test";
import { signUpAndConfirm, uniqueEmail } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { publicPaths } from "./support/public-site";

for (const path of [...publicPaths, "/no-such-page", "/auth", "/auth?mode=signup", "/auth/forgot-password"]) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await expectNoAxeViolations(page, path);
  });
}

test("the dashboard pages have no axe violations", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("axe"));
  for (const path of ["/dashboard", "/dashboard/follow-ups", "/dashboard/settings", "/dashboard/account"]) {
    await expectNoAxeViolations(page, path);
  }
});
