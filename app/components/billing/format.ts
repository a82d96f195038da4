/** "December 22, 2026" (UTC, like the rest of the dashboard's dates). */
export function formatBillingDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}
