// axe runs inside the page, so it needs JavaScript; the no-JavaScript markup is the same server render.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUpAndConfirm, uniqueEmail } from "./support/accounts";

async function expectNoAxeViolations(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard/subscription");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    expect(results.violations.map((v) => `${width}px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
}

test("the subscription page has no axe violations, free and pro", async ({ page }) => {
  await signUpAndConfirm(page, uniqueEmail("billing-axe"));
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { name: "Tonewise Pro is active" })).toBeVisible();
  await expectNoAxeViolations(page);
});
