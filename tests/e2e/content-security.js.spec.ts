import { expect, test } from "./support/test";
import { expectToast } from "./support/toasts";

/** Nothing the pages run, validation included, breaks the Content-Security-Policy. */
test("no CSP violations while pages load and forms validate", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  for (const path of ["/", "/blog", "/blog/48-hour-follow-up-rule", "/about"]) {
    await page.goto(path);
    expect(await violations(), path).toEqual([]);
  }
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full name").fill("Al");
  await page.getByLabel("Email").fill("nope@example");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expectToast(page, "Validation Error", { role: "alert" });
  expect(await violations()).toEqual([]);
});
