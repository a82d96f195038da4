import type { Page, Route } from "@playwright/test";
import { waitForHydration } from "./support/hydration";
import { expect, test } from "./support/test";

/**
 * 'Loading...' is said by the button whose form is on its way, and by no other: a page has several
 * forms (the profile, a token's Create and Revoke). The post is held
 * until the buttons have been read, so the pending state is seen for certain, then let through.
 */
async function holdPostsTo(page: Page, path: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  await page.route(
    (url) => url.pathname === path || url.pathname === `${path}.data`,
    (route) => (route.request().method() === "POST" ? void held.push(route) : route.continue()),
  );
  return async () => {
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await page.unrouteAll();
  };
}

test("creating a token: its button says Loading..., the profile's Save Changes does not", async ({ page, signedInUser: _signedInUser }) => {
  await page.goto("/dashboard/account");
  await waitForHydration(page);
  const release = await holdPostsTo(page, "/dashboard/account");
  const tokens = page.getByRole("region", { name: "API tokens" });
  await tokens.getByLabel("Token name").fill("Work laptop");
  await tokens.getByRole("button", { name: "Create token" }).click();

  await expect(tokens.getByRole("button", { name: "Loading..." })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeEnabled();
  await release();
  await expect(page.getByTestId("new-token")).toBeVisible();
  await expect(tokens.getByRole("button", { name: "Create token" })).toBeEnabled();
});

test("saving the profile: its button says Loading..., the token form's Create token does not", async ({ page, signedInUser: _signedInUser }) => {
  await page.goto("/dashboard/account");
  await waitForHydration(page);
  const release = await holdPostsTo(page, "/dashboard/account");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/dashboard/account")) posts.push(request.url());
  });
  await page.getByLabel("Full name").fill("Grace Hopper");
  await page.getByRole("button", { name: "Save Changes" }).click();

  const loading = page.getByRole("button", { name: "Loading..." });
  await expect(loading).toBeDisabled();
  await expect(page.getByRole("region", { name: "API tokens" }).getByRole("button", { name: "Create token" })).toBeEnabled();
  // The keyboard stays on the button while the form is on its way, and a second press sends nothing.
  await expect(loading).toBeFocused();
  await loading.click({ force: true });
  await release();
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeFocused();
  expect(posts).toHaveLength(1);
});
