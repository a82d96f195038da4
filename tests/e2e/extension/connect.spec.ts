/** Connecting the extension through /extension/connect, and what it shows before and after. */
import { connectExtension, expect, openPopup, test } from "./support/extension";
import { Overlay } from "./support/overlay";

test("a signed-in user connects the extension from its popup", async ({ context, page, extensionId, openFixture, signedInUser: { email } }) => {
  // Not connected yet: the field's icon asks to connect.
  const fixture = await openFixture("textarea");
  const overlay = await Overlay.on(fixture);
  await fixture.getByLabel("Message").click();
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("attention");
  await overlay.click("icon");
  await expect.poll(async () => (await overlay.snapshot())?.buttons).toContain("Connect Tonewise");
  await fixture.close();

  await connectExtension(context, extensionId, email);

  const popup = await openPopup(context, extensionId);
  await expect(popup.getByText(email)).toBeVisible();
  await expect(popup.getByText("Free", { exact: true })).toBeVisible();
  await expect(popup.getByRole("button", { name: "Disconnect" })).toBeVisible();

  // The defaults chosen in the popup are the account's: the dashboard's Settings show them.
  await popup.getByLabel("Default tone").selectOption("friendly");
  await expect(popup.getByRole("status")).toHaveText("Saved to your Tonewise settings.");
  await page.goto("/dashboard/settings");
  await expect(page.getByLabel("Default tone")).toHaveValue("friendly");
});
