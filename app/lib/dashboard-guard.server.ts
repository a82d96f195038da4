import type { User } from "@supabase/supabase-js";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requireUser } from "./session.server";

const dashboardUserContext = createContext<User | null>(null);

/**
 * The first dashboard guard: no verified session → /auth (remembering the page). Dashboard
 * pages are private: never stored by a shared cache.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(dashboardUserContext, await requireUser(request, context));
  const response = await next();
  try {
    response.headers.set("Cache-Control", "private, no-store");
  } catch {
    // immutable headers
  }
  return response;
};

export function dashboardUser(context: Readonly<RouterContextProvider>): User {
  const user = context.get(dashboardUserContext);
  if (!user) throw new Error("requireUserMiddleware is not installed on this route");
  return user;
}
