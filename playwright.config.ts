import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build on http://localhost:3000 with the local
 * backend, once with JavaScript on and once with it off. `*.js.spec.ts` files need JavaScript
 * (timed animations); `*.nojs.spec.ts` files check the no-JavaScript fallbacks. The browser
 * extension's tests (tests/e2e/extension) are a project of their own.
 *
 * A failed test leaves no trace, report or page snapshot on disk unless E2E_TRACE=1: they would
 * hold the messages the tests type (support/forget-results.ts clears test-results/ afterwards).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = 3000;
const EXTENSION_TESTS = /e2e[\\/]extension[\\/]/;
const KEEP_TRACES = process.env.E2E_TRACE === "1";
// No accessibility snapshot of the page in a failed test's error context (it holds fields' text).
if (!KEEP_TRACES) process.env.PLAYWRIGHT_NO_COPY_PROMPT = "1";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: KEEP_TRACES ? [["list"], ["html", { open: "never" }]] : [["list"]],
  globalTeardown: "./tests/e2e/support/forget-results.ts",
  timeout: 45_000,
  expect: { timeout: 7_000 },
  use: {
    ...devices["Desktop Chrome"],
    baseURL: `http://localhost:${PORT}`,
    trace: KEEP_TRACES ? "retain-on-failure" : "off",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true }, testIgnore: [/\.nojs\.spec\.ts$/, EXTENSION_TESTS] },
    { name: "js-off", use: { javaScriptEnabled: false }, testIgnore: [/\.js\.spec\.ts$/, EXTENSION_TESTS] },
    // The browser extension (tests/e2e/extension): its own Chromium per test with the extension
    // loaded, after a build of the extension that talks to this server and of the fixture pages.
    { name: "extension-setup", testMatch: /e2e[\\/]extension[\\/]build\.setup\.ts$/ },
    { name: "extension", testMatch: /e2e[\\/]extension[\\/].*\.spec\.ts$/, dependencies: ["extension-setup"], timeout: 90_000 },
  ],
  webServer: {
    command: `node emulators/launch.ts --app-url http://localhost:${PORT} --no-env-file -- node server.ts`,
    url: `http://localhost:${PORT}/healthz`,
    // Each test sends its own X-Forwarded-For (tests/e2e/support/test.ts); the server believes it from loopback.
    env: { PORT: String(PORT), HOST: "127.0.0.1", LOCAL_BACKEND_IN_MEMORY: "1", TRUST_PROXY: "loopback" },
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
