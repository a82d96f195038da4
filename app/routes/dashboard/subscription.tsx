import { data, useRouteLoaderData } from "react-router";
import { ActiveProCard } from "~/components/billing/active-pro-card";
import { PlanCards } from "~/components/billing/plan-cards";
import { Badge } from "~/components/ui/badge";
import { billingFor } from "~/lib/billing/clients.server";
import { loadSubscriptionSummary } from "~/lib/billing/subscription-reads.server";
import { dashboardUser } from "~/lib/dashboard-guard.server";
import { hitFormRateLimit, refuseTooManyAttempts } from "~/lib/rate-limits.server";
import { getSupabase } from "~/lib/session.server";
import type { Route } from "./+types/subscription";
import type { loader as layoutLoader } from "./layout";
import { dashboardMeta } from "~/lib/seo";
import { checkoutReturnMiddleware, manageAction, upgradeAction } from "./subscription.server";

export const meta = () => dashboardMeta("Subscription", "Your Tonewise plan, billing and invoices.");

/** `?success=true` / `?canceled=true` (the return from Checkout): toast, then the clean URL. */
export const middleware: Route.MiddlewareFunction[] = [checkoutReturnMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  return { subscription: await loadSubscriptionSummary(getSupabase(context), user.id) };
}

/** Upgrade (Checkout, same tab) and Manage Subscription (portal, new tab): both answer 303 to Stripe. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = dashboardUser(context);
  const intent = (await request.formData()).get("intent");
  const billing = billingFor(context);
  // Each of these creates a Stripe session: bounded per account so no one can spend our Stripe allowance.
  const limit = await hitFormRateLimit(request, context, "billing", user.id);
  if (!limit.allowed) return data(null, refuseTooManyAttempts(context, limit.retryAfterSeconds));
  return intent === "manage" ? manageAction(context, billing) : upgradeAction(context, billing);
}

export default function Subscription({ loaderData: { subscription } }: Route.ComponentProps) {
  const { account } = useRouteLoaderData<typeof layoutLoader>("routes/dashboard/layout")!;
  const pro = account.tier === "pro";
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Subscription</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600">
          Your current plan: <Badge tone={pro ? "brand" : "neutral"}>{pro ? "PRO" : "FREE"}</Badge>
        </p>
      </header>

      {pro ? <ActiveProCard subscription={subscription} timeZone={account.timeZone} /> : null}

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
          Plans
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {pro ? "You're on Pro. Thanks for supporting Tonewise." : "Upgrade anytime; cancel whenever you like from the billing portal."}
        </p>
        <div className="mt-8">
          <PlanCards tier={account.tier} />
        </div>
      </section>
    </div>
  );
}
