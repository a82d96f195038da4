// axe runs inside the page, so it needs JavaScript; the no-JavaScript markup is the same server render.
import { expect, test } from "./support/test";
import { sql } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { publicPaths } from "./support/public-site";

for (const path of [...publicPaths, "/no-such-page", "/auth", "/auth?mode=signup", "/auth/forgot-password"]) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await expectNoAxeViolations(page, path);
  });
}

// One test per page (each with its own account), so each stays well inside the test timeout.
for (const path of ["/dashboard", "/dashboard/follow-ups", "/dashboard/settings", "/dashboard/account"]) {
  test(`${path} (signed in) has no axe violations`, async ({ page, signedInUser }) => {
    // Reminders in every list, so their controls are checked too.
    await sql(
      "insert into public.follow_ups (user_id, label, url, due_at, follow_up_number, completed_at) values ($1, 'Due one', 'https://mail.example.com/a', now() - interval '1 hour', 3, null), ($1, 'Later one', null, now() + interval '2 days', 1, null), ($1, 'Done one', null, now() - interval '2 days', 1, now())",
      [signedInUser.id],
    );
    await expectNoAxeViolations(page, path);
  });
}

test.describe("the dashboard's phone menu, from the keyboard", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("Tab stays in the open menu, Escape closes it and focus returns to its toggle, the backdrop closes it", async ({ page, signedInUser: _signedInUser }) => {
    await page.goto("/dashboard");
    await waitForHydration(page);
    const toggle = page.getByLabel("Toggle dashboard menu");
    const menu = page.getByRole("navigation", { name: "Dashboard mobile" });
    await toggle.click();
    await expect(menu).toBeVisible();
    // Twice around the menu's controls, both ways: focus never reaches the dimmed page.
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let press = 0; press < 16; press++) {
        await page.keyboard.press(key);
        expect(await page.evaluate(() => document.activeElement?.closest("details") !== null), `${key} ×${press + 1}`).toBe(true);
      }
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(360, 700); // the dimmed page, right of the drawer
    await expect(menu).toBeHidden();
  });
});
