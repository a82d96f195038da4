import { test } from "@playwright/test";
import { buildExtension, buildFixtures } from "./support/build";

// Runs once before the extension project (a project dependency in playwright.config.ts).
test("build the e2e copy of the extension and the fixture pages", async () => {
  test.setTimeout(180_000);
  buildExtension();
  await buildFixtures();
});
