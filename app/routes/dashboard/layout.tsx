import { type ReactNode, useEffect, useRef } from "react";
import { Form, href, Link, NavLink, Outlet, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { PaymentIssueBanner } from "~/components/billing/payment-issue-banner";
import { CloseIcon, MailIcon, MenuIcon } from "~/components/icons";
import { LogoMark } from "~/components/logo";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { useMenuClosedAfterNavigation } from "~/components/use-menu-closed-after-navigation";
import { billingCopy } from "~/content/billing";
import { SUPPORT_EMAIL } from "~/content/site";
import type { AccountSummary } from "~/lib/account.server";
import { requireUserMiddleware } from "~/lib/dashboard-guard.server";
import { dashboardSummary } from "~/lib/dashboard-summary.server";
import { browserTimeZone } from "~/lib/browser-time-zone";
import type { Route } from "./+types/layout";
import { billingFormSessionMiddleware } from "./subscription.server";

/**
 * Guard one (middleware): a verified session, else /auth. Guard two (this loader): the account's
 * summary (tier, usage, name, payment notice, due follow-ups, time zone) in one round trip,
 * shared with the page's loader (dashboard-summary.server), loaded before any dashboard page
 * renders; if it cannot be read the tier is Free. See docs/decisions (008, 014, 027, 034) for why. The billing forms' own answer to a lost session comes
 * first: a child route's middleware would run only after guard one had redirected.
 */
export const middleware: Route.MiddlewareFunction[] = [billingFormSessionMiddleware, requireUserMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account } = await dashboardSummary(request, context);
  return { account };
}

/** `end`: current only on that very path (Home), not on the pages under it. `due`: shows the due reminders' count. */
const navItems: Array<{ label: string; to: string; end?: true; due?: true }> = [
  { label: "Home", to: href("/dashboard"), end: true },
  { label: "Follow-ups", to: href("/dashboard/follow-ups"), due: true },
  { label: "Subscription", to: href("/dashboard/subscription") },
  { label: "Settings", to: href("/dashboard/settings") },
  { label: "Account", to: href("/dashboard/account") },
];

function SidebarNav({ label, dueFollowUps }: { label: string; dueFollowUps: number }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-1">
        {navItems.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              // The current page's link (NavLink marks it aria-current="page") keeps its colours on hover too.
              className="block rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800"
            >
              {item.label}
              {item.due && dueFollowUps > 0 ? (
                <span className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-900">
                  {dueFollowUps}
                  <span className="sr-only"> due</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SidebarFooter({ email, tier }: { email: string; tier: "free" | "pro" }) {
  return (
    <div className="space-y-4 border-t border-slate-200 pt-4">
      <a href={`mailto:${SUPPORT_EMAIL}`} className="flex items-center gap-2 rounded-md px-3 text-sm text-slate-700 hover:text-slate-900">
        <MailIcon className="size-4" /> Support
      </a>
      <div className="px-3">
        <p className="truncate text-sm font-medium text-slate-900" title={email}>
          {email}
        </p>
        <Badge tone={tier === "pro" ? "brand" : "neutral"} className="mt-1">
          {tier === "pro" ? "PRO" : "FREE"}
        </Badge>
      </div>
      {/* A whole-page post: nothing of the signed-in app stays in memory, and no background
          request still on its way (the first visit's time-zone save) can reload the page's data
          between the redirect and the home page, taking the 'Signed out' toast with it. */}
      <Form method="post" action={href("/auth/sign-out")} reloadDocument className="px-3">
        <button type="submit" className={buttonClasses("secondary", "sm", "w-full")}>
          Sign Out
        </button>
      </Form>
    </div>
  );
}

/** The sidebar's contents, in the desktop sidebar and in the phone's slide-in menu alike. */
function SidebarContent({ navLabel, account }: { navLabel: string; account: AccountSummary }) {
  return (
    <>
      <Link to={href("/")} className="flex items-center gap-2 px-3 py-2">
        <LogoMark />
        <span className="text-lg font-bold text-slate-900">Tonewise</span>
      </Link>
      <div className="mt-6 flex-1">
        <SidebarNav label={navLabel} dueFollowUps={account.dueFollowUps} />
      </div>
      <SidebarFooter email={account.email} tier={account.tier} />
    </>
  );
}

/**
 * Reminders are due at 9:00 in the user's time zone. Signing in or up with JavaScript stores the
 * browser's zone (decision 059); for an account still without one (signed in without JavaScript,
 * or before that), the first dashboard visit with JavaScript stores it (Settings can change it).
 */
function useAdoptBrowserTimeZone(timeZoneSet: boolean) {
  const fetcher = useFetcher();
  const sent = useRef(false);
  useEffect(() => {
    if (timeZoneSet || sent.current) return;
    const timeZone = browserTimeZone();
    if (!timeZone) return;
    sent.current = true;
    void fetcher.submit({ intent: "adopt-time-zone", timeZone }, { method: "post", action: href("/dashboard/settings") });
  }, [timeZoneSet, fetcher]);
}

/** The dashboard's sidebar, header and main area around `children` (a page, or its error). */
function DashboardFrame({ account, children }: { account: AccountSummary; children: ReactNode }) {
  const location = useLocation();
  const menu = useMenuClosedAfterNavigation(location.pathname, { modal: true });
  useAdoptBrowserTimeZone(account.timeZoneSet);
  const pro = account.tier === "pro";

  return (
    <div className="dashboard-frame min-h-dvh bg-slate-50">
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-slate-200 bg-white p-4 lg:flex">
        <SidebarContent navLabel="Dashboard" account={account} />
      </aside>

      <div className="lg:pl-64">
        {/* No backdrop-filter here: it would make the header the containing block of the fixed menu panel.
            From 1024 px the sidebar holds the menu, so a Pro account's header would be an empty bar: it goes.
            The open menu is above the toasts (z-50), as the public site's menu is (a popover): a toast
            that stays until it is closed must not cover the menu's Sign Out on a phone. */}
        <header
          className={`sticky top-0 z-30 has-[details[open]]:z-[60] flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6${pro ? " lg:hidden" : ""}`}
        >
          <details ref={menu} className="dashboard-menu group lg:hidden">
            <summary
              className={buttonClasses(
                "ghost",
                "sm",
                "relative list-none group-open:fixed group-open:top-3 group-open:left-[min(18.5rem,calc(85vw+0.5rem))] group-open:z-[60] group-open:bg-white",
              )}
              aria-label="Toggle dashboard menu"
            >
              <MenuIcon className="size-6 group-open:hidden" />
              <CloseIcon className="hidden size-6 group-open:block" />
            </summary>
            <div className="fixed inset-0 z-40 bg-slate-900/40" aria-hidden="true" data-menu-backdrop />
            <div className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white p-4 shadow-xl transition-transform duration-300 starting:-translate-x-full">
              <SidebarContent navLabel="Dashboard mobile" account={account} />
            </div>
          </details>
          <p className="text-sm font-medium text-slate-600 lg:hidden">Tonewise</p>
          <div className="ml-auto flex items-center gap-3">
            {!pro ? (
              <Link to={href("/dashboard/subscription")} className={buttonClasses("primary", "sm")}>
                {billingCopy.upgrade}
              </Link>
            ) : null}
          </div>
        </header>
        <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
          {account.paymentIssue ? <PaymentIssueBanner issue={account.paymentIssue} /> : null}
          {children}
        </main>
      </div>
    </div>
  );
}

export default function DashboardLayout({ loaderData: { account } }: Route.ComponentProps) {
  return (
    <DashboardFrame account={account}>
      <Outlet />
    </DashboardFrame>
  );
}

/**
 * A page that failed keeps the dashboard around it (the account's summary loaded); when the
 * summary itself could not be read, the whole screen is the error.
 */
export function ErrorBoundary() {
  const layout = useRouteLoaderData<typeof loader>("routes/dashboard/layout");
  if (!layout) return <RouteErrorBoundary />;
  return (
    <DashboardFrame account={layout.account}>
      <RouteErrorBoundary frame="region" />
    </DashboardFrame>
  );
}
