import type { SupabaseClient, User } from "@supabase/supabase-js";
import { loadPaymentIssue, type PaymentIssue } from "./billing.server";
import type { StoredSettings } from "./settings.server";
import { followUpsOf } from "./follow-ups/follow-ups.server";
import { isValidTimeZone } from "./follow-ups/schedule";
import { apiUsage, summarizeUsage, usageMonth, type Tier, type UsageSummary } from "./usage";
import { errorMessage } from "./error-message";

/**
 * What the dashboard shows about the signed-in account: its tier, this month's usage and its
 * profile, one read each. A failure is logged and falls back (tier Free, count 0, no name) rather
 * than failing the page.
 */
export type AccountSummary = {
  email: string;
  fullName: string;
  memberSince: string;
  tier: Tier;
  usage: UsageSummary;
  /** A failed payment to fix in the billing portal (the layout shows a notice). */
  paymentIssue: PaymentIssue;
  /** Follow-up reminders due now (the sidebar's count). */
  dueFollowUps: number;
  /** Whether the account has a time zone yet (the browser sets it on the first visit). */
  timeZoneSet: boolean;
};

export async function loadTier(supabase: SupabaseClient, userId: string): Promise<Tier> {
  const { data, error } = await supabase.rpc("current_tier", { p_user_id: userId });
  if (error) {
    console.error(`Tier load failed: ${error.message}`);
    return "free";
  }
  return data === "pro" ? "pro" : "free";
}

export async function loadMonthlyUsage(supabase: SupabaseClient, userId: string, now = new Date()): Promise<number> {
  const { data, error } = await supabase
    .from("usage_tracking")
    .select("tier, message_count")
    .eq("user_id", userId)
    .eq("month", usageMonth(now))
    .maybeSingle();
  if (error) {
    console.error(`Usage load failed: ${error.message}`);
    return 0;
  }
  return data?.message_count ?? 0;
}

export async function loadFullName(supabase: SupabaseClient, user: User): Promise<string> {
  const { data, error } = await supabase.from("profiles").select("full_name").eq("id", user.id).single();
  if (error) {
    console.error(`Profile load failed: ${error.message}`);
    return typeof user.user_metadata?.full_name === "string" ? user.user_metadata.full_name : "";
  }
  return data?.full_name ?? "";
}

export async function loadAccountSummary(supabase: SupabaseClient, user: User): Promise<AccountSummary> {
  const [tier, count, fullName, paymentIssue, dueFollowUps, timeZone] = await Promise.all([
    loadTier(supabase, user.id),
    loadMonthlyUsage(supabase, user.id),
    loadFullName(supabase, user),
    loadPaymentIssue(supabase, user.id),
    followUpsOf(supabase, user.id, "session")
      .countDue()
      .catch((error: unknown) => {
        console.error(`Follow-up count failed: ${errorMessage(error)}`);
        return 0;
      }),
    loadTimeZone(supabase, user.id),
  ]);
  return {
    email: user.email ?? "",
    fullName,
    memberSince: user.created_at,
    tier,
    usage: summarizeUsage(tier, count),
    paymentIssue,
    dueFollowUps,
    timeZoneSet: timeZone !== null,
  };
}

/** The account's time zone, null until set (or when it cannot be read: the browser offers it again). */
async function loadTimeZone(supabase: SupabaseClient, userId: string): Promise<string | null> {
  const { data, error } = await supabase.from("user_settings").select("time_zone").eq("user_id", userId).maybeSingle();
  if (error) console.error(`Time zone load failed: ${error.message}`);
  return isValidTimeZone(data?.time_zone) ? data.time_zone : null;
}

type AccountSummaryRow = {
  email: string;
  full_name: string;
  member_since: string;
  tier: Tier;
  used: number;
  message_limit: number | null;
  notifications: boolean;
  default_tone: StoredSettings["defaultTone"];
  default_message_type: StoredSettings["defaultMessageType"];
  usage_analytics: boolean;
  time_zone: string | null;
  due_follow_ups: number;
};

/** What `GET /api/v1/me` answers, read in one round trip (`account_summary`). Null if the account is gone. */
export async function loadApiAccount(supabase: SupabaseClient, userId: string) {
  const { data, error } = await supabase.rpc("account_summary", { p_user_id: userId }).maybeSingle<AccountSummaryRow>();
  if (error) throw new Error(`account_summary failed: ${error.code}`);
  if (!data) return null;
  return {
    email: data.email,
    fullName: data.full_name,
    tier: data.tier,
    usage: apiUsage(data.tier, data.used, data.message_limit),
    settings: {
      notifications: data.notifications,
      defaultTone: data.default_tone,
      defaultMessageType: data.default_message_type,
      usageAnalytics: data.usage_analytics,
      timeZone: isValidTimeZone(data.time_zone) ? data.time_zone : null,
    } satisfies StoredSettings,
    followUps: { due: data.due_follow_ups },
  };
}
