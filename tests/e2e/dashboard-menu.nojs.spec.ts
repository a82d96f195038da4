import { expect, test } from "./support/test";

test.describe("the dashboard's phone menu without JavaScript, from the keyboard", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("Tab and Shift+Tab go round the open menu, never to the page its backdrop covers", async ({ page, signedInUser: _signedInUser }) => {
    await page.goto("/dashboard");
    const toggle = page.getByLabel("Toggle dashboard menu");
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Dashboard mobile" });
    await expect(menu).toBeVisible();
    const behindTheBackdrop = () =>
      page.evaluate(() => {
        // Anything focused outside the menu (the skip link too) is behind the backdrop; the
        // document itself is where Tab goes between the page's last control and its first.
        const active = document.activeElement;
        if (!active || active === document.body || active.closest("details")) return null;
        return (active.textContent ?? active.tagName).trim().slice(0, 40);
      });
    const visited = new Set<string>();
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let press = 0; press < 16; press++) {
        await page.keyboard.press(key);
        expect(await behindTheBackdrop(), `${key} ×${press + 1}`).toBeNull();
        visited.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
      }
    }
    // Round the menu: its links were reached.
    expect([...visited]).toEqual(expect.arrayContaining(["Follow-ups", "Settings"]));

    // Closed, the page is back in the tab order.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade to Pro" }).first()).toBeVisible();
  });
});

test.describe("the dashboard's phone menu and a toast that stays", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the open menu is above the toast: Sign Out at the foot of the menu can be pressed", async ({ page, signedInUser: _signedInUser }) => {
    await page.goto("/dashboard");
    // An error toast stays until it is closed (decision 050).
    await page.getByRole("button", { name: "Optimize message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Validation Error" })).toBeVisible();
    await page.getByLabel("Toggle dashboard menu").click();
    await expect(page.getByRole("navigation", { name: "Dashboard mobile" })).toBeVisible();
    // The desktop sidebar's is hidden at this width: the one shown is the menu's.
    const signOut = page.getByRole("button", { name: "Sign Out" }).filter({ visible: true });
    await expect(signOut).toBeVisible();
    // A trial click fails when another element would receive the pointer.
    await signOut.click({ trial: true, timeout: 2_000 });
  });
});
