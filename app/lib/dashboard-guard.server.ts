import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requireUser, type SessionUser } from "./session.server";
import { PRIVATE_NO_STORE } from "./cache-policy.server";

const dashboardUserContext = createContext<SessionUser | null>(null);

/**
 * The first dashboard guard: no verified session → /auth (remembering the page). A page view is
 * let in on the access token's verified claims (no call to Auth); an action (any other method:
 * billing, access tokens, profile, settings, follow-ups) is let in only once Auth confirms the
 * session still exists, so a session ended elsewhere cannot change money or credentials in the
 * minutes its token has left (docs/decisions/027). Dashboard pages are private: never stored by
 * a shared cache.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const method = request.method.toUpperCase();
  const confirmWithAuth = method !== "GET" && method !== "HEAD";
  context.set(dashboardUserContext, await requireUser(request, context, { confirmWithAuth }));
  const response = await next();
  try {
    response.headers.set("Cache-Control", PRIVATE_NO_STORE);
  } catch {
    // immutable headers
  }
  return response;
};

export function dashboardUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(dashboardUserContext);
  if (!user) throw new Error("requireUserMiddleware is not installed on this route");
  return user;
}
