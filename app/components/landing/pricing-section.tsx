import { Link } from "react-router";
import { pricingPlans } from "~/content/plans";
import { PlanCard } from "../plan-card";
import { buttonClasses } from "../ui/button";

export function PricingCards() {
  return (
    <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
      {pricingPlans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} headingId={`plan-${plan.id}`}>
          <Link to={plan.ctaTo} className={buttonClasses(plan.highlighted ? "primary" : "secondary", "lg", "w-full")}>
            {plan.cta}
          </Link>
        </PlanCard>
      ))}
    </div>
  );
}
