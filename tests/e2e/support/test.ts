import { createHash } from "node:crypto";
import { test as base } from "@playwright/test";

export { expect, type Page } from "@playwright/test";

/**
 * Playwright's `test`, with each test arriving as a different visitor: its own client address,
 * passed the way a proxy does (`X-Forwarded-For`; the test server believes its loopback proxy,
 * `TRUST_PROXY=loopback`). So the per-address rate limits see one person per test, as they
 * would in real life, not every test of the run from one machine.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": visitorAddress(`${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`) });
  },
});

/** A private address (10.0.0.0/8), the same for every run of one test. */
function visitorAddress(seed: string): string {
  const [a = 0, b = 0, c = 0] = createHash("sha256").update(seed).digest();
  return `10.${a}.${b}.${c}`;
}
