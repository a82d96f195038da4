import { expect, test } from "./support/test";
import { expectSignUpLink, jsonLd } from "./support/public-site";
import { holdClock, runClockUntil } from "./support/clock";

test.describe("landing page", () => {
  test("renders every section in order with the spec's words", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Tonewise/);

    const nav = page.getByRole("navigation", { name: "Main" });
    const mobileMenuOrMain = page.viewportSize()!.width >= 768 ? nav : page.locator("header");
    await expect(mobileMenuOrMain).toBeAttached();

    await expect(page.getByRole("heading", { level: 1 })).toContainText("Write messages that get replies");
    await expect(page.getByRole("link", { name: "See How It Works" })).toBeVisible();

    const order = await page.evaluate(() =>
      ["features", "how-it-works", "stats-heading", "use-cases-heading", "testimonials-heading", "pricing"].map(
        (id) => document.getElementById(id)!.getBoundingClientRect().top + window.scrollY,
      ),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const features = page.locator("#features");
    for (const title of ["Real-Time Message Polish", "Instant Suggestions", "Seamless Integration"]) {
      await expect(features.getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(page.locator("#how-it-works li")).toHaveCount(3);
    await expect(page.locator("#how-it-works")).toContainText("Type your message");
    await expect(page.locator("#how-it-works")).toContainText("Click to replace");

    await expect(page.locator("[data-use-case]")).toHaveCount(6);
    await expect(page.locator("[data-testimonial]")).toHaveCount(5);
    await expect(page.locator("footer")).toContainText("© 2025 Tonewise");
  });

  test("the stats strip shows the fixed figures and the user count", async ({ page, javaScriptEnabled }) => {
    if (javaScriptEnabled) await holdClock(page);
    await page.goto("/");
    const strip = page.locator("[data-stats-state]");
    await strip.scrollIntoViewIfNeeded();
    if (javaScriptEnabled) {
      // With JavaScript the figures count up first, over 2 s of the held clock. The strip's island
      // may itself wait on the clock to hydrate (React spaces out what it reveals with a timer):
      // the clock moves in short steps until the count has started.
      await runClockUntil(page, async () => (await strip.getAttribute("data-stats-state")) === "counting", { stepMs: 50 });
      await page.clock.runFor(2_500);
    }
    await expect(strip.locator('[data-stat="messages"] [data-stat-value]')).toHaveText("1,000+");
    await expect(strip.locator('[data-stat="response-rate"] [data-stat-value]')).toHaveText("63%");
    await expect(strip.locator('[data-stat="response-time"] [data-stat-value]')).toHaveText("<3s");
    await expect(strip.locator('[data-stat="users"] [data-stat-value]')).toHaveText(/^\d[\d,]*$/);
  });

  test("pricing: Free $0, Pro $14.99 with $20 struck through and Most Popular", async ({ page }) => {
    await page.goto("/#pricing");
    const free = page.locator('[data-plan="free"]');
    const pro = page.locator('[data-plan="pro"]');
    await expect(free).toContainText("$0");
    await expect(free).toContainText("30 AI-optimized messages per month");
    await expect(free).toContainText("Basic context analysis");
    await expect(pro).toContainText("$14.99");
    await expect(pro.locator("s")).toContainText("$20");
    await expect(pro).toContainText("Most Popular");
    for (const feature of ["Unlimited messages", "Expanded context analysis", "Tone mirror", "Additional customization", "Opportunities to test new features"]) {
      await expect(pro).toContainText(feature);
    }
    for (const plan of [free, pro]) {
      await expect(plan.getByRole("link")).toHaveAttribute("href", "/auth?mode=signup");
    }
  });

  test("every call to action goes to sign-up; Sign In goes to /auth", async ({ page }) => {
    await page.goto("/");
    await expectSignUpLink(page, /Start Free Trial|Get Started/);
    const signIn = page.getByRole("link", { name: "Sign In" });
    expect(await signIn.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await signIn.count()); i++) await expect(signIn.nth(i)).toHaveAttribute("href", "/auth");
  });

  test("navigation and footer links", async ({ page }) => {
    await page.goto("/");
    const expectedNav = { Home: "/", Pricing: "/#pricing", About: "/about", Blog: "/blog" };
    const isWide = page.viewportSize()!.width >= 768;
    if (!isWide) await page.getByLabel("Toggle menu").click();
    const nav = page.getByRole("navigation", { name: isWide ? "Main" : "Mobile" });
    for (const [name, href] of Object.entries(expectedNav)) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    if (isWide) {
      // The page itself is the current one; Pricing is only a section of it.
      await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "Pricing", exact: true })).not.toHaveAttribute("aria-current");
    }
    const footer = page.locator("footer");
    const expectedFooter = {
      Features: "/#features",
      Pricing: "/#pricing",
      About: "/about",
      Blog: "/blog",
      Contact: "mailto:support@tonewise.app",
      "Terms of Service": "/terms",
      "Privacy Policy": "/privacy",
    };
    for (const [name, href] of Object.entries(expectedFooter)) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("the header stays in view while scrolling", async ({ page }) => {
    await page.goto("/");
    await page.locator("#pricing").scrollIntoViewIfNeeded();
    const box = await page.locator("header").first().boundingBox();
    expect(box?.y).toBe(0);
  });

  test("structured data and social tags", async ({ page }) => {
    await page.goto("/");
    const blocks = await jsonLd(page);
    expect(blocks.some((block) => block["@type"] === "SoftwareApplication")).toBe(true);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", "http://localhost:3000/");
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute("content", /Tonewise/);
    await expect(page.locator('head meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator('head link[rel="icon"]').first()).toHaveAttribute("href", /favicon/);
  });
});
