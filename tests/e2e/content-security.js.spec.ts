import { waitForHydration } from "./support/hydration";
import { expect, test, type Page } from "./support/test";
import { expectToast } from "./support/toasts";

/** Nothing the pages run, validation included, breaks the Content-Security-Policy. */
test("no CSP violations while pages load and forms validate", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  for (const path of ["/", "/blog", "/blog/48-hour-follow-up-rule", "/about"]) {
    await page.goto(path);
    // `/` runs its scripts after the first paint, its islands' after that (the others have none):
    // checked once the shell has hydrated and nothing more is loading.
    if (path === "/") {
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
    }
    expect(await violations(), path).toEqual([]);
  }
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full name").fill("Al");
  await page.getByLabel("Email").fill("nope@example");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Validation Error", { role: "alert" });
  expect(await violations()).toEqual([]);
});

/**
 * Every document carries its stylesheet inline, with the original link kept as print-only
 * (app/lib/critical-css.server.ts): the page is styled before any stylesheet arrives, and React
 * still hydrates it without a mismatch (which would log an error and render the page again).
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test("public pages are styled from the document itself and hydrate without errors", async ({ page }) => {
  const errors = collectErrors(page);
  // Hold every stylesheet request: what the page looks like meanwhile is the document's own doing.
  await page.route("**/*.css", () => undefined);
  // The stylesheet link stays for hydration, disabled (decision 059): the browser never asks for
  // it. A page sent without scripts (the article, decision 037) has none at all.
  const cssRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".css")) cssRequests.push(request.url());
  });
  const pages = [
    ["/", 1],
    ["/blog/48-hour-follow-up-rule", 0],
    ["/auth", 1],
  ] as const;
  for (const [path, links] of pages) {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await expect(page.locator("main")).toBeVisible();
    // The brand button colour comes from the stylesheet (Tailwind's bg-brand-600).
    const button = page.locator("a[class*='bg-brand-600'], button[class*='bg-brand-600']").first();
    await expect(button, path).toHaveCSS("background-color", "rgb(79, 70, 229)");
    await expect(page.locator('link[rel="stylesheet"][disabled]'), path).toHaveCount(links);
    await expect(page.locator('link[rel="stylesheet"]'), path).toHaveCount(links);
    if (links) await waitForHydration(page);
  }
  await page.unrouteAll({ behavior: "ignoreErrors" });
  expect(errors).toEqual([]);
  expect(cssRequests).toEqual([]);
});

test("the dashboard hydrates without errors and navigates in the browser", async ({ page, signedInUser: _signedInUser }) => {
  const errors = collectErrors(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute("disabled", "");
  // Hydrated, the client router answers the click (a document request would be a full load). A
  // click before hydration is a full load, rightly: the page works without its scripts.
  await waitForHydration(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.getByRole("link", { name: "Settings" }).first().click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  expect(documents).toEqual([]);
  expect(errors).toEqual([]);
});
