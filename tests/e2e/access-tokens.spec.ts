import { expect, test } from "./support/test";
import { expectToast } from "./support/toasts";

/**
 * The Account page's API tokens, with JavaScript on (js-on, where revoking asks first) and off
 * (js-off, plain form posts): create one, see it once, see it listed, revoke it.
 */
test("create an API token, see it once, revoke it", async ({ page, javaScriptEnabled, signedInUser: _signedInUser }) => {
  await page.goto("/dashboard/account");
  const section = page.getByRole("region", { name: "API tokens" });
  await expect(section.getByText("You have no API tokens.")).toBeVisible();

  await section.getByLabel("Token name").fill("Work laptop");
  await section.getByRole("button", { name: "Create token" }).click();
  const created = page.getByTestId("new-token");
  await expect(created.getByRole("textbox")).toHaveValue(/^tw_[A-Za-z0-9_-]{43}$/);
  const token = await created.getByRole("textbox").inputValue();
  await expect(created).toContainText("won't be shown again");
  if (javaScriptEnabled) await expect(created.getByRole("button", { name: "Copy" })).toBeVisible();

  const list = section.getByRole("list", { name: "Your API tokens" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Work laptop");
  await expect(list).toContainText(`tw_…${token.slice(-4)}`);
  await expect(list).toContainText("Last used Never");

  // Shown once: coming back to the page lists it without the secret.
  await page.goto("/dashboard/account");
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  await expect(page.locator(`text=${token}`)).toHaveCount(0);

  if (javaScriptEnabled) page.once("dialog", (dialog) => void dialog.accept());
  // Named with the token's last characters: two installs of the extension share a name.
  await section.getByRole("button", { name: `Revoke Work laptop (ending ${token.slice(-4)})` }).click();
  await expect(section.getByText("You have no API tokens.")).toBeVisible();
  await expectToast(page, "Token revoked");

  const refused = await page.request.get("/api/v1/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
});
