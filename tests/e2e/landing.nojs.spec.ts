import { expect, test } from "./support/test";
import { testimonials } from "../../app/content/testimonials";
import { useCases } from "../../app/content/use-cases";

/** Without JavaScript every section still shows its content. */

test("stats show their final numbers", async ({ page }) => {
  await page.goto("/");
  const strip = page.locator("[data-stats-state]");
  await expect(strip.locator('[data-stat="messages"] [data-stat-value]')).toHaveText("1,000+");
  await expect(strip.locator('[data-stat="response-rate"] [data-stat-value]')).toHaveText("63%");
  await expect(strip.locator('[data-stat="response-time"] [data-stat-value]')).toHaveText("<3s");
});

test("the demo shows a static before and after", async ({ page }) => {
  await page.goto("/");
  const demo = page.locator('[data-demo="static"]');
  await expect(demo.getByText("Before", { exact: true })).toBeVisible();
  await expect(demo.getByText("After, with Tonewise")).toBeVisible();
  await expect(demo).toContainText("Would Thursday or Friday afternoon work for you?");
});

test("every testimonial can be reached by scrolling the row", async ({ page }) => {
  await page.goto("/");
  for (const testimonial of testimonials) {
    const slide = page.locator("[data-testimonial]").filter({ hasText: testimonial.name });
    await slide.scrollIntoViewIfNeeded();
    await expect(slide).toBeInViewport();
  }
});

test("every use case shows its after-text", async ({ page }) => {
  await page.goto("/");
  for (const useCase of useCases) {
    await expect(page.getByText(useCase.after)).toBeVisible();
  }
});

test("the mobile menu opens and links work", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const mobileNav = page.getByRole("navigation", { name: "Mobile" });
  await expect(mobileNav).toBeHidden();
  await page.getByLabel("Toggle menu").click();
  await expect(mobileNav).toBeVisible();
  await mobileNav.getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL("/blog");
});
