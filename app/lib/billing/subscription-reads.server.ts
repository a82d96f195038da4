import type { SupabaseClient } from "@supabase/supabase-js";
import { serviceErrorCode } from "../error-log.server";

/** What the dashboard shows of the user's subscription, read as the user through row-level security (docs/decisions/014). */

export type SubscriptionStatus = "active" | "trialing" | "past_due" | "unpaid";

export type SubscriptionSummary = {
  status: SubscriptionStatus;
  /** ISO date: the end of the paid period (the renewal date unless it is set to end). */
  currentPeriodEnd: string | null;
  /** ISO date when the plan is set to end (cancelled at period end, or at a date). */
  endsAt: string | null;
};

type SubscriptionRow = {
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: string | null;
  current_period_end: string | null;
};

const SHOWN_STATUSES: SubscriptionStatus[] = ["active", "trialing", "past_due", "unpaid"];

/** The user's subscription that matters now: a live one (active, trialing, past due, unpaid), else none. */
export async function loadSubscriptionSummary(supabase: SupabaseClient, userId: string): Promise<SubscriptionSummary | null> {
  const { data, error } = await supabase
    .from("subscriptions")
    .select("status, cancel_at_period_end, cancel_at, current_period_end")
    .eq("user_id", userId)
    .in("status", SHOWN_STATUSES)
    .order("created_at", { ascending: false })
    .limit(5)
    .overrideTypes<SubscriptionRow[], { merge: false }>();
  if (error) {
    console.error(`Subscription load failed: ${serviceErrorCode(error)}`);
    return null;
  }
  const rank = (status: string) => SHOWN_STATUSES.indexOf(status as SubscriptionStatus);
  const row = [...(data ?? [])].sort((a, b) => rank(a.status) - rank(b.status))[0];
  if (!row) return null;
  const endsAt = row.cancel_at ?? (row.cancel_at_period_end ? row.current_period_end : null);
  return {
    // One of SHOWN_STATUSES: the query asked for no other.
    status: row.status as SubscriptionStatus,
    currentPeriodEnd: row.current_period_end,
    endsAt,
  };
}

/** A failed payment the user can fix in the portal: past due (still Pro) or unpaid (Pro paused). */
export type PaymentIssue = "past_due" | "unpaid" | null;
