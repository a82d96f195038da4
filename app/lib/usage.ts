import { FREE_MONTHLY_MESSAGE_LIMIT, USAGE_WARNING_THRESHOLD } from "~/content/plans";

export type Tier = "free" | "pro";

export type UsageSummary = {
  tier: Tier;
  /** Messages used this month, capped at the limit for display. */
  count: number;
  limit: number;
  state: "plain" | "approaching" | "reached" | "unlimited";
};

export function summarizeUsage(tier: Tier, messageCount: number): UsageSummary {
  const limit = FREE_MONTHLY_MESSAGE_LIMIT;
  if (tier === "pro") return { tier, count: Math.max(0, messageCount), limit, state: "unlimited" };
  const count = Math.min(Math.max(0, messageCount), limit);
  const state = count >= limit ? "reached" : count >= limit * USAGE_WARNING_THRESHOLD ? "approaching" : "plain";
  return { tier, count, limit, state };
}

/** The months' names in English, January first (dates written by hand, without Intl: decision 058). */
export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * "December 1": when a Free allowance starts again. Written without Intl, whose first date
 * formatter in a page took 14–18 ms on a fast machine, in the dashboard's first script run
 * (decision 058).
 */
export function nextResetDate(now: Date = new Date()): string {
  const reset = nextResetInstant(now);
  return `${MONTH_NAMES[reset.getUTCMonth()]} ${reset.getUTCDate()}`;
}

/** The start of the next UTC month, when a Free allowance starts again. */
export function nextResetInstant(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Where a user stands this month, as the API reports it (`limit` and `remaining` null for Pro). */
export type ApiUsage = {
  tier: Tier;
  used: number;
  limit: number | null;
  remaining: number | null;
  resetsAt: string;
};

export function apiUsage(tier: Tier, used: number, limit: number | null, now: Date = new Date()): ApiUsage {
  const effectiveLimit = tier === "pro" ? null : (limit ?? FREE_MONTHLY_MESSAGE_LIMIT);
  return {
    tier,
    used: Math.max(0, used),
    limit: effectiveLimit,
    remaining: effectiveLimit === null ? null : Math.max(0, effectiveLimit - used),
    resetsAt: nextResetInstant(now).toISOString(),
  };
}
