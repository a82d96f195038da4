import { waitForRoomInRateLimitWindow } from "./support/rate-limit-window";
import { expect, test } from "./support/test";
import { expectToast, toast } from "./support/toasts";

test.describe("rate limits", () => {
  test("a 4th newsletter sign-up of one address in an hour is refused with a toast, the address kept", async ({ page }, testInfo) => {
    // The four tries (within the usual test timeout) and more than a minute to spare fit in one
    // hour-long window, so the refusal names a wait of minutes (with a minute or less left, it
    // rightly says "a minute"; across the hour the count would start again).
    const room = testInfo.timeout + 60_000;
    test.setTimeout(testInfo.timeout + room);
    await waitForRoomInRateLimitWindow(60 * 60_000, room);
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
    // The blog is sent without scripts (decision 037): with JavaScript on or off, the toast's ×
    // is a checkbox's label, and closes it as plain HTML.
    const notice = toast(page, "Too many attempts", "alert");
    await notice.locator("label", { has: page.getByRole("checkbox", { name: "Dismiss notification" }) }).click();
    await expect(notice).toBeHidden();
  });
});
