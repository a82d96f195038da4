/**
 * Finding 12 (issue 10): a cookie the server cannot read — a malformed escape, a forged
 * signature, garbage — is ignored: the page renders, it is not a 500 for that user forever.
 */
import { describe, expect, it } from "vitest";
import { appForThisFile } from "../integration/app/app-harness.ts";

const app = appForThisFile();

describe("unreadable cookies", () => {
  it.each([
    "tw_toast=%E0",
    "tw_toast=%",
    "tw_toast=%E0%A4%A",
    "tw_toast=not-signed",
    "tw_toast=eyJ9.forged",
    "tw_toast=" + "%FF".repeat(200),
    "sb-127-auth-token=%E0; tw_toast=%E0",
  ])("%s: every page still renders", async (cookie) => {
    for (const path of ["/", "/about", "/auth", "/blog"]) {
      const response = await app.client().fetch(path, { headers: { Cookie: cookie } });
      expect(response.status, `${path} with ${cookie}`).toBe(200);
    }
  });
});
