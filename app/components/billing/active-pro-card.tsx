import { billingCopy } from "~/content/billing";
import { proBenefits } from "~/content/plans";
import type { SubscriptionSummary } from "~/lib/billing/subscription-reads.server";
import { CheckIcon } from "../icons";
import { ManageSubscriptionForm } from "./billing-forms";
import { formatBillingDate } from "./format";


function statusLine(subscription: SubscriptionSummary | null, timeZone: string): { text: string; tone: "plain" | "warning" } {
  if (subscription?.status === "past_due") {
    return { text: billingCopy.activePro.pastDue, tone: "warning" };
  }
  if (subscription?.endsAt) {
    return { text: billingCopy.activePro.endsOn(formatBillingDate(subscription.endsAt, timeZone)), tone: "plain" };
  }
  if (subscription?.currentPeriodEnd) {
    return { text: billingCopy.activePro.renewsOn(formatBillingDate(subscription.currentPeriodEnd, timeZone)), tone: "plain" };
  }
  return { text: billingCopy.activePro.active, tone: "plain" };
}

/** For Pro users: what they have, when it renews or ends, and Manage Subscription. */
export function ActiveProCard({ subscription, timeZone }: { subscription: SubscriptionSummary | null; timeZone: string }) {
  const status = statusLine(subscription, timeZone);
  return (
    <section
      aria-labelledby="active-pro-heading"
      data-subscription-status={subscription?.status ?? "unknown"}
      data-subscription-ending={subscription?.endsAt ? "true" : "false"}
      className="rounded-2xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="active-pro-heading" className="text-xl font-bold text-slate-900">
        {billingCopy.activePro.heading}
      </h2>
      <p
        className={
          status.tone === "warning"
            ? "mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
            : "mt-2 text-sm font-medium text-slate-700"
        }
      >
        {status.text}
      </p>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">{billingCopy.activePro.benefitsHeading}</h3>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {proBenefits.map((benefit) => (
          <li key={benefit} className="flex gap-2 text-sm text-slate-700">
            <CheckIcon className="size-5 shrink-0 text-brand-600" /> {benefit}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <ManageSubscriptionForm variant="primary" />
        <p className="text-xs text-slate-600">{billingCopy.activePro.portalHint}</p>
      </div>
    </section>
  );
}
