import type { Page } from "@playwright/test";

/**
 * Waits until the page has hydrated and its effects have run: the root layout marks `<html>` with
 * `data-hydrated` in its effect, which runs after those of every component hydrated with it (not
 * a lazy island's, decision 033: it hydrates when its chunk arrives). A page paints before its
 * scripts run (decision 035), so `page.goto` can return while it is still plain HTML; a test that
 * needs the running app waits here first.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * The URLs of every request of one resource type the page makes from now on: "document" for full
 * loads (the running app opens its pages without one), "script" for JavaScript.
 */
export function requestsOfType(page: Page, type: "document" | "script"): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === type) seen.push(request.url());
  });
  return seen;
}
