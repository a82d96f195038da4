import { href } from "react-router";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const origin = new URL(getEnv(context).APP_URL).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    // The sign-in page may be indexed; its one-time links (confirm, reset) and the API may not. The
    // dashboard is not listed: a crawler has no session, so it only ever gets the redirect to
    // /auth (docs/decisions/029).
    "Disallow: /auth/",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}${href("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
