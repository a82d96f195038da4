// axe runs inside the page, so it needs JavaScript; the no-JavaScript markup is the same server render.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { publicPaths } from "./support/public-site";

for (const path of [...publicPaths, "/no-such-page"]) {
  for (const width of [375, 1280]) {
    test(`${path} at ${width}px has no axe violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
}
