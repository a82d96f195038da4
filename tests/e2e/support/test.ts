import { createHash } from "node:crypto";
import path from "node:path";
import { test as base, type TestInfo } from "@playwright/test";
import { uniqueEmail } from "./accounts";
import { createConfirmedUser, DEFAULT_FULL_NAME, signInAs, type TestUser } from "./users";

export { expect, type Locator, type Page } from "@playwright/test";
export type { TestUser } from "./users";

/**
 * Playwright's `test`, with each test arriving as a different visitor: its own client address,
 * passed the way a proxy does (`X-Forwarded-For`; the test server believes its loopback proxy,
 * `TRUST_PROXY=loopback`). So the per-address rate limits see one person per test, as they
 * would in real life, not every test of the run from one machine.
 *
 * `signedInUser`: a fresh confirmed account of the test's own (Free plan, nothing used yet,
 * named "Test User" unless `test.use({ signedInUserName })` says otherwise), with the test's
 * `page` signed in and on /dashboard before the test starts (see tests/e2e/support/users.ts).
 * For every test that needs an account but is not about signing up.
 */
export const test = base.extend<{ signedInUser: TestUser; signedInUserName: string }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": visitorAddress(`${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`) });
  },

  signedInUserName: [DEFAULT_FULL_NAME, { option: true }],

  signedInUser: async ({ page, baseURL, javaScriptEnabled, signedInUserName }, provide, testInfo) => {
    if (!baseURL) throw new Error("signedInUser needs the config's baseURL");
    const user = await createConfirmedUser({ email: uniqueEmail(emailLabel(testInfo)), fullName: signedInUserName });
    await signInAs(page, user, { baseURL, javaScriptEnabled });
    await provide(user);
  },
});

/** A private address (10.0.0.0/8), the same for every run of one test. */
function visitorAddress(seed: string): string {
  const [a = 0, b = 0, c = 0] = createHash("sha256").update(seed).digest();
  return `10.${a}.${b}.${c}`;
}

/** The spec file's name, for telling the accounts in the database apart: `billing-js` for billing.js.spec.ts. */
function emailLabel(testInfo: TestInfo): string {
  return path
    .basename(testInfo.file)
    .replace(/\.spec\.ts$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
}
