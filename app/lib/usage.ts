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

const RESET_DATE = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" });

/** "1 December": when a Free allowance starts again. */
export function nextResetDate(now: Date = new Date()): string {
  return RESET_DATE.format(nextResetInstant(now));
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
