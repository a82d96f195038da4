import type { RouterContextProvider } from "react-router";
import { authenticateAccessToken, TOKEN_PATTERN } from "../access-tokens.server";
import { getEnv } from "../env.server";
import { getUser, getUserFromAuth, sessionUnverifiable } from "../session.server";
import { ApiError, serviceUnavailable } from "./responses.server";

export type ApiCaller = { userId: string; via: "token" | "session"; tokenId?: string };

/** A caller signed in on this site, or a well-formed access token not yet checked (see apiCredential). */
export type ApiCredential = { userId: string } | { accessToken: string };

export function invalidAccessToken(): ApiError {
  return new ApiError(401, "unauthorized", "The access token is missing, malformed, expired or revoked.");
}

/** The token of an `Authorization: Bearer …` header, or undefined when the header says something else. */
function bearerToken(authorization: string): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
}

/**
 * Who is calling `/api/v1/*`: a Bearer access token (the extension, scripts), or else the site's
 * own signed-in session cookie (the dashboard). A request with an Authorization header is judged
 * by that header alone: a bad token is never rescued by a cookie. A session cookie is trusted from
 * its token's claims to read, but a write (anything but GET and HEAD: settings, suggestions that
 * spend the month's messages, reminders) asks Auth, as every dashboard form does: a session ended
 * elsewhere (signed out everywhere, a new password) writes nothing (docs/decisions/027).
 */
export async function authenticateApiRequest(request: Request, context: Readonly<RouterContextProvider>): Promise<ApiCaller> {
  const credential = await apiCredential(request, context);
  if ("userId" in credential) return { userId: credential.userId, via: "session" };
  const verified = await authenticateAccessToken(getEnv(context), credential.accessToken);
  if (!verified) throw invalidAccessToken();
  return { userId: verified.userId, via: "token", tokenId: verified.tokenId };
}

/**
 * The first half of authenticateApiRequest, for a route whose first database call checks the token
 * itself (POST /api/v1/optimize: begin_optimization_with_token, docs/decisions/055): a malformed
 * Bearer header is refused here, a well-formed token is handed on unchecked, and a session is
 * checked. The caller must refuse with invalidAccessToken() when the token turns out unknown.
 */
export async function apiCredential(request: Request, context: Readonly<RouterContextProvider>): Promise<ApiCredential> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const token = bearerToken(authorization);
    if (!token || !TOKEN_PATTERN.test(token)) throw invalidAccessToken();
    return { accessToken: token };
  }
  const reads = request.method === "GET" || request.method === "HEAD";
  const user = await (reads ? getUser(context) : getUserFromAuth(context));
  // A session Supabase could not check is not a signed-out caller: "try again", not "sign in".
  if (!user && sessionUnverifiable(context)) throw serviceUnavailable();
  if (!user) throw new ApiError(401, "unauthorized", "Sign in, or send an access token as 'Authorization: Bearer tw_…'.");
  return { userId: user.id };
}
