import type { Route } from "@playwright/test";
import { waitForHydration } from "./support/hydration";
import { expect, test } from "./support/test";
import { sql } from "./support/accounts";
import { expectToast, toast } from "./support/toasts";
import { createConfirmedUser, timeZoneStored } from "./support/users";
import { signIn } from "./support/accounts";
import { holdClock } from "./support/clock";

/**
 * The browser reports its time zone only when JavaScript runs (js-on): the sign-in form sends it,
 * and the dashboard stores it for an account still without one, which must never throw away what
 * the user is editing.
 */
test.use({ timezoneId: "America/New_York" });

test("signing in through the form stores the browser's time zone at once: the dashboard posts nothing more", async ({ page }) => {
  const user = await createConfirmedUser();
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  await page.goto("/auth");
  await waitForHydration(page);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Dashboard", exact: true }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByLabel("Time zone")).toHaveValue("America/New_York");
  expect(posts).toEqual(["/auth.data"]);
});

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

test("a toast that comes with the first visit stays on screen while the time zone is stored", async ({ page, signedInUser }) => {
  await sql("update public.user_settings set time_zone = null where user_id = $1", [signedInUser.id]);
  // The page's clock is held: the toast cannot dismiss itself, however long the save below takes.
  await holdClock(page);
  const stored = timeZoneStored(page);
  await page.goto("/dashboard/subscription?canceled=true");
  const canceled = toast(page, "Checkout Canceled");
  await expect(canceled).toBeVisible();
  await stored;
  // The save reloaded the page's data, which no longer carries the toast; a navigation rendered
  // after that reload shows what it left.
  await page.getByRole("navigation", { name: "Dashboard", exact: true }).getByRole("link", { name: "Settings" }).press("Enter");
  await expect(page.getByLabel("Time zone")).toHaveValue("America/New_York");
  await expect(canceled).toBeVisible();
});

test("'Signed out' shows on the home page even while the first visit's time-zone save is on its way", async ({ page, signedInUser }) => {
  const held: Route[] = [];
  await page.route(
    (url) => url.pathname === "/dashboard/settings.data",
    (route) => (route.request().method() === "POST" ? void held.push(route) : route.continue()),
  );
  await sql("update public.user_settings set time_zone = null where user_id = $1", [signedInUser.id]);
  await page.goto("/dashboard/settings");
  await waitForHydration(page);
  await expect.poll(() => held.length).toBe(1);
  const signOut = page.waitForResponse((response) => ["/auth/sign-out", "/auth/sign-out.data"].includes(new URL(response.url()).pathname));
  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await signOut;
  // The save finishes just as the browser follows the redirect home.
  await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
  await expect(page).toHaveURL("/");
  await expect(toast(page, "Signed out")).toContainText("You have been signed out successfully");
});
