import type { PaymentIssue } from "~/lib/billing/subscription-reads.server";
import { ManageSubscriptionForm } from "./billing-forms";

/** Dashboard-wide notice after a failed payment, with the way to fix it (the billing portal). */
export function PaymentIssueBanner({ issue }: { issue: Exclude<PaymentIssue, null> }) {
  return (
    <section
      aria-labelledby="payment-issue-heading"
      data-payment-issue={issue}
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p id="payment-issue-heading" className="text-sm font-semibold text-amber-950">
          {issue === "past_due" ? "Your last payment didn't go through" : "Your Pro plan is on hold"}
        </p>
        <p className="mt-1 text-sm text-amber-900">
          {issue === "past_due"
            ? "Update your payment method to keep Tonewise Pro."
            : "A payment failed, so your plan is back to Free. Update your payment method to restore Pro."}
        </p>
      </div>
      <ManageSubscriptionForm label="Update payment method" variant="primary" size="sm" className="shrink-0" />
    </section>
  );
}
