import type { RouterContextProvider } from "react-router";
import { authenticateAccessToken } from "../access-tokens.server";
import { getEnv } from "../env.server";
import { getUser, getUserFromAuth, sessionUnverifiable } from "../session.server";
import { ApiError, serviceUnavailable } from "./responses.server";

export type ApiCaller = { userId: string; via: "token" | "session"; tokenId?: string };

/**
 * Who is calling `/api/v1/*`: a Bearer access token (the extension, scripts), or else the site's
 * own signed-in session cookie (the dashboard). A request with an Authorization header is judged
 * by that header alone: a bad token is never rescued by a cookie. A session cookie is trusted from
 * its token's claims to read, but a write (anything but GET and HEAD: settings, suggestions that
 * spend the month's messages, reminders) asks Auth, as every dashboard form does: a session ended
 * elsewhere (signed out everywhere, a new password) writes nothing (docs/decisions/027).
 */
export async function authenticateApiRequest(request: Request, context: Readonly<RouterContextProvider>): Promise<ApiCaller> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    const verified = token ? await authenticateAccessToken(getEnv(context), token) : null;
    if (!verified) throw new ApiError(401, "unauthorized", "The access token is missing, malformed, expired or revoked.");
    return { userId: verified.userId, via: "token", tokenId: verified.tokenId };
  }
  const reads = request.method === "GET" || request.method === "HEAD";
  const user = await (reads ? getUser(context) : getUserFromAuth(context));
  // A session Supabase could not check is not a signed-out caller: "try again", not "sign in".
  if (!user && sessionUnverifiable(context)) throw serviceUnavailable();
  if (!user) throw new ApiError(401, "unauthorized", "Sign in, or send an access token as 'Authorization: Bearer tw_…'.");
  return { userId: user.id, via: "session" };
}
