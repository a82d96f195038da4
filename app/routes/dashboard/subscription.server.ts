import { href, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { billingMessages } from "~/content/billing";
import { openBillingPortal, startUpgrade } from "~/lib/billing/checkout.server";
import { billingFor, type Billing } from "~/lib/billing/clients.server";
import { confirmCheckoutReturn } from "~/lib/billing/subscription-sync.server";
import { dashboardUser } from "~/lib/dashboard-guard.server";
import { errorMessage } from "~/lib/error-message";
import { hitFormRateLimit } from "~/lib/rate-limits.server";
import { getUserFromAuth, pageServiceUnavailable, sessionUnverifiable } from "~/lib/session.server";
import { flashToast } from "~/lib/toast.server";

/** The Subscription page's forms (the route's action dispatches on `intent`) and middleware. */

/** Upgrade: to Checkout, or to the portal for a live subscription; a failure comes back here with its toast. */
export async function upgradeAction(context: Readonly<RouterContextProvider>, billing: Billing): Promise<Response> {
  try {
    return redirect((await startUpgrade(billing, dashboardUser(context))).url, 303);
  } catch (error) {
    console.error(`Checkout failed: ${errorMessage(error)}`);
    flashToast(context, billingMessages.checkoutFailed);
    return redirect(href("/dashboard/subscription"), 303);
  }
}

/** Manage Subscription: to the portal; a failure (no customer yet included) comes back here with its toast. */
export async function manageAction(context: Readonly<RouterContextProvider>, billing: Billing): Promise<Response> {
  try {
    return redirect(await openBillingPortal(billing, dashboardUser(context)), 303);
  } catch (error) {
    console.error(`Billing portal failed: ${errorMessage(error)}`);
    flashToast(context, billingMessages.portalFailed);
    return redirect(href("/dashboard/subscription"), 303);
  }
}

/**
 * For the dashboard layout, before its session guard: an upgrade or manage form posted without
 * a session (it expired between page load and click) goes to /auth with 'Please log in to
 * upgrade.' (or '… to manage your subscription.') instead of a silent redirect. Everything else
 * passes through to the guard. It must sit on the layout because a parent's middleware runs
 * before its children's, and the session guard would answer first.
 */
export const billingFormSessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "");
  if (request.method.toUpperCase() !== "POST" || pathname !== href("/dashboard/subscription")) return next();
  // Auth, not the token alone: these forms start payments (docs/decisions/027).
  if (await getUserFromAuth(context)) return next();
  // Auth could not be asked (down, or past its deadline): the session may be fine, so this is
  // "try again in a moment", as for every other dashboard form, not "Please log in".
  if (sessionUnverifiable(context)) throw pageServiceUnavailable();
  let intent: FormDataEntryValue | null = null;
  try {
    intent = (await request.formData()).get("intent");
  } catch {
    // Not a form: treat as an upgrade attempt.
  }
  flashToast(context, intent === "manage" ? billingMessages.manageSignedOut : billingMessages.upgradeSignedOut);
  return redirect(`${href("/auth")}?redirectTo=${encodeURIComponent(href("/dashboard/subscription"))}`, 303);
};

/**
 * For the subscription page, before its loader: the return from Checkout. `?success=true` shows
 * 'Welcome to Pro!' (after storing the paid subscription if the webhook has not done so yet);
 * `?canceled=true` shows 'Checkout Canceled'. Either way the browser goes on to the clean URL,
 * so a reload does not repeat the toast.
 */
export const checkoutReturnMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method.toUpperCase() !== "GET") return next();
  const url = new URL(request.url);
  const success = url.searchParams.get("success") === "true";
  const canceled = url.searchParams.get("canceled") === "true";
  if (!success && !canceled) return next();
  if (success) {
    const sessionId = url.searchParams.get("session_id");
    const user = dashboardUser(context);
    // Each return reads Stripe: counted, so a looped link cannot spend our allowance (the webhook
    // brings the plan all the same).
    if (sessionId && (await hitFormRateLimit(request, context, "checkoutReturn", user.id)).allowed) {
      try {
        await confirmCheckoutReturn(billingFor(context), user, sessionId);
      } catch (error) {
        // The webhook will bring the subscription; the page shows what is stored so far.
        console.error(`Checkout return sync failed: ${errorMessage(error)}`);
      }
    }
    flashToast(context, billingMessages.welcome);
  } else {
    flashToast(context, billingMessages.checkoutCanceled);
  }
  return redirect(href("/dashboard/subscription"));
};
