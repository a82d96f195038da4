import { href, Link } from "react-router";
import { groupDigits } from "~/lib/digit-grouping";
import { billingCopy } from "~/content/billing";
import type { UsageSummary } from "~/lib/usage";
import { Badge } from "../ui/badge";
import { cx } from "../ui/cx";

export function UsageCard({ usage, resetsOn }: { usage: UsageSummary; resetsOn: string }) {
  const percent = usage.state === "unlimited" ? 100 : Math.round((usage.count / usage.limit) * 100);
  return (
    <section aria-labelledby="usage-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-usage-state={usage.state}>
      <div className="flex items-center justify-between gap-4">
        <h2 id="usage-heading" className="text-lg font-semibold text-slate-900">
          Message Usage
        </h2>
        <Badge tone={usage.tier === "pro" ? "brand" : "neutral"}>{usage.tier === "pro" ? "PRO" : "FREE"}</Badge>
      </div>
      {usage.state === "unlimited" ? (
        <>
          <p className="mt-4 text-3xl font-bold text-slate-900">{groupDigits(usage.count)}</p>
          <p className="text-sm text-slate-600">messages this month</p>
          <p className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">Unlimited messages available</p>
        </>
      ) : (
        <>
          <p className="mt-4 text-3xl font-bold text-slate-900">
            {usage.count} <span className="text-lg font-medium text-slate-500">/ {usage.limit}</span>
          </p>
          <p className="text-sm text-slate-600">messages used this month</p>
          <div
            className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label="Messages used this month"
            aria-valuemin={0}
            aria-valuemax={usage.limit}
            aria-valuenow={usage.count}
            aria-valuetext={`${usage.count} of ${usage.limit} messages used`}
          >
            <div
              className={cx(
                "h-full rounded-full transition-all",
                usage.state === "reached" ? "bg-red-600" : usage.state === "approaching" ? "bg-amber-500" : "bg-brand-600",
              )}
              style={{ width: `${percent}%` }}
            />
          </div>
          {usage.state === "approaching" ? (
            <p role="status" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              You're approaching your monthly limit: {usage.limit - usage.count} free {usage.limit - usage.count === 1 ? "message" : "messages"} left until {resetsOn}.{" "}
              <Link to={href("/dashboard/subscription")} className="font-semibold underline">
                {billingCopy.upgrade}
              </Link>{" "}
              for unlimited messages.
            </p>
          ) : null}
          {usage.state === "reached" ? (
            <p role="status" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              You've reached your monthly limit of {usage.limit} free messages. It resets on {resetsOn}.{" "}
              <Link to={href("/dashboard/subscription")} className="font-semibold underline">
                {billingCopy.upgrade}
              </Link>{" "}
              to keep writing without limits.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
