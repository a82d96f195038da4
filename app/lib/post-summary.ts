/** What a blog card and an article header show about a post (safe for the browser bundle). */
export type PostSummary = {
  title: string;
  shortTitle: string;
  slug: string;
  category: string;
  date: string;
  readTime: string;
  author: string;
  excerpt: string;
  description: string;
  updated?: string;
};

/** "15 Jan 2025", the way the site writes dates, in UTC so every server agrees. */
export function formatPostDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}
