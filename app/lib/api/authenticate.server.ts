import type { RouterContextProvider } from "react-router";
import { authenticateAccessToken } from "../access-tokens.server";
import { getEnv } from "../env.server";
import { getUser, sessionUnverifiable } from "../session.server";
import { ApiError, serviceUnavailable } from "./responses.server";

export type ApiCaller = { userId: string; via: "token" | "session"; tokenId?: string };

/**
 * Who is calling `/api/v1/*`: a Bearer access token (the extension, scripts), or else the site's
 * own signed-in session cookie (the dashboard). A request with an Authorization header is judged
 * by that header alone: a bad token is never rescued by a cookie.
 */
export async function authenticateApiRequest(request: Request, context: Readonly<RouterContextProvider>): Promise<ApiCaller> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    const verified = token ? await authenticateAccessToken(getEnv(context), token) : null;
    if (!verified) throw new ApiError(401, "unauthorized", "The access token is missing, malformed, expired or revoked.");
    return { userId: verified.userId, via: "token", tokenId: verified.tokenId };
  }
  const user = await getUser(context);
  // A session Supabase could not check is not a signed-out caller: "try again", not "sign in".
  if (!user && sessionUnverifiable(context)) throw serviceUnavailable();
  if (!user) throw new ApiError(401, "unauthorized", "Sign in, or send an access token as 'Authorization: Bearer tw_…'.");
  return { userId: user.id, via: "session" };
}
