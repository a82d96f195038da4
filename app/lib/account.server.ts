import type { SupabaseClient } from "@supabase/supabase-js";
import { DEFAULT_SETTINGS } from "~/content/preferences";
import type { PaymentIssue } from "./billing/subscription-reads.server";
import { ACTIVITY_DAYS, type ActivityRow, type MessageActivity, summarizeActivity } from "./message-activity.server";
import type { SessionUser } from "./session.server";
import { settingsFromRow, type StoredSettings } from "./settings.server";
import { apiUsage, summarizeUsage, type Tier, type UsageSummary } from "./usage";
import { DatabaseUnavailableError } from "./database-unavailable.server";
import { serviceErrorCode } from "./error-log.server";

/**
 * What the dashboard shows about the signed-in account, read in one round trip; a failed read is
 * logged and falls back (tier Free, count 0, the session's name) rather than failing the page.
 */
export type AccountSummary = {
  email: string;
  fullName: string;
  /** When the account was created; null when the summary could not be read. */
  memberSince: string | null;
  tier: Tier;
  usage: UsageSummary;
  /** A failed payment to fix in the billing portal (the layout shows a notice). */
  paymentIssue: PaymentIssue;
  /** Follow-up reminders due now (the sidebar's count). */
  dueFollowUps: number;
  /** Whether the account has a time zone yet (the browser sets it on the first visit). */
  timeZoneSet: boolean;
  /** The account's time zone, in which its dates are shown (UTC until it has one). */
  timeZone: string;
};

/** The dashboard's summary could not be read because Supabase did not answer (down, or past its deadline). */
export class AccountSummaryUnreachable extends Error {}

/** What a dashboard page reads about the signed-in account, in one round trip (`dashboard_summary`). */
export type DashboardSummary = {
  account: AccountSummary;
  settings: StoredSettings;
  /** The last ACTIVITY_DAYS days, when asked for and usage analytics is on; null otherwise or unreadable. */
  activity: MessageActivity | null;
};

/**
 * The signed-in account's summary, settings and (when `withActivity`) message activity, in one
 * call: null when the account is gone (the session outlived it). If the read fails the page still
 * renders with the fallbacks (tier Free, count 0, the name from the session, no notice, the
 * default settings, no chart); if Supabase does not answer at all, AccountSummaryUnreachable (the
 * layout says to try again in a moment).
 */
export async function loadDashboardSummary(
  supabase: SupabaseClient,
  user: SessionUser,
  { withActivity }: { withActivity: boolean },
): Promise<DashboardSummary | null> {
  const { data, error, status } = await supabase
    .rpc("dashboard_summary", withActivity ? { p_activity_days: ACTIVITY_DAYS } : {})
    .maybeSingle<DashboardSummaryRow>();
  if (error && status === 0) throw new AccountSummaryUnreachable(error.message);
  if (error) {
    console.error(`Account summary load failed: ${serviceErrorCode(error)}`);
    const fullName = typeof user.user_metadata?.full_name === "string" ? user.user_metadata.full_name : "";
    return {
      account: {
        email: user.email,
        fullName,
        memberSince: null,
        tier: "free",
        usage: summarizeUsage("free", 0),
        paymentIssue: null,
        dueFollowUps: 0,
        timeZoneSet: false,
        timeZone: "UTC",
      },
      settings: { ...DEFAULT_SETTINGS, timeZone: null },
      activity: null,
    };
  }
  if (!data) return null;
  const tier: Tier = data.tier === "pro" ? "pro" : "free";
  const settings = settingsFromRow(data);
  return {
    account: {
      email: data.email,
      fullName: data.full_name,
      memberSince: data.member_since,
      tier,
      usage: summarizeUsage(tier, data.used),
      paymentIssue: data.payment_issue === "past_due" || data.payment_issue === "unpaid" ? data.payment_issue : null,
      dueFollowUps: data.due_follow_ups,
      timeZoneSet: settings.timeZone !== null,
      timeZone: settings.timeZone ?? "UTC",
    },
    settings,
    activity: withActivity && Array.isArray(data.activity) ? summarizeActivity(data.activity) : null,
  };
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
  payment_issue: string | null;
};

type DashboardSummaryRow = AccountSummaryRow & { activity: ActivityRow[] | null };

/** What `GET /api/v1/me` answers, read in one round trip (`account_summary`). Null if the account is gone. */
export async function loadApiAccount(supabase: SupabaseClient, userId: string) {
  const { data, error } = await supabase.rpc("account_summary", { p_user_id: userId }).maybeSingle<AccountSummaryRow>();
  if (error) throw new DatabaseUnavailableError("account_summary", error.code);
  if (!data) return null;
  return {
    email: data.email,
    fullName: data.full_name,
    tier: data.tier,
    usage: apiUsage(data.tier, data.used, data.message_limit),
    settings: settingsFromRow(data),
    followUps: { due: data.due_follow_ups },
  };
}
