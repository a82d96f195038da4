/**
 * Billing-calendar arithmetic in unix seconds, as Stripe does it: a monthly period ends on the same
 * day of the next month as its billing cycle anchor, clamped to the month's last day (an anchor on
 * the 31st renews on 30 April, then on 31 May again).
 */

export function toUnixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** The instant `months` calendar months after `anchor` (unix seconds), in UTC. */
export function addMonths(anchor: number, months: number): number {
  const start = new Date(anchor * 1000);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDayOfTargetMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDayOfTargetMonth);
  return toUnixSeconds(
    Date.UTC(
      year,
      month,
      day,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
    ),
  );
}

const longDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "December 22, 2026" (UTC), for the hosted pages. */
export function formatDate(unixSeconds: number): string {
  return longDate.format(new Date(unixSeconds * 1000));
}
