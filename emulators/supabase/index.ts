/**
 * Local Supabase: the API gateway in front of the local GoTrue (/auth/v1) and PostgREST
 * (/rest/v1), over one PGlite database. Like Supabase's gateway, it asks every request for a
 * project API key (`apikey` header or query parameter: the anon or service-role key), except
 * the links people open from emails (/auth/v1/verify) and the public JWKS.
 */
import type { Clock } from "../clock.ts";
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_SERVICE_ROLE_KEY } from "../config.ts";
import type { Mailbox } from "../mailbox/index.ts";
import { createAuthService } from "./auth/index.ts";
import type { TokenSettings } from "./auth/sessions.ts";
import type { Database } from "./database.ts";
import type { JwtKeys } from "./jwt.ts";
import { createRestService } from "./rest/index.ts";
import { createSchemaCache } from "./rest/schema.ts";

/** supabase/config.toml: jwt_expiry. Short, so a session refreshes (and its inactivity clock restarts) every 15 minutes of use. */
export const DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS = 900;

const PROJECT_KEYS = new Set([LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_SERVICE_ROLE_KEY]);
const OPEN_AUTH_PATHS = new Set(["/verify", "/callback", "/authorize", "/.well-known/jwks.json"]);

export interface SupabaseEmulatorOptions {
  db: Database;
  clock: Clock;
  mailbox: Mailbox;
  /** GoTrue's site_url: where email links and redirects go when the request names no allowed URL. */
  siteUrl: string;
  /** The project's JWT keys: ES256 signing key published at /auth/v1/.well-known/jwks.json. */
  keys: JwtKeys;
}

export interface SupabaseEmulator {
  handle(request: Request): Promise<Response>;
  setAccessTokenLifetime(seconds: number): void;
  /** Forgets cached schema (after raw SQL or a reset) and restores the default token lifetime. */
  reset(): void;
  /** Forgets cached schema only, e.g. after DDL through raw SQL. */
  schemaChanged(): void;
}

function gatewayError(status: number, message: string, hint?: string): Response {
  return Response.json(hint ? { message, hint } : { message }, { status });
}

export function createSupabaseEmulator(options: SupabaseEmulatorOptions): SupabaseEmulator {
  const { db, clock, mailbox, siteUrl, keys } = options;
  const settings: TokenSettings = { clock, accessTokenLifetimeSeconds: DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS, keys };
  const schema = createSchemaCache(db);
  const auth = createAuthService({ db, clock, mailbox, siteUrl, settings });
  const rest = createRestService({ db, clock, schema, keys });

  return {
    async handle(request) {
      const url = new URL(request.url);
      const service = /^\/(auth|rest)\/v1(\/.*)?$/.exec(url.pathname);
      if (!service) return gatewayError(404, "no Route matched with those values");
      const [, name, rest_ = "/"] = service;
      const path = rest_ === "" ? "/" : rest_;

      const open = name === "auth" && OPEN_AUTH_PATHS.has(path);
      if (!open) {
        const key = request.headers.get("apikey") ?? url.searchParams.get("apikey");
        if (!key) return gatewayError(401, "No API key found in request", "No `apikey` request header or url param was found.");
        if (!PROJECT_KEYS.has(key)) {
          return gatewayError(401, "Invalid API key", "Double check your Supabase `anon` or `service_role` API key.");
        }
      }
      return name === "auth" ? auth.handle(request, path) : rest.handle(request, path);
    },
    setAccessTokenLifetime(seconds) {
      settings.accessTokenLifetimeSeconds = seconds;
    },
    reset() {
      settings.accessTokenLifetimeSeconds = DEFAULT_ACCESS_TOKEN_LIFETIME_SECONDS;
      schema.clear();
    },
    schemaChanged() {
      schema.clear();
    },
  };
}
