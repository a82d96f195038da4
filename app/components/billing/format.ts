/** "December 22, 2026", in the account's time zone (UTC until one is set), like the Account page's dates. */
export function formatBillingDate(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone });
}
