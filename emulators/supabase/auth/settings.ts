/** GET /settings, /health and /.well-known/jwks.json: what clients read about the server, no user involved. */
import type { AuthContext } from "./context.ts";

/** Email + password only, with confirmations on (supabase/config.toml). */
const SETTINGS_BODY = {
  external: {
    anonymous_users: false,
    apple: false,
    azure: false,
    bitbucket: false,
    discord: false,
    email: true,
    facebook: false,
    figma: false,
    github: false,
    gitlab: false,
    google: false,
    keycloak: false,
    kakao: false,
    linkedin_oidc: false,
    notion: false,
    phone: false,
    saml: false,
    slack_oidc: false,
    spotify: false,
    twitch: false,
    twitter: false,
    workos: false,
    zoom: false,
  },
  disable_signup: false,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: "",
  saml_enabled: false,
};

export function getSettings(): Response {
  return Response.json(SETTINGS_BODY);
}

export function getHealth(): Response {
  return Response.json({
    version: "local",
    name: "GoTrue",
    description: "GoTrue is a user registration and authentication API",
  });
}

export function getJwks(ctx: AuthContext): Response {
  // The signing key's public half (none on the legacy HS256 secret, which is secret).
  return Response.json(ctx.settings.keys.jwks(), { headers: { "Cache-Control": "public, max-age=600" } });
}
