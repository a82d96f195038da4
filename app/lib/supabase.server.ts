import {
  createServerClient,
  parseCookieHeader,
  serializeCookieHeader,
} from "@supabase/ssr";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { AppEnv } from "./env.server";

/**
 * Supabase clients, on the server only. The browser never talks to Supabase: session tokens
 * live in httpOnly cookies that @supabase/ssr reads and writes through getAll/setAll.
 */

/**
 * How long the browser keeps the session cookies: the session's inactivity timeout (1 hour,
 * decision 021). Each token refresh, at most 15 minutes apart while the person is active,
 * writes them again, so they outlive use by an hour at most, never @supabase/ssr's 400 days.
 */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 60 * 60;

/**
 * The longest any one call to Supabase may take. Past it the call fails like a dropped
 * connection: a page answers (a placeholder, a toast, or "try again in a moment") instead of
 * hanging while Supabase does.
 */
export const SUPABASE_TIMEOUT_MS = 8_000;

const fetchWithDeadline: typeof fetch = (input, init) => {
  const deadline = AbortSignal.timeout(SUPABASE_TIMEOUT_MS);
  return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
};

/**
 * The request's own client, reading its session cookies. Whatever Supabase hands over (a
 * refreshed session's cookies, a sign-out's, cache headers) is written into `headers`, to be put
 * on whatever response the request produces.
 */
export function createRequestClient(request: Request, env: AppEnv, headers: Headers): SupabaseClient {
  const secure = new URL(env.APP_URL).protocol === "https:";
  return createServerClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    cookieOptions: { httpOnly: true, sameSite: "lax", secure, path: "/" },
    cookies: {
      getAll() {
        return parseCookieHeader(request.headers.get("Cookie") ?? "").map(({ name, value }) => ({
          name,
          value: value ?? "",
        }));
      },
      setAll(cookiesToSet, cacheHeaders) {
        for (const { name, value, options } of cookiesToSet) {
          headers.append(
            "Set-Cookie",
            serializeCookieHeader(name, value, {
              ...options,
              ...(options.maxAge === 0 ? {} : { maxAge: SESSION_COOKIE_MAX_AGE_SECONDS }),
              httpOnly: true,
              sameSite: "lax",
              secure,
            }),
          );
        }
        for (const [name, value] of Object.entries(cacheHeaders ?? {})) headers.set(name, value);
      },
    },
    auth: { flowType: "pkce", autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchWithDeadline },
  });
}

const serverOnlyAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** Anonymous access: public RPCs such as get_platform_stats. */
export function createAnonClient(env: AppEnv): SupabaseClient {
  return createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, { auth: serverOnlyAuth, global: { fetch: fetchWithDeadline } });
}

/** The service role bypasses row-level security: server-only writes (billing webhooks). */
export function createServiceClient(env: AppEnv): SupabaseClient {
  return createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, { auth: serverOnlyAuth, global: { fetch: fetchWithDeadline } });
}

const serviceClients = new WeakMap<AppEnv, SupabaseClient>();

/**
 * One service-role client per configuration, reused across requests: it holds no session, so
 * sharing it is safe, and the API's hot path does not build a client per request.
 */
export function sharedServiceClient(env: AppEnv): SupabaseClient {
  let client = serviceClients.get(env);
  if (!client) {
    client = createServiceClient(env);
    serviceClients.set(env, client);
  }
  return client;
}
