import { expect, test } from "./support/test";
import { articles, jsonLd } from "./support/public-site";

test("about: story, promise, values and calls to action", async ({ page }) => {
  expect((await page.goto("/about"))?.status()).toBe(200);
  await expect(page).toHaveTitle(/About Tonewise/);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute("content", /sales, support and client services/);
  for (const heading of ["Our Story", "Our Promise", "Mission-Driven", "Built for Professionals", "AI-Powered"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/auth?mode=signup");
  await expect(page.getByRole("link", { name: "Read Our Blog" })).toHaveAttribute("href", "/blog");
});

test("blog index: breadcrumb, six posts, newsletter and Blog structured data", async ({ page }) => {
  expect((await page.goto("/blog"))?.status()).toBe(200);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(breadcrumb).toContainText("Blog");
  for (const article of articles) {
    const link = page.getByRole("link", { name: article.title, exact: true });
    await expect(link).toHaveAttribute("href", `/blog/${article.slug}`);
  }
  await expect(page.locator("main article")).toHaveCount(6);
  await expect(page.getByText("Join 1,000+ professionals")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email address" })).toHaveAttribute("type", "email");
  await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible();
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
  const blog = (await jsonLd(page)).find((block) => block["@type"] === "Blog");
  expect(blog).toBeDefined();
  expect((blog!.blogPost as unknown[]).length).toBe(6);
  expect((blog!.publisher as Record<string, unknown>)["@type"]).toBe("Organization");
});

test("a blog card opens its article", async ({ page }) => {
  await page.goto("/blog");
  await page.getByRole("link", { name: articles[3].title, exact: true }).click();
  await expect(page).toHaveURL(`/blog/${articles[3].slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(articles[3].title);
});

for (const article of articles) {
  test(`article ${article.slug}: header, meta and BlogPosting data`, async ({ page }) => {
    expect((await page.goto(`/blog/${article.slug}`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(page).toHaveTitle(`${article.title} | Tonewise Blog`);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(breadcrumb.locator('[aria-current="page"]')).not.toBeEmpty();
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    const header = page.locator("article header");
    await expect(header).toContainText(article.category);
    await expect(header).toContainText(article.date);
    await expect(header).toContainText(article.readTime);
    await expect(page.locator("header").first()).toBeVisible();
    await expect(page.locator("body > div footer, footer").last()).toContainText("© 2025");
    await expect(page.getByRole("link", { name: "Discover Tonewise" })).toHaveAttribute("href", "/");
    const description = await page.locator('head meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(60);

    const posting = (await jsonLd(page)).find((block) => block["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: article.title,
      description,
      author: { "@type": "Organization" },
      publisher: { "@type": "Organization", name: "Tonewise" },
    });
    expect(posting!.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(posting!.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "article");
  });
}

for (const [path, title, phrases] of [
  ["/terms", "Terms of Service", ["renews automatically", "30 days", "13", "Stripe", "card details"]],
  ["/privacy", "Privacy Policy", ["hash", "IP address", "customer ID", "30 days", "Supabase"]],
] as const) {
  test(`${path}: the full document, last updated 17 October 2025`, async ({ page }) => {
    expect((await page.goto(path))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("Last updated: 17 October 2025")).toBeVisible();
    const text = await page.locator("main").innerText();
    for (const phrase of phrases) expect(text).toContain(phrase);
    expect(text.split(/\s+/).length).toBeGreaterThan(1200);
  });
}

test("unknown paths show the not-found screen with status 404", async ({ page }) => {
  for (const path of ["/this-page-does-not-exist", "/blog/not-a-real-article"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  }
});

test("/app redirects to /dashboard", async ({ request }) => {
  const response = await request.get("/app", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/dashboard");
});

test("sitemap, robots and RSS feed", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/about", "/blog", "/terms", "/privacy", ...articles.map((a) => `/blog/${a.slug}`)]) {
    expect(xml).toContain(`<loc>http://localhost:3000${path}</loc>`);
  }
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  const rss = await request.get("/blog/rss.xml");
  expect(rss.headers()["content-type"]).toContain("application/rss+xml");
  const feed = await rss.text();
  expect(feed.match(/<item>/g)).toHaveLength(6);
  expect(feed).toContain("<title>10 Proven Follow-Up Messages That Get Responses</title>");
  for (const [path, type] of [
    ["/favicon.svg", "image/svg+xml"],
    ["/favicon.ico", "image/"],
    ["/apple-touch-icon.png", "image/png"],
    ["/og-image.png", "image/png"],
  ] as const) {
    const icon = await request.get(path);
    expect(icon.status(), path).toBe(200);
    expect(icon.headers()["content-type"], path).toContain(type);
  }
});

test("security headers, with a nonce on every inline script", async ({ page }) => {
  const response = await page.goto("/");
  const headers = response!.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  const csp = headers["content-security-policy"]!;
  expect(csp).toContain("frame-ancestors 'none'");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const html = await response!.text();
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)];
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
});

test("the extension download page serves the built Chrome and Firefox packages", async ({ page }) => {
  await page.goto("/extension/download");
  await expect(page.getByRole("heading", { level: 1, name: "Install the Tonewise extension" })).toBeVisible();
  for (const browser of ["Chrome", "Firefox"]) {
    const link = page.getByRole("link", { name: `Download for ${browser} (.zip)` });
    const response = await page.request.get((await link.getAttribute("href"))!);
    expect(response.status(), browser).toBe(200);
    const bytes = await response.body();
    // A zip file starts with "PK\x03\x04".
    expect(bytes.subarray(0, 4).toString("latin1"), browser).toBe("PK\u0003\u0004");
  }
});
