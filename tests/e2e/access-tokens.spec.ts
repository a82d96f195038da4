import { waitForHydration } from "./support/hydration";
import { expect, test } from "./support/test";
import { expectToast, toast } from "./support/toasts";

/**
 * The Account page's API tokens, with JavaScript on (js-on) and off (js-off, plain form posts):
 * create one, see it once, see it listed, revoke it.
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
  if (javaScriptEnabled) await waitForHydration(page);
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  await expect(page.locator(`text=${token}`)).toHaveCount(0);

  // Revoke asks first, in the page, with JavaScript or without. Named with the token's last
  // characters: two installs of the extension share a name.
  const which = `Work laptop (ending ${token.slice(-4)})`;
  const revoke = section.locator("summary", { hasText: `Revoke ${which}` });
  const confirm = section.getByRole("button", { name: `Revoke token ${which}` });
  await expect(confirm).toBeHidden();
  await revoke.click();
  await expect(section.getByText("Anything using this token stops working at once.")).toBeVisible();
  await expect(confirm).toHaveAccessibleDescription("Anything using this token stops working at once. This can't be undone.");
  // Changing one's mind: Revoke again closes the question, and the token stays.
  await revoke.click();
  await expect(confirm).toBeHidden();
  await revoke.click();
  await confirm.click();
  await expect(section.getByText("You have no API tokens.")).toBeVisible();
  await expectToast(page, "Token revoked");
  // The pressed button went with its row: the keyboard goes to the section's heading (with
  // JavaScript) or to the toast of the page sent back (without), never back to the top.
  await expect(javaScriptEnabled ? section.getByRole("heading", { name: "API tokens" }) : toast(page, "Token revoked")).toBeFocused();

  const refused = await page.request.get("/api/v1/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
});

test("from a tablet up, an open Revoke stays at the right of its row, with its warning under it", async ({ page, signedInUser: _signedInUser }) => {
  await page.goto("/dashboard/account");
  const section = page.getByRole("region", { name: "API tokens" });
  await section.getByLabel("Token name").fill("Tablet");
  await section.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByTestId("new-token")).toBeVisible();
  const revoke = section.locator("summary", { hasText: "Revoke" });
  const warning = section.getByText("Anything using this token stops working at once.").locator("..");
  const right = (box: { x: number; width: number } | null) => (box ? box.x + box.width : Number.NaN);
  for (const width of [640, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const closed = right(await revoke.boundingBox());
    await revoke.click();
    await expect(warning).toBeVisible();
    const open = await revoke.boundingBox();
    expect(Math.abs(right(open) - closed), `${width} px: Revoke keeps its right edge`).toBeLessThanOrEqual(1);
    expect(Math.abs(right(await warning.boundingBox()) - right(open)), `${width} px: the warning is under Revoke`).toBeLessThanOrEqual(1);
    await revoke.click();
    await expect(warning).toBeHidden();
  }
});
