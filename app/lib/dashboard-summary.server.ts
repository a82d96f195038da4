import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { AccountSummaryUnreachable, type DashboardSummary, loadDashboardSummary } from "./account.server";
import { dashboardUser } from "./dashboard-guard.server";
import { endSession, getSupabase, pageServiceUnavailable } from "./session.server";

const summaryContext = createContext<Promise<DashboardSummary> | null>(null);
const activityWantedContext = createContext(false);

/**
 * A page's middleware that shows the message activity chart: the request's summary then reads
 * the activity with the rest. Middleware runs before any loader, so whichever loader asks first
 * gets the same answer.
 */
export const withMessageActivity: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(activityWantedContext, true);
  return next();
};

/**
 * The request's dashboard summary (account, settings, activity when wanted), read once and shared
 * by the layout's loader and the page's: one round trip per page. Supabase not answering is a 503;
 * an account gone meanwhile ends the session (→ /auth).
 *
 * For loaders only: an action changes what this reads, and a document POST runs the loaders
 * after the action in the same request.
 */
export function dashboardSummary(request: Request, context: Readonly<RouterContextProvider>): Promise<DashboardSummary> {
  let pending = context.get(summaryContext);
  if (!pending) {
    pending = (async () => {
      let summary: DashboardSummary | null;
      try {
        summary = await loadDashboardSummary(getSupabase(context), dashboardUser(context), {
          withActivity: context.get(activityWantedContext),
        });
      } catch (error) {
        if (error instanceof AccountSummaryUnreachable) throw pageServiceUnavailable();
        throw error;
      }
      // The token outlived its account (deleted meanwhile): the session is over.
      return summary ?? endSession(request, context);
    })();
    context.set(summaryContext, pending);
  }
  return pending;
}
