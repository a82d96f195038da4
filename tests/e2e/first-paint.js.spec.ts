import { requestsOfType, waitForHydration } from "./support/hydration";
import { expect, test, type Locator, type Page } from "./support/test";

/**
 * A page's JavaScript waits for its first paint (app/lib/hydration-after-paint.server.ts,
 * decision 035): the HTML and its inline stylesheet are on screen before the browser asks for a
 * single script, and the page then hydrates as before. (The pages sent without scripts, decision
 * 037, ask for none at all: tests/e2e/pages-without-scripts.js.spec.ts.)
 */

/**
 * Once the page has hydrated, the client router answers a click on `link`: the page whose heading
 * reads `heading` opens without a document request (which would be a full load).
 */
async function expectClientNavigation(page: Page, link: Locator, heading: RegExp) {
  await waitForHydration(page);
  const documents = requestsOfType(page, "document");
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
  expect(documents).toEqual([]);
}

/** The header's "Blog", opened in the browser once the page has hydrated. */
async function expectClientNavigationToBlog(page: Page) {
  await expectClientNavigation(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }), /blog/i);
}

/** Loads `path` as a new document: the first script is asked for after the first paint. */
async function expectPaintBeforeScripts(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("main")).toBeVisible();
  const order = await page.waitForFunction(() => {
    const paints = performance.getEntriesByType("paint");
    const scripts = performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
    if (!paints.length || !scripts.length) return null;
    return { firstPaint: Math.min(...paints.map((entry) => entry.startTime)), firstScript: Math.min(...scripts.map((entry) => entry.startTime)) };
  });
  const { firstPaint, firstScript } = (await order.jsonValue())!;
  expect(firstScript, `${path}: first script requested after the first paint`).toBeGreaterThan(firstPaint);
}

test("a page is painted before it asks for any script, then hydrates", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  for (const path of ["/auth", "/"]) await expectPaintBeforeScripts(page, path);
  await expectClientNavigationToBlog(page);
  expect(errors).toEqual([]);
});

test("the dashboard is painted before it asks for any script, then hydrates", async ({ page, signedInUser }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await expectPaintBeforeScripts(page, "/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(signedInUser.fullName.split(" ")[0]!);
  // The dashboard's own navigation opens Settings in the browser.
  await expectClientNavigation(page, page.getByRole("link", { name: "Settings" }).first(), /settings/i);
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  expect(errors).toEqual([]);
});

/**
 * Opens `path` on a phone with the client entry held back, opens its menu while the page is still
 * plain HTML, then lets the page hydrate: the menu must stay open (it closed itself as the page
 * came alive, under the visitor's finger), and still close after a link chosen in it.
 */
async function openMenuBeforeHydration(page: Page, path: string, toggle: string, nav: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path);
  await page.getByLabel(toggle).click();
  const menu = page.getByRole("navigation", { name: nav });
  await expect(menu).toBeVisible();
  release();
  // Hydrated, the menu's effects run (they run before the root layout's, which marks the page).
  await waitForHydration(page);
  expect(await page.evaluate(() => Object.keys(document.querySelector("[popover]:has(nav), details:has(nav)")!).some((key) => key.startsWith("__reactFiber")))).toBe(true);
  await expect(menu).toBeVisible();
  return menu;
}

test("a menu opened before the page hydrates stays open, and closes after a link", async ({ page }) => {
  const menu = await openMenuBeforeHydration(page, "/", "Toggle menu", "Mobile");
  await menu.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL("/#pricing");
  await expect(menu).toBeHidden();
});

test("the dashboard's menu opened before the page hydrates stays open, and closes after a link", async ({ page, signedInUser: _signedInUser }) => {
  const menu = await openMenuBeforeHydration(page, "/dashboard", "Toggle dashboard menu", "Dashboard mobile");
  await menu.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL("/dashboard/settings");
  await expect(menu).toBeHidden();
});

for (const [situation, browserSetup] of [
  [
    "in a tab opened in the background",
    () => {
      Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
      // A hidden tab reports no paint until it is shown.
      PerformanceObserver.prototype.observe = () => undefined;
    },
  ],
  [
    "in a browser without paint timing",
    () => {
      Object.defineProperty(PerformanceObserver, "supportedEntryTypes", { get: () => ["mark", "measure"] });
      PerformanceObserver.prototype.observe = () => undefined;
    },
  ],
  [
    "in a browser without PerformanceObserver",
    () => {
      Object.defineProperty(window, "PerformanceObserver", { value: undefined });
    },
  ],
] as const) {
  test(`a page ${situation} hydrates without waiting for a paint`, async ({ page }) => {
    await page.addInitScript(browserSetup);
    await page.goto("/");
    await expectClientNavigationToBlog(page);
  });
}

test("a form sent before the page's scripts ran comes back with the focus on the field to fix, and keeps it as the page hydrates", async ({ page }) => {
  // The page's scripts wait until the form has been sent: it posts as a plain HTML form.
  let releaseScripts!: () => void;
  const scriptsAllowed = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await scriptsAllowed;
    await route.continue();
  });
  const documents = requestsOfType(page, "document");
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full name").fill("Al");
  await page.getByLabel("Email").fill("x@example.com");
  await page.getByLabel("Password").fill("Short1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Password must be at least 8 characters", { exact: true }).first()).toBeVisible();
  expect(documents.length).toBe(2);
  await expect(page.getByLabel("Password")).toBeFocused();

  releaseScripts();
  await waitForHydration(page);
  await expect(page.getByLabel("Password")).toBeFocused();
});

test("the pricing island's own modules are asked for alongside it, not after it has arrived", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  // The islands (decision 033) are requested as the page's module runs. The pricing cards bring
  // modules of their own (the plans, the plan card), which the preload helper (decision 054) asks
  // for at the same time: without it the browser would find them only in the island's code, one
  // round trip later.
  await page.waitForLoadState("networkidle");
  const timings = await page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).flatMap((entry) => {
      const chunk = /\/(pricing-section|plans|plan-card)-[\w-]+\.js$/.exec(new URL(entry.name).pathname)?.[1];
      return chunk ? [{ chunk, start: entry.startTime, end: entry.responseEnd }] : [];
    }),
  );
  const island = timings.find(({ chunk }) => chunk === "pricing-section");
  expect(timings.map(({ chunk }) => chunk).sort()).toEqual(["plan-card", "plans", "pricing-section"]);
  for (const own of timings.filter(({ chunk }) => chunk !== "pricing-section")) {
    expect(own.start, `${own.chunk} asked for before the island's chunk arrived`).toBeLessThan(island!.end);
  }
});
