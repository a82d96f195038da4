import { Link } from "react-router";
import { pricingPlans } from "~/content/plans";
import { CheckIcon } from "../icons";
import { buttonClasses } from "../ui/button";
import { cx } from "../ui/cx";

export function PricingCards() {
  return (
    <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
      {pricingPlans.map((plan) => (
        <article
          key={plan.id}
          aria-labelledby={`plan-${plan.id}`}
          className={cx(
            "relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm",
            plan.highlighted ? "border-brand-500 ring-2 ring-brand-500" : "border-slate-200",
          )}
          data-plan={plan.id}
        >
          {plan.badge ? (
            <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
              {plan.badge}
            </p>
          ) : null}
          <h3 id={`plan-${plan.id}`} className="text-lg font-semibold text-slate-900">
            {plan.name}
          </h3>
          <p className="mt-2 text-sm text-slate-600">{plan.description}</p>
          <p className="mt-6 flex items-baseline gap-2">
            <span className="text-4xl font-extrabold tracking-tight text-slate-900">{plan.price}</span>
            {plan.originalPrice ? (
              <s className="text-lg text-slate-500">
                <span className="sr-only">Originally </span>
                {plan.originalPrice}
              </s>
            ) : null}
            <span className="text-sm text-slate-600">{plan.period}</span>
          </p>
          <ul className="mt-6 space-y-3 text-sm text-slate-700">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-3">
                <CheckIcon className="size-5 shrink-0 text-brand-600" />
                {feature}
              </li>
            ))}
          </ul>
          <Link
            to={plan.ctaTo}
            className={buttonClasses(plan.highlighted ? "primary" : "secondary", "lg", "mt-8 w-full")}
          >
            {plan.cta}
          </Link>
        </article>
      ))}
    </div>
  );
}
