import { waitForHydration } from "./support/hydration";
import { expect, test, type Page } from "./support/test";

/**
 * With JavaScript a page changes inside the document, and the browser neither moves the keyboard
 * nor tells a screen reader. After a move to another page the keyboard is on the new page's
 * heading, and Tab goes on into its content (decision 051).
 */

const pageHeading = (page: Page) => page.getByRole("main").getByRole("heading", { level: 1 });
const focusIsInMain = (page: Page) => page.evaluate(() => document.activeElement?.closest("main") !== null);

test("a page chosen in the dashboard's sidebar, from the keyboard, has the keyboard on its heading", async ({ page, signedInUser: _signedInUser }) => {
  await page.goto("/dashboard");
  await waitForHydration(page);
  const sidebar = page.getByRole("navigation", { name: "Dashboard", exact: true });
  await sidebar.getByRole("link", { name: "Settings" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/dashboard/settings");
  await expect(pageHeading(page)).toHaveText("Settings");
  await expect(pageHeading(page)).toBeFocused();
  await page.keyboard.press("Tab");
  expect(await focusIsInMain(page)).toBe(true);

  // Back goes to the page before, and to its heading.
  await page.goBack();
  await expect(page).toHaveURL("/dashboard");
  await expect(pageHeading(page)).toBeFocused();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("a page chosen in the dashboard's menu has the keyboard on its heading once the menu closes", async ({ page, signedInUser: _signedInUser }) => {
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByLabel("Toggle dashboard menu").click();
    const menu = page.getByRole("navigation", { name: "Dashboard mobile" });
    await menu.getByRole("link", { name: "Account" }).click();
    await expect(menu).toBeHidden();
    await expect(pageHeading(page)).toHaveText("Account");
    await expect(pageHeading(page)).toBeFocused();
  });
});

test("a link from the home page to the sign-up form puts the keyboard on the form's heading; a link to a section of the page leaves it alone", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const pricing = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" });
  await pricing.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/#pricing");
  await expect(pricing).toBeFocused();

  await page.getByRole("banner").getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL("/auth?mode=signup");
  await expect(pageHeading(page)).toBeFocused();
  // Switching to the sign-in form is the same page's address: the link chosen went with the form it was in.
  await page.getByRole("main").getByRole("link", { name: /sign in/i }).click();
  await expect(page).toHaveURL("/auth");
  await expect(pageHeading(page)).toBeFocused();
});
