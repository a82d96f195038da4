import { href, Link, useRouteLoaderData } from "react-router";
import { ActivityChart } from "~/components/dashboard/activity-chart";
import { TryItPanel } from "~/components/dashboard/try-it";
import { UsageCard } from "~/components/dashboard/usage-card";
import { CheckIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { pricingPlans } from "~/content/plans";
import { dashboardSummary, withMessageActivity } from "~/lib/dashboard-summary.server";
import { getEnv } from "~/lib/env.server";
import { submitTryIt, usesLocalStandIn } from "~/lib/optimize/try-it.server";
import { reminderChoiceInstants } from "~/lib/follow-ups/schedule";
import { nextResetDate } from "~/lib/usage";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout";
import { dashboardMeta } from "~/lib/seo";

/** The activity chart's rows come with the layout's summary: the page is one round trip. */
export const middleware: Route.MiddlewareFunction[] = [withMessageActivity];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { settings, activity } = await dashboardSummary(request, context);
  const now = new Date();
  const timeZone = settings.timeZone ?? "UTC";
  return {
    settings,
    reminder: { now: now.toISOString(), timeZone, choices: reminderChoiceInstants(now, timeZone), requestId: crypto.randomUUID() },
    activity,
    localStandIn: usesLocalStandIn(context),
    draftId: crypto.randomUUID(),
    extensionStoreUrl: getEnv(context).EXTENSION_STORE_URL ?? null,
  };
}

/** The Try it form (the only form on this page). */
export async function action({ request, context }: Route.ActionArgs) {
  return submitTryIt(request, context);
}

export const meta = () => dashboardMeta("Dashboard", "Your Tonewise messages this month, your plan, and Try it.");

/** The guide's steps; the first says where the extension comes from (its store listing, or this app's download page). */
const steps = (fromStore: boolean) => [
  {
    title: "Install the extension",
    text: fromStore
      ? "Add Tonewise to your browser from the Chrome Web Store."
      : "Use Download Extension above, then load Tonewise in your browser as the download page shows.",
  },
  { title: "Pin it to your toolbar", text: "Click the puzzle icon in your browser and pin Tonewise so it's always one click away." },
  { title: "Click any text field", text: "Start typing in email, LinkedIn, Slack or your CRM, the way you normally would." },
  { title: "Optimize your message", text: "Pause for a moment, click the glowing Tonewise icon, and choose Replace." },
];

export default function DashboardHome({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = useRouteLoaderData<typeof layoutLoader>("routes/dashboard/layout")!;
  const firstName = account.fullName.trim().split(/\s+/)[0];
  const plan = pricingPlans.find((candidate) => candidate.id === account.tier)!;

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {firstName ? `Welcome, ${firstName}!` : "Welcome!"}
        </h1>
        <p className="mt-1 text-slate-600">Here's how your messages are going this month.</p>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <UsageCard usage={account.usage} resetsOn={nextResetDate()} />
        <section aria-labelledby="extension-heading" className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="extension-heading" className="text-lg font-semibold text-slate-900">
            Get the browser extension
          </h2>
          <p className="mt-2 flex-1 text-sm text-slate-600">
            Tonewise works inside the text fields you already use. Install the extension to start polishing your messages.
          </p>
          {loaderData.extensionStoreUrl ? (
            <a href={loaderData.extensionStoreUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses("primary", "md", "mt-4 self-start")}>
              Download Extension<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            <Link to={href("/extension/download")} className={buttonClasses("primary", "md", "mt-4 self-start")}>
              Download Extension
            </Link>
          )}
        </section>
      </div>

      <TryItPanel
        outcome={actionData}
        defaults={{ tone: loaderData.settings.defaultTone, messageType: loaderData.settings.defaultMessageType }}
        draftId={loaderData.draftId}
        localStandIn={loaderData.localStandIn}
        reminder={loaderData.reminder}
      />

      <ActivityChart activity={loaderData.activity} analyticsOn={loaderData.settings.usageAnalytics} />

      <section aria-labelledby="getting-started-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="getting-started-heading" className="text-lg font-semibold text-slate-900">
          Getting started
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-2">
          {steps(loaderData.extensionStoreUrl !== null).map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className="font-medium text-slate-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="text-sm text-slate-600">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="what-you-get-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="what-you-get-heading" className="text-lg font-semibold text-slate-900">
          What You Get
        </h2>
        <p className="mt-1 text-sm text-slate-600">With your {plan.name} plan:</p>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2 text-sm text-slate-700">
              <CheckIcon className="size-5 shrink-0 text-brand-600" /> {feature}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
