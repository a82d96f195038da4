import { billingCopy } from "~/content/billing";
import { pricingPlans } from "~/content/plans";
import type { Tier } from "~/lib/usage";
import { PlanCard } from "../plan-card";
import { UpgradeForm } from "./billing-forms";

/**
 * The Free and Pro plans on the subscription page: their prices and features, the upgrade
 * control for free users only, and "Current plan" on the plan the user is on.
 */
export function PlanCards({ tier }: { tier: Tier }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {pricingPlans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} headingId={`subscription-plan-${plan.id}`}>
          {tier === "free" && plan.id === "pro" ? (
            <UpgradeForm />
          ) : plan.id === tier ? (
            <p className="flex h-12 items-center justify-center rounded-lg border border-slate-200 bg-slate-50 text-sm font-semibold text-slate-700">
              {billingCopy.currentPlan}
            </p>
          ) : null}
        </PlanCard>
      ))}
    </div>
  );
}
