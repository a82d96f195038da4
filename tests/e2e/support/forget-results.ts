/**
 * Global teardown of the end-to-end tests: removes what Playwright wrote under test-results/ (a
 * failed test's error context) and playwright-report/ (left by an earlier E2E_TRACE=1 run, with
 * its traces). They hold what the tests typed into fields, and the text of a message is never
 * left behind on disk, not even a test's own. With E2E_TRACE=1 both stay, for whoever is
 * debugging, until the next run without it (decision 042).
 */
import { rm } from "node:fs/promises";
import path from "node:path";

/** The repository's root, where playwright.config.ts is and Playwright writes both folders. */
const ROOT = path.resolve(import.meta.dirname, "../../..");

export default async function forgetResults(): Promise<void> {
  if (process.env.E2E_TRACE === "1") return;
  for (const folder of ["test-results", "playwright-report"]) await rm(path.join(ROOT, folder), { recursive: true, force: true });
}
