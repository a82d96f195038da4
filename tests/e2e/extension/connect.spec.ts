/** Connecting the extension through /extension/connect, and what it shows before and after. */
import { sql, userIdFor } from "../support/accounts";
import { clickConnect, connectExtension, expect, openPopup, popupShowing, test } from "./support/extension";
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

test("an account with 20 access tokens is told where to revoke one, and the popup says so too", async ({ context, extensionId, signedInUser: { email } }) => {
  const userId = await userIdFor(email);
  await sql(
    "insert into public.access_tokens (user_id, name, token_hash, hint) select $1::uuid, 'Token ' || n, encode(sha256(convert_to($1::text || n, 'UTF8')), 'hex'), 'abcd' from generate_series(1, 20) as n",
    [userId],
  );
  const landing = await clickConnect(context, extensionId);
  await landing.waitForURL(/\/extension\/connected\?error=token_limit&/);
  await expect(landing.getByRole("heading", { name: "Too many access tokens" })).toBeVisible();
  await expect(landing.getByRole("link", { name: "Go to your Account page" })).toHaveAttribute("href", "/dashboard/account#api-tokens");

  // The extension, watching the tab, learned why: its popup says what to do.
  const popup = await popupShowing(context, extensionId, "Your account already has the most access tokens it can have.");
  // Said as an alert, so a screen reader announces it (the popup as a whole is not a live region).
  await expect(popup.getByRole("alert")).toContainText("Your account already has the most access tokens it can have.");
  await expect(popup.getByRole("button", { name: "Connect to Tonewise" })).toBeVisible();
});
