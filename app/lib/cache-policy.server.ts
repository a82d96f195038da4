import type { MiddlewareFunction } from "react-router";
import { TOAST_COOKIE } from "./toast.server";

/**
 * Who may store a response (finding 11 of the security review). Anything that depends on who is
 * asking — the auth pages, the dashboard, the API, the extension hand-over, any answer to a form
 * post, any request carrying a session or notice cookie, any response that sets a cookie — is
 * `private, no-store`. Everything else (the public pages, the same for every visitor) gets an
 * explicit public policy, unless its route chose one (the sitemap, RSS, robots, platform stats).
 */
const PRIVATE_PREFIXES = ["/auth", "/dashboard", "/api/v1", "/extension"];
export const PRIVATE_NO_STORE = "private, no-store";
export const PUBLIC_REVALIDATE = "public, max-age=0, must-revalidate";

function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Supabase's session cookies (`sb-…`) and our notice cookie. */
const PERSONAL_COOKIE = new RegExp(`(?:^|;\\s*)(?:sb-[^=]*|${TOAST_COOKIE})=`);

export function carriesPersonalCookie(request: Request): boolean {
  return PERSONAL_COOKIE.test(request.headers.get("Cookie") ?? "");
}

export const cachePolicyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  try {
    const personal =
      isPrivatePath(new URL(request.url).pathname) ||
      (request.method !== "GET" && request.method !== "HEAD") ||
      carriesPersonalCookie(request) ||
      response.headers.has("Set-Cookie");
    if (personal) response.headers.set("Cache-Control", PRIVATE_NO_STORE);
    else if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PUBLIC_REVALIDATE);
  } catch {
    // Immutable headers (a proxied response) keep their own.
  }
  return response;
};
