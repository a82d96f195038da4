import type { PricingPlan } from "~/content/plans";
import { CheckIcon } from "./icons";
import { cx } from "./ui/cx";

/**
 * One pricing plan: name, description, price (with the struck-through original), features, and
 * whatever action the page puts under it (a sign-up link, an upgrade form, "Current plan").
 */
export function PlanCard({ plan, headingId, children }: { plan: PricingPlan; headingId: string; children?: React.ReactNode }) {
  return (
    <article
      aria-labelledby={headingId}
      data-plan={plan.id}
      className={cx(
        "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8",
        plan.highlighted ? "border-brand-500 ring-2 ring-brand-500" : "border-slate-200",
      )}
    >
      {plan.badge ? (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
          {plan.badge}
        </p>
      ) : null}
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-2 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-2">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{plan.price}</span>
        {plan.originalPrice ? (
          <s className="text-lg text-slate-500">
            <span className="sr-only">Originally </span>
            {plan.originalPrice}
          </s>
        ) : null}
        <span className="text-sm text-slate-600">{plan.period}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <CheckIcon className="size-5 shrink-0 text-brand-600" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8">{children}</div>
    </article>
  );
}
