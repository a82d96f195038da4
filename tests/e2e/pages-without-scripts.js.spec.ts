import { requestsOfType, waitForHydration } from "./support/hydration";
import { articles } from "./support/public-site";
import { expect, test } from "./support/test";

/**
 * Pages that are complete as HTML are sent without scripts (decision 037): opening one makes the
 * browser download no JavaScript at all. Reached from a page that runs the app (the landing
 * page), the same pages open in the browser without a new document, as before.
 */
const WITHOUT_SCRIPTS = ["/about", "/blog", `/blog/${articles[0].slug}`, "/terms", "/privacy", "/extension/download"];

test("pages complete as HTML load no JavaScript; the landing page still does", async ({ page }) => {
  const scripts = requestsOfType(page, "script");
  for (const path of WITHOUT_SCRIPTS) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(page.locator("main"), path).toBeVisible();
    // Only data blocks (the articles' and the blog's JSON-LD) remain; nothing to run or preload.
    await expect(page.locator('script:not([type="application/ld+json"])'), path).toHaveCount(0);
    await expect(page.locator('link[rel="modulepreload"]'), path).toHaveCount(0);
  }
  expect(scripts).toEqual([]);

  await page.goto("/");
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
});

test("from the running app, the same pages open and work without a new document", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForHydration(page);
  const documents = requestsOfType(page, "document");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await nav.getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL("/blog");
  // The newsletter answers in place here.
  await page.getByLabel("Email address").fill(`in-app-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Thanks for subscribing!")).toBeVisible();
  await page.getByRole("link", { name: articles[0].title }).first().click();
  await expect(page).toHaveURL(`/blog/${articles[0].slug}`);
  await expect(page.getByRole("heading", { level: 1, name: articles[0].title })).toBeVisible();
  expect(documents).toEqual([]);
});

test("the mobile menu opens and closes on a page without scripts", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/blog");
  const mobileNav = page.getByRole("navigation", { name: "Mobile" });
  const toggle = page.getByLabel("Toggle menu");
  await expect(mobileNav).toBeHidden();
  await toggle.click();
  await expect(mobileNav).toBeVisible();
  await toggle.click();
  await expect(mobileNav).toBeHidden();
  // From the keyboard: Escape closes it and the focus is back on its toggle.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(mobileNav).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(mobileNav.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(mobileNav).toBeHidden();
  await expect(toggle).toBeFocused();
  // A tap on the page below closes it too.
  await toggle.click();
  await expect(mobileNav).toBeVisible();
  await page.mouse.click(187, 700);
  await expect(mobileNav).toBeHidden();
  await page.getByLabel("Toggle menu").click();
  await mobileNav.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL("/about");
  await expect(mobileNav).toBeHidden();
});

test("the blog's newsletter answers with a page scrolled to its box", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/blog");
  await page.getByLabel("Email address").fill(`reader-${testInfo.project.name}-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Thanks for subscribing!")).toBeInViewport();
  await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);
});

test("the blog's newsletter refusing an address answers with the keyboard on the address and its error said", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/blog");
  // The browser lets it through (no dot in the domain is allowed there); the server's check refuses it.
  await page.getByLabel("Email address").fill("reader@localhost");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.locator("#newsletter-error")).toHaveText("Invalid email address");
  await expect(page.getByLabel("Email address")).toBeFocused();
  await expect(page.getByLabel("Email address")).toBeInViewport();
  await expect(page.getByLabel("Email address")).toHaveAccessibleDescription("Invalid email address");
});
