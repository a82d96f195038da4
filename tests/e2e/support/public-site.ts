import { expect, type Page } from "@playwright/test";

export const articles = [
  { slug: "proven-follow-up-messages", title: "10 Proven Follow-Up Messages That Get Responses", category: "Follow-Ups", date: "15 Jan 2025", readTime: "5 min" },
  { slug: "handle-timing-objection", title: "How to Handle Not Right Now Objections", category: "Objection Handling", date: "10 Jan 2025", readTime: "7 min" },
  { slug: "ai-future-professional-communication", title: "Why AI Is the Future of Professional Communication", category: "Industry Insights", date: "5 Jan 2025", readTime: "6 min" },
  { slug: "48-hour-follow-up-rule", title: "48-hour follow-up rule", category: "Communication Strategy", date: "28 Dec 2024", readTime: "4 min" },
  { slug: "messages-trust-action", title: "Messages that build trust and drive action", category: "Communication", date: "20 Dec 2024", readTime: "8 min" },
  { slug: "common-follow-up-mistakes", title: "Five common follow-up mistakes", category: "Best Practices", date: "15 Dec 2024", readTime: "5 min" },
] as const;

export const publicPaths = ["/", "/about", "/blog", ...articles.map((a) => `/blog/${a.slug}`), "/terms", "/privacy"];

/** The JSON-LD blocks of the current page, parsed. */
export async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

export async function expectSignUpLink(page: Page, name: string | RegExp) {
  const links = page.getByRole("link", { name, exact: typeof name === "string" });
  const count = await links.count();
  expect(count, `links named ${String(name)}`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(links.nth(i)).toHaveAttribute("href", "/auth?mode=signup");
  }
}
