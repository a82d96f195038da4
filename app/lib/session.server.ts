import type { SupabaseClient, User } from "@supabase/supabase-js";
import {
  createContext,
  data,
  href,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from "react-router";
import { getEnv } from "./env.server";
import { createRequestClient } from "./supabase.server";

/**
 * Who is signed in, as the app uses it: the account's id, email and metadata. From a page view it
 * comes from the access token's verified claims; from an action that changes money or
 * credentials, from Auth itself (see getUserFromAuth and docs/decisions/027).
 */
export type SessionUser = Pick<User, "id" | "user_metadata"> & { email: string };

/**
 * The signed-in session for one request. A Supabase client reads the session cookies; who the
 * user is always comes from a verified token (getClaims: checked locally against the project's
 * published signing keys, or by Auth when the project signs with a shared secret) or from Auth
 * (getUser), never from the cookie alone. Whatever cookies and cache headers Supabase hands over
 * (a refreshed session, a sign-out) are put on the response, redirects included.
 */
type RequestSession = {
  supabase: SupabaseClient;
  headers: Headers;
  /** From the access token's verified claims. */
  user?: Promise<SessionUser | null>;
  /** From Auth's `GET /user`: the session still exists. */
  userFromAuth?: Promise<SessionUser | null>;
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
  const headers = new Headers();
  let supabase: SupabaseClient | undefined;
  context.set(sessionContext, {
    // Made when first asked for: an API call with an access token, or a page that never asks who
    // is signed in, needs none (making one is about 0.07 ms of CPU, and its start-up work more).
    get supabase() {
      supabase ??= createRequestClient(request, getEnv(context), headers);
      return supabase;
    },
    headers,
  });
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signed-in user from the access token's verified claims, or null. Refreshes an expired
 * access token when the refresh token is good. Where the project signs with an asymmetric key
 * (ES256/RS256, as new Supabase projects and the local backend do), the signature is checked here
 * against the project's JWKS (fetched from Auth once, then cached by supabase-js for 10 minutes,
 * shared by every request of the process): no call to Auth. Where it signs with the legacy shared
 * secret, getClaims asks Auth (`GET /user`), as getUserFromAuth does.
 *
 * A token stays valid until it expires (at most the access-token lifetime, 15 minutes), even if
 * its session was ended elsewhere meanwhile: what changes money or credentials uses
 * getUserFromAuth instead (docs/decisions/027).
 */
export function getUser(context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  const current = session(context);
  if (current.userFromAuth) return current.userFromAuth;
  current.user ??= (async () => {
    const { data: sessionData } = await current.supabase.auth.getSession();
    if (!sessionData.session) return null;
    const token = sessionData.session.access_token;
    const remembered = rememberedUser(token);
    if (remembered) return remembered;
    let result: Awaited<ReturnType<SupabaseClient["auth"]["getClaims"]>>;
    try {
      result = await current.supabase.auth.getClaims(token);
    } catch {
      // An algorithm supabase-js cannot verify (it throws rather than answer): not a session of ours.
      return refuse(current, { name: "AuthInvalidJwtError" });
    }
    const claims = result.data?.claims;
    if (result.error || !claims) return refuse(current, result.error ?? { name: "AuthInvalidJwtError" });
    // A user's session token, not another token signed by the same project (an API key).
    if (typeof claims.sub !== "string" || !UUID.test(claims.sub) || claims.role !== "authenticated") {
      return refuse(current, { name: "AuthInvalidJwtError" });
    }
    const user = {
      id: claims.sub,
      email: typeof claims.email === "string" ? claims.email : "",
      user_metadata: (claims.user_metadata ?? {}) as SessionUser["user_metadata"],
    };
    rememberVerified(token, claims.exp, user);
    return user;
  })();
  return current.user;
}

/**
 * Access tokens whose signature this process has checked against the project's signing keys,
 * with the user they name, until they expire: a signed-in visitor sends the same token with every
 * page for its whole lifetime, and checking an ES256 signature (importing the key, verifying) was
 * a visible share of a dashboard page's CPU. Only tokens verified here (an asymmetric algorithm
 * naming a key): a shared-secret token is vouched for by Auth on every request, as before. A
 * remembered token is as good as it was when checked, and no better: past `exp` it is checked
 * again (and refused). Bounded; the oldest goes first.
 */
const verifiedTokens = new Map<string, { expiresAt: number; user: SessionUser }>();
const VERIFIED_TOKENS_KEPT = 2048;

function rememberedUser(token: string): SessionUser | undefined {
  const known = verifiedTokens.get(token);
  if (!known) return undefined;
  if (known.expiresAt > Date.now()) return known.user;
  verifiedTokens.delete(token);
  return undefined;
}

function rememberVerified(token: string, exp: unknown, user: SessionUser): void {
  if (typeof exp !== "number" || !verifiedLocally(token)) return;
  if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) verifiedTokens.delete(verifiedTokens.keys().next().value!);
  verifiedTokens.set(token, { expiresAt: exp * 1000, user });
}

/** Whether getClaims checked this token's signature itself (supabase-js asks Auth for the rest). */
function verifiedLocally(token: string): boolean {
  try {
    const header = JSON.parse(atob(token.slice(0, token.indexOf(".")).replaceAll("-", "+").replaceAll("_", "/"))) as { alg?: unknown; kid?: unknown };
    return typeof header.alg === "string" && !header.alg.startsWith("HS") && typeof header.kid === "string" && header.kid !== "";
  } catch {
    return false;
  }
}

/**
 * The signed-in user as Auth knows them now (`GET /user`), or null: a session ended elsewhere
 * (signed out everywhere, password changed, account deleted) is refused at once, not when its
 * access token expires. For actions that change money or credentials (docs/decisions/027).
 */
export function getUserFromAuth(context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  const current = session(context);
  current.userFromAuth ??= (async () => {
    const { data: sessionData } = await current.supabase.auth.getSession();
    if (!sessionData.session) return null;
    const { data, error } = await current.supabase.auth.getUser();
    if (error || !data.user) return refuse(current, error ?? { name: "AuthSessionMissingError" });
    return { id: data.user.id, email: data.user.email ?? "", user_metadata: data.user.user_metadata };
  })();
  return current.userFromAuth;
}

async function refuse(current: RequestSession, error: { status?: number; name?: string }): Promise<null> {
  if (!isRetryableAuthError(error)) {
    // A revoked or invalid session: clear the cookies so the user starts clean.
    await current.supabase.auth.signOut({ scope: "local" }).catch(() => undefined);
  } else {
    current.unverifiable = true;
  }
  return null;
}

function isRetryableAuthError(error: { status?: number; name?: string }): boolean {
  return error.name === "AuthRetryableFetchError" || (error.status !== undefined && error.status >= 500);
}

/** Whether the request carried a session that Supabase could not check (down, or past its deadline). */
export function sessionUnverifiable(context: Readonly<RouterContextProvider>): boolean {
  return session(context).unverifiable === true;
}

/** Supabase could not be reached (down, or past its deadline): "try again in a moment". */
export function pageServiceUnavailable() {
  return data("Service unavailable", { status: 503, headers: { "Retry-After": "30" } });
}

/**
 * Same-site paths only: anything else falls back to the dashboard. The check runs on the path as
 * the browser will resolve it (after URL normalisation), since that is what is returned: raw
 * values such as `/.//evil.com` or `/a/..//evil.com` normalise to the protocol-relative
 * `//evil.com`.
 */
export function safeRedirectPath(value: unknown, fallback = href("/dashboard")): string {
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

/**
 * For dashboard routes: the user, or a redirect to /auth that remembers where they were going.
 * With `confirmWithAuth`, the session is checked with Auth (getUserFromAuth), else from the
 * token's claims (getUser).
 */
export async function requireUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: { confirmWithAuth?: boolean } = {},
): Promise<SessionUser> {
  const user = await (options.confirmWithAuth ? getUserFromAuth(context) : getUser(context));
  // Supabase is unreachable: say so (503, "Something went wrong … try again in a moment") rather
  // than send a signed-in person to the sign-in form, which could not work either.
  if (!user && sessionUnverifiable(context)) throw pageServiceUnavailable();
  if (!user) throw redirectToSignIn(request);
  return user;
}

/** The session is over (e.g. its account is gone): clear its cookies and go to /auth. */
export async function endSession(request: Request, context: Readonly<RouterContextProvider>): Promise<never> {
  await session(context).supabase.auth.signOut({ scope: "local" }).catch(() => undefined);
  throw redirectToSignIn(request);
}

function redirectToSignIn(request: Request): Response {
  const url = new URL(request.url);
  const wanted = `${url.pathname}${url.search}`;
  const query = wanted === href("/dashboard") ? "" : `?redirectTo=${encodeURIComponent(wanted)}`;
  return redirect(`${href("/auth")}${query}`);
}
