import type { SupabaseClient, User } from "@supabase/supabase-js";
import {
  createContext,
  data,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { getEnv } from "./env.server";
import { createRequestClient } from "./supabase.server";

/**
 * The signed-in session for one request. A Supabase client reads the session cookies; who the
 * user is always comes from a verified call (getUser), never from the cookie alone. Whatever
 * cookies and cache headers Supabase hands over (a refreshed session, a sign-out) are put on
 * the response, redirects included.
 */
type RequestSession = {
  supabase: SupabaseClient;
  headers: Headers;
  user?: Promise<User | null>;
  /** The request carried a session that Supabase could not check (down, or past its deadline). */
  unverifiable?: boolean;
};

const sessionContext = createContext<RequestSession | null>(null);

function session(context: Readonly<RouterContextProvider>): RequestSession {
  const current = context.get(sessionContext);
  if (!current) throw new Error("sessionMiddleware is not installed");
  return current;
}

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { supabase, headers } = createRequestClient(request, getEnv(context));
  context.set(sessionContext, { supabase, headers });
  let response: Response;
  try {
    response = await next();
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  try {
    headers.forEach((value, name) => {
      if (name.toLowerCase() === "set-cookie") return;
      response.headers.set(name, value);
    });
    for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  } catch {
    // Immutable headers (a proxied response) keep their own.
  }
  return response;
};

export function getSupabase(context: Readonly<RouterContextProvider>): SupabaseClient {
  return session(context).supabase;
}

/** The verified user, or null. Refreshes an expired access token when the refresh token is good. */
export function getUser(context: Readonly<RouterContextProvider>): Promise<User | null> {
  const current = session(context);
  current.user ??= (async () => {
    const { data: sessionData } = await current.supabase.auth.getSession();
    if (!sessionData.session) return null;
    const { data, error } = await current.supabase.auth.getUser();
    if (error || !data.user) {
      if (error && !isRetryableAuthError(error)) {
        // A revoked or invalid session: clear the cookies so the user starts clean.
        await current.supabase.auth.signOut({ scope: "local" }).catch(() => undefined);
      } else {
        current.unverifiable = true;
      }
      return null;
    }
    return data.user;
  })();
  return current.user;
}

function isRetryableAuthError(error: { status?: number; name?: string }): boolean {
  return error.name === "AuthRetryableFetchError" || (error.status !== undefined && error.status >= 500);
}

/**
 * Same-site paths only: anything else falls back to the dashboard. The check runs on the path as
 * the browser will resolve it (after URL normalisation), since that is what is returned: raw
 * values such as `/.//evil.com` or `/a/..//evil.com` normalise to the protocol-relative
 * `//evil.com`.
 */
export function safeRedirectPath(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://localhost");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://localhost") return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

/** For dashboard routes: the user, or a redirect to /auth that remembers where they were going. */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  const user = await getUser(context);
  // Supabase is unreachable: say so (503, "Something went wrong … try again in a moment") rather
  // than send a signed-in person to the sign-in form, which could not work either.
  if (!user && session(context).unverifiable) throw data("Service unavailable", { status: 503, headers: { "Retry-After": "30" } });
  if (!user) {
    const url = new URL(request.url);
    const wanted = `${url.pathname}${url.search}`;
    const query = wanted === "/dashboard" ? "" : `?redirectTo=${encodeURIComponent(wanted)}`;
    throw redirect(`/auth${query}`);
  }
  return user;
}
