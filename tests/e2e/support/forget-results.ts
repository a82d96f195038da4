/**
 * Global teardown of the end-to-end tests: removes what Playwright wrote under test-results/
 * (a failed test's error context, and its trace when E2E_TRACE=1 asked for one). They hold what
 * the tests typed into fields, and the text of a message is never left behind on disk, not even a
 * test's own. With E2E_TRACE=1 they stay, for whoever is debugging, until the next run.
 */
import { rm } from "node:fs/promises";

export default async function forgetResults(): Promise<void> {
  if (process.env.E2E_TRACE === "1") return;
  await rm("test-results", { recursive: true, force: true });
}
