import { billingCopy } from "~/content/billing";
import type { PaymentIssue } from "~/lib/billing/subscription-reads.server";
import { ManageSubscriptionForm } from "./billing-forms";

/** Dashboard-wide notice after a failed payment, with the way to fix it (the billing portal). */
export function PaymentIssueBanner({ issue }: { issue: Exclude<PaymentIssue, null> }) {
  const copy = billingCopy.paymentIssue[issue];
  return (
    <section
      aria-labelledby="payment-issue-heading"
      data-payment-issue={issue}
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p id="payment-issue-heading" className="text-sm font-semibold text-amber-950">
          {copy.title}
        </p>
        <p className="mt-1 text-sm text-amber-900">{copy.body}</p>
      </div>
      <ManageSubscriptionForm label={billingCopy.updatePaymentMethod} variant="primary" size="sm" className="shrink-0" />
    </section>
  );
}
