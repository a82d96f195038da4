import { DEMO_PHASES } from "../../app/content/landing";
import { holdClock, runClockUntil } from "./support/clock";
import { contrastAgainstBackground } from "./support/contrast";
import { expect, test } from "./support/test";

/**
 * The timed behaviours that need JavaScript. The page's clock is held (support/clock.ts): time
 * passes only when the test moves it, so a slow machine cannot make an animation look too fast.
 */

test("stats count up over about 2 s once the strip is 30% visible", async ({ page }) => {
  await holdClock(page);
  await page.goto("/");
  const strip = page.locator("[data-stats-state]");
  const state = () => strip.getAttribute("data-stats-state");
  // The strip's island may itself wait on the held clock to hydrate (React spaces out what it
  // reveals with a timer): the clock moves in short steps until it has, out of view, nothing counts.
  await runClockUntil(page, async () => (await state()) === "waiting", { stepMs: 50 });
  const messages = strip.locator('[data-stat="messages"] [data-stat-value]');
  await expect(messages).toHaveText("0+");

  await strip.scrollIntoViewIfNeeded();
  // Within 50 ms of page time after it starts, as the steps go.
  await runClockUntil(page, async () => (await state()) === "counting", { stepMs: 50 });
  await page.clock.runFor(1_000);
  // One second in: partway, still counting.
  const midway = Number((await messages.innerText()).replace(/\D/g, ""));
  expect(midway).toBeGreaterThan(0);
  expect(midway).toBeLessThan(1000);
  await expect(strip).toHaveAttribute("data-stats-state", "counting");
  await page.clock.runFor(1_500);
  await expect(strip).toHaveAttribute("data-stats-state", "done");
  await expect(messages).toHaveText("1,000+");
  await expect(strip.locator('[data-stat="response-rate"] [data-stat-value]')).toHaveText("63%");
});

test("the testimonial carousel advances every 5 seconds and loops", async ({ page }) => {
  await holdClock(page);
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "Testimonials" });
  await expect(carousel).toHaveAttribute("data-active-index", "0");
  await page.mouse.move(0, 0);
  // The first advance comes 5 s after the carousel's island has hydrated, which itself waits on the
  // held clock (it loads after the first download): never sooner than 5 s of page time.
  const firstAfter = await runClockUntil(page, async () => (await carousel.getAttribute("data-active-index")) === "1");
  expect(firstAfter).toBeGreaterThanOrEqual(5_000);
  // From one slide to the next: 5 s (the 100 ms steps, and React's render before it sets the next timer, allow a little more).
  const nextAfter = await runClockUntil(page, async () => (await carousel.getAttribute("data-active-index")) === "2");
  expect(nextAfter).toBeGreaterThanOrEqual(5_000);
  expect(nextAfter).toBeLessThanOrEqual(5_500);
  // The arrows from medium screens up: Previous from the first slide loops to the last.
  await page.getByRole("button", { name: "Previous testimonial" }).click();
  await page.getByRole("button", { name: "Previous testimonial" }).click();
  await page.getByRole("button", { name: "Previous testimonial" }).click();
  await expect(carousel).toHaveAttribute("data-active-index", "4");
  await page.getByRole("button", { name: "Next testimonial" }).click();
  await expect(carousel).toHaveAttribute("data-active-index", "0");
});

test("the testimonials' Pause stops the autoplay for good (WCAG 2.2.2), and Play starts it again", async ({ page }) => {
  await holdClock(page);
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "Testimonials" });
  const pause = carousel.getByRole("button", { name: "Pause testimonials" });
  // The carousel's island loads after the first download, on the held clock.
  await runClockUntil(page, () => pause.isVisible());
  await pause.click();
  // Away from the carousel (neither hovered nor focused), it still stays where it is.
  const leave = async () => {
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  };
  await leave();
  await page.clock.runFor(16_000);
  await expect(carousel).toHaveAttribute("data-active-index", "0");
  await carousel.getByRole("button", { name: "Play testimonials" }).click();
  await leave();
  await runClockUntil(page, async () => (await carousel.getAttribute("data-active-index")) === "1");
  await expect(carousel.getByRole("button", { name: "Pause testimonials" })).toBeVisible();
});

test.describe("on a narrow screen", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("testimonials have dots instead of arrows", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Next testimonial" })).toBeHidden();
    const dots = page.getByRole("button", { name: /Show testimonial/ });
    await expect(dots).toHaveCount(5);
    await dots.nth(2).click();
    await expect(page.getByRole("region", { name: "Testimonials" })).toHaveAttribute("data-active-index", "2");
    await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
  });

  // WCAG 1.4.11 (a control's edge at 3:1 against what it sits on) and 1.4.1 (the current one is
  // not told by its colour alone).
  test("every testimonial dot stands out from the page, and the current one is wider", async ({ page }) => {
    await page.goto("/");
    const dots = page.getByRole("button", { name: /Show testimonial/ });
    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    const marks = dots.locator("span");
    for (let index = 0; index < 5; index++) {
      expect(await contrastAgainstBackground(marks.nth(index), "background-color"), `dot ${index + 1}`).toBeGreaterThanOrEqual(3);
    }
    const widthOf = async (index: number) => (await marks.nth(index).boundingBox())!.width;
    await expect.poll(async () => (await widthOf(1)) - (await widthOf(0))).toBeGreaterThanOrEqual(4);
    await expect.poll(async () => (await widthOf(1)) - (await widthOf(2))).toBeGreaterThanOrEqual(4);
  });

  test("the use case scrolled into view shows its after-text", async ({ page }) => {
    await page.goto("/");
    const card = page.locator('[data-use-case="closing"]');
    await card.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await expect(card).toHaveAttribute("data-expanded", "true");
    await expect(card.getByText("After", { exact: true })).toBeVisible();
    await expect(page.locator('[data-use-case="follow-up"]')).toHaveAttribute("data-expanded", "false");
  });
});

test("on wide screens a use case shows its after-text on hover", async ({ page }) => {
  await page.goto("/");
  const card = page.locator('[data-use-case="referral"]');
  await card.scrollIntoViewIfNeeded();
  const after = card.locator("[data-after]");
  await expect(after).toHaveCSS("opacity", "0");
  await card.hover();
  await expect(after).toHaveCSS("opacity", "1");
});

test("the hero demo loops through its steps in about 10 seconds", async ({ page }) => {
  await holdClock(page);
  await page.goto("/");
  const demo = page.locator('[data-demo="animated"]');
  await expect(demo).toHaveAttribute("data-demo-phase", "original");
  const phase = () => demo.getAttribute("data-demo-phase");
  const seen = [await phase()];
  let loop = 0;
  for (let step = 0; step < 5; step++) {
    const before = seen.at(-1);
    loop += await runClockUntil(page, async () => (await phase()) !== before);
    seen.push(await phase());
  }
  expect(seen).toEqual(["original", "suggesting", "popup", "replacing", "optimized", "original"]);
  // Each step lasts its own time (up to a step of the test's clock later, as the next timer starts after a render).
  const stepsTotal = DEMO_PHASES.reduce((total, { ms }) => total + ms, 0);
  expect(loop).toBeGreaterThanOrEqual(stepsTotal);
  expect(loop).toBeLessThanOrEqual(stepsTotal + 5 * 100);
  await expect(page.getByTestId("demo-popup")).toContainText("Replace");
});

test("the hero demo's Pause stops it where it is (WCAG 2.2.2), and Play goes on from there", async ({ page }) => {
  await holdClock(page);
  await page.goto("/");
  const demo = page.locator('[data-demo="animated"]');
  const phase = () => demo.getAttribute("data-demo-phase");
  await runClockUntil(page, async () => (await phase()) === "suggesting");
  await demo.getByRole("button", { name: "Pause demo" }).click();
  await page.clock.runFor(30_000);
  await expect(demo).toHaveAttribute("data-demo-phase", "suggesting");
  await demo.getByRole("button", { name: "Play demo" }).click();
  await runClockUntil(page, async () => (await phase()) === "popup");
  await expect(demo.getByRole("button", { name: "Pause demo" })).toBeVisible();
});

test("the mobile menu closes after choosing a link", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await page.getByLabel("Toggle menu").click();
  const mobileNav = page.getByRole("navigation", { name: "Mobile" });
  await mobileNav.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL("/about");
  await expect(mobileNav).toBeHidden();
});

test("Pricing chosen from another page's menu on a phone shows the section below the header, once the demo starts too", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/about");
  await page.getByLabel("Toggle menu").click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL("/#pricing");
  // The animated demo (shorter than the two windows the page arrives with) has taken their place.
  await expect(page.locator('[data-demo="animated"]')).toBeAttached();
  const headerBottom = await page.locator("header").first().evaluate((header) => header.getBoundingClientRect().bottom);
  const heading = page.locator("#pricing-heading");
  await expect.poll(() => heading.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom);
  await expect(heading).toBeInViewport();
});
