import { expect, test } from "./support/test";
import { sql } from "./support/accounts";
import { expectToast } from "./support/toasts";

/**
 * The browser reports its time zone only when JavaScript runs (js-on): the dashboard stores it
 * for an account without one, and that must never throw away what the user is editing.
 */
test.use({ timezoneId: "America/New_York" });

test("the browser's time zone is stored on a first visit without throwing away edits in Settings", async ({ page, signedInUser }) => {
  await sql("update public.user_settings set time_zone = null where user_id = $1", [signedInUser.id]);
  await page.goto("/dashboard/settings");
  await page.getByLabel("Default tone").selectOption("persuasive");
  await expect(page.getByLabel("Time zone")).toHaveValue("America/New_York");
  await expect(page.getByLabel("Default tone")).toHaveValue("persuasive");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings saved");
  await page.reload();
  await expect(page.getByLabel("Default tone")).toHaveValue("persuasive");
  await expect(page.getByLabel("Time zone")).toHaveValue("America/New_York");
});
