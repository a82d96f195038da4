/** Connecting the extension through /extension/connect, and what it shows before and after. */
import { sql, userIdFor } from "../support/accounts";
import { clickConnect, connectExtension, expect, openPopup, popupShowing, test } from "./support/extension";
import { Overlay } from "./support/overlay";

const TOKEN_LIMIT_TEXT = "You already have 20 access tokens. Revoke one you no longer use on your Account page, then connect again.";

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

/** Gives the account 20 live access tokens, the most it may have. */
async function fillTokens(email: string): Promise<void> {
  const userId = await userIdFor(email);
  await sql(
    "insert into public.access_tokens (user_id, name, token_hash, hint) select $1::uuid, 'Token ' || n, encode(sha256(convert_to($1::text || n, 'UTF8')), 'hex'), 'abcd' from generate_series(1, 20) as n",
    [userId],
  );
}

test("an account with 20 access tokens is told where to revoke one, and the popup says so too", async ({ context, extensionId, signedInUser: { email } }) => {
  await fillTokens(email);
  const landing = await clickConnect(context, extensionId);
  await landing.waitForURL(/\/extension\/connected\?error=token_limit&/);
  await expect(landing.getByRole("heading", { name: "Too many access tokens" })).toBeVisible();
  await expect(landing.getByText(TOKEN_LIMIT_TEXT)).toBeVisible();
  await expect(landing.getByRole("link", { name: "Go to your Account page" })).toHaveAttribute("href", "/dashboard/account#api-tokens");

  // The extension, watching the tab, learned why: its popup says what to do, in the page's words.
  const popup = await popupShowing(context, extensionId, TOKEN_LIMIT_TEXT);
  // Said as an alert, so a screen reader announces it (the popup as a whole is not a live region).
  await expect(popup.getByRole("alert")).toContainText(TOKEN_LIMIT_TEXT);
  await expect(popup.getByRole("button", { name: "Connect to Tonewise" })).toBeVisible();
});

test("an account that reaches 20 tokens after Approve gets no token, and the popup says what the page would have said", async ({ context, extensionId, signedInUser: { email } }) => {
  // The 20th token is made while the extension's exchange is on its way: the server answers 409 limit_reached.
  await context.route(
    (url) => url.pathname === "/api/v1/extension/token",
    async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await fillTokens(email);
      await route.continue();
    },
  );
  const approval = await clickConnect(context, extensionId);
  await approval.waitForURL(/\/extension\/connect\?/);
  await approval.getByRole("button", { name: "Approve" }).click();
  await expect(approval).toHaveURL(/\/extension\/connected\?code=/);

  const popup = await popupShowing(context, extensionId, TOKEN_LIMIT_TEXT);
  await expect(popup.getByRole("alert")).toContainText(TOKEN_LIMIT_TEXT);
  await expect(popup.getByRole("button", { name: "Connect to Tonewise" })).toBeVisible();
});

test("Connect pressed again while its tab is open brings that tab back, and approving there connects", async ({ context, extensionId, signedInUser: { email } }) => {
  const approval = await clickConnect(context, extensionId);
  await approval.waitForURL(/\/extension\/connect\?/);

  // Again from the popup: no second tab (whose attempt would have made this one's Approve do nothing).
  const popup = await openPopup(context, extensionId);
  await popup.getByRole("button", { name: "Connect to Tonewise" }).click();
  await expect.poll(async () => approval.evaluate(() => document.visibilityState)).toBe("visible");
  if (!popup.isClosed()) await popup.close();

  await approval.getByRole("button", { name: "Approve" }).click();
  await expect(approval).toHaveURL(/\/extension\/connected\?/);
  await (await popupShowing(context, extensionId, email)).close();
  expect(context.pages().filter((tab) => !tab.isClosed() && tab.url().includes("/extension/connect")).length).toBe(1);
});
