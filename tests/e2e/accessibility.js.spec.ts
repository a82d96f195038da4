// axe runs inside the page, so it needs JavaScript; the no-JavaScript markup is the same server render.
import { expect, test } from "./support/test";
import { sql } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { contrastAgainstBackground } from "./support/contrast";
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

// What axe does not measure (WCAG 1.4.11): the edges of form controls and the focus ring.
test("form controls stand out from the card they are on: field borders and switches at 3:1, placeholders at 4.5:1", async ({ page, signedInUser: _signedInUser }) => {
  await page.goto("/dashboard/settings");
  expect(await contrastAgainstBackground(page.getByLabel("Time zone"), "border-top-color")).toBeGreaterThanOrEqual(3);
  expect(await contrastAgainstBackground(page.getByLabel("Default tone"), "border-top-color")).toBeGreaterThanOrEqual(3);
  const analytics = page.getByRole("switch", { name: "Usage analytics" });
  await analytics.uncheck();
  // The switch is its track: the track's colour against the card, off and on.
  expect(await contrastAgainstBackground(analytics, "background-color")).toBeGreaterThanOrEqual(3);
  await analytics.check();
  expect(await contrastAgainstBackground(analytics, "background-color")).toBeGreaterThanOrEqual(3);

  await page.goto("/dashboard/follow-ups");
  const link = page.getByLabel("Page to reopen (optional)");
  await expect(link).toHaveAttribute("placeholder", "https://");
  expect(await contrastAgainstBackground(link, "placeholder", true)).toBeGreaterThanOrEqual(4.5);
});

test("on the dark bands (calls to action, the newsletter) the focus ring stands out at 3:1", async ({ page }) => {
  const bands = [
    ["/", "Ready to write your best messages?"],
    ["/about", "See the difference in your next message"],
    ["/blog", "Get better at every message"],
  ] as const;
  for (const [path, heading] of bands) {
    await page.goto(path);
    const band = page.locator("section", { has: page.getByRole("heading", { name: heading }) });
    // A dark band: its light text at 4.5:1 or more against it.
    expect(await contrastAgainstBackground(band, "color", true), `${path}: the band is dark`).toBeGreaterThanOrEqual(4.5);
    const controls = band.locator('a, button, input:not([type="hidden"]):not([tabindex="-1"])');
    expect(await controls.count(), path).toBeGreaterThan(0);
    for (const link of await controls.all()) {
      await link.focus();
      // As after Tab: the ring shows for keyboard focus.
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      await expect(link).toBeFocused();
      expect(await link.evaluate((node) => node.matches(":focus-visible"))).toBe(true);
      // The ring is drawn outside the control, on the band (polled: buttons ease their colours in).
      await expect.poll(() => contrastAgainstBackground(link, "outline-color"), `${path}: ${await link.textContent()}`).toBeGreaterThanOrEqual(3);
    }
  }
});
