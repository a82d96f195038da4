import { waitForHydration } from "./support/hydration";
import { expect, test, type Page } from "./support/test";

/**
 * The dashboard's Copy buttons (a new access token, Try it's suggestion): "Copied" when the browser
 * took the text; when it refuses, "Copy failed", the reason read out, and the text selected where
 * the page shows it, so a token shown only once is never lost to a silent failure.
 */
const refuseClipboard = () => {
  navigator.clipboard.writeText = () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
};

async function createToken(page: Page) {
  await page.goto("/dashboard/account");
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "API tokens" });
  await section.getByLabel("Token name").fill("Work laptop");
  await section.getByRole("button", { name: "Create token" }).click();
  const created = page.getByTestId("new-token");
  await expect(created.getByRole("textbox")).toHaveValue(/^tw_/);
  return created;
}

test("a new token copies to the clipboard", async ({ page, context, signedInUser: _signedInUser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const created = await createToken(page);
  await created.getByRole("button", { name: "Copy" }).click();
  await expect(created.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await created.getByRole("textbox").inputValue());
});

test("a copy the browser refuses says so and selects the token for the keyboard", async ({ page, signedInUser: _signedInUser }) => {
  await page.addInitScript(refuseClipboard);
  const created = await createToken(page);
  const token = await created.getByRole("textbox").inputValue();
  await created.getByRole("button", { name: "Copy" }).click();
  await expect(created.getByRole("button", { name: "Copy failed" })).toBeVisible();
  await expect(created.getByRole("status")).toContainText("Your browser did not allow the copy");
  await expect(created.getByRole("textbox")).toBeFocused();
  expect(await created.getByRole("textbox").evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart!, input.selectionEnd!))).toBe(token);
});

test("a suggestion the browser refuses to copy is selected on the page", async ({ page, signedInUser: _signedInUser }) => {
  await page.addInitScript(refuseClipboard);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const tryIt = page.getByRole("region", { name: "Try it" });
  await tryIt.getByLabel("Your message").fill("hi jordan, just checking in on the renewal. let me know if u have questions");
  await tryIt.getByRole("button", { name: "Optimize message" }).click();
  const suggestion = page.getByTestId("try-it-suggestion");
  await suggestion.getByRole("button", { name: "Copy" }).click();
  await expect(suggestion.getByRole("button", { name: "Copy failed" })).toBeVisible();
  const selected = await page.evaluate(() => window.getSelection()?.toString() ?? "");
  expect(selected.length).toBeGreaterThan(20);
  expect(await suggestion.innerText()).toContain(selected.trim());
});
