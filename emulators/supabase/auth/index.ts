/**
 * The local GoTrue (Supabase Auth), under /auth/v1: the endpoints @supabase/supabase-js calls for
 * email + password accounts with email confirmation on (supabase/config.toml).
 *
 *   POST /signup                          unconfirmed user, confirmation email
 *   POST /verify  { type, token_hash }    confirm or recover by token hash → session
 *   GET  /verify?token=…&type=…           the classic email link → redirect (implicit or PKCE)
 *   POST /token?grant_type=password|refresh_token|pkce
 *   GET  /user, PUT /user                 the signed-in user; password and metadata changes
 *   POST /logout?scope=global|local|others
 *   POST /recover                         reset email (same answer whether the email exists)
 *   GET  /settings, /health, /.well-known/jwks.json
 */
import { type AuthContext, type Body, readBody, stringField } from "./context.ts";
import { AuthError, authErrorResponse, badRequest, unexpectedFailure, unprocessable } from "./errors.ts";
import { checkPasswordStrength, hashPassword, verifyPassword } from "./passwords.ts";
import { recover } from "./recover.ts";
import { authenticate, logout, type LogoutScope } from "./sessions.ts";
import { signup } from "./signup.ts";
import { tokenGrant } from "./token.ts";
import { findUserById, loadIdentities, userJson } from "./users.ts";
import { verifyGet, verifyPost } from "./verify.ts";

export type AuthServiceOptions = AuthContext;

export function createAuthService(options: AuthServiceOptions) {
  const { db, clock, mailbox, siteUrl, settings } = options;
  // The caller's settings object itself: the gateway changes its token lifetime in place.
  const ctx: AuthContext = { db, clock, mailbox, siteUrl, settings };

  async function getUser(request: Request): Promise<Response> {
    const user = await db.transaction(async (tx) => {
      const who = await authenticate(tx, settings, request);
      return userJson(who.user, await loadIdentities(tx, who.user.id));
    });
    return Response.json(user);
  }

  async function updateUser(request: Request): Promise<Response> {
    const body = await readBody(request);
    const user = await db.transaction(async (tx) => {
      const who = await authenticate(tx, settings, request);
      const email = stringField(body, "email").trim().toLowerCase();
      if ((email && email !== who.user.email) || stringField(body, "phone")) {
        throw unprocessable("validation_failed", "The local Supabase does not support changing the email or phone");
      }
      if (typeof body.password === "string") {
        checkPasswordStrength(body.password);
        if (await verifyPassword(body.password, who.user.encrypted_password)) {
          throw unprocessable("same_password", "New password should be different from the old password.");
        }
        await tx.query(`update auth.users set encrypted_password = $1, updated_at = now() where id = $2`, [
          await hashPassword(body.password),
          who.user.id,
        ]);
        // GoTrue ends the user's other sessions when the password changes.
        if (who.sessionId) {
          await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [who.user.id, who.sessionId]);
        }
      }
      if (body.data !== undefined && body.data !== null) {
        if (typeof body.data !== "object" || Array.isArray(body.data)) {
          throw badRequest("bad_json", "Could not parse request body as JSON: data must be an object");
        }
        // Merged into the metadata; a key set to null is removed.
        const entries = Object.entries(body.data as Body);
        const { rows } = await tx.query<{ meta: Body }>(`select coalesce(raw_user_meta_data, '{}'::jsonb) as meta from auth.users where id = $1`, [
          who.user.id,
        ]);
        const metadata: Body = { ...(rows[0]?.meta ?? {}) };
        for (const [key, value] of entries) {
          if (value === null) delete metadata[key];
          else metadata[key] = value;
        }
        await tx.query(`update auth.users set raw_user_meta_data = $1, updated_at = now() where id = $2`, [metadata, who.user.id]);
      }
      const fresh = (await findUserById(tx, who.user.id))!;
      return userJson(fresh, await loadIdentities(tx, fresh.id));
    });
    return Response.json(user);
  }

  async function signOut(request: Request): Promise<Response> {
    const scope = (new URL(request.url).searchParams.get("scope") ?? "global") as LogoutScope;
    if (!["global", "local", "others"].includes(scope)) {
      throw badRequest("validation_failed", `Unsupported logout scope "${scope}"`);
    }
    await db.transaction(async (tx) => logout(tx, await authenticate(tx, settings, request), scope));
    return new Response(null, { status: 204 });
  }

  const settingsBody = {
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

  async function route(request: Request, path: string): Promise<Response> {
    const method = request.method.toUpperCase();
    switch (`${method} ${path}`) {
      case "POST /signup":
        return signup(ctx, request);
      case "POST /verify":
        return verifyPost(ctx, request);
      case "GET /verify":
        return verifyGet(ctx, request);
      case "POST /token":
        return tokenGrant(ctx, request);
      case "GET /user":
        return getUser(request);
      case "PUT /user":
        return updateUser(request);
      case "POST /logout":
        return signOut(request);
      case "POST /recover":
        return recover(ctx, request);
      case "GET /settings":
        return Response.json(settingsBody);
      case "GET /health":
        return Response.json({
          version: "local",
          name: "GoTrue",
          description: "GoTrue is a user registration and authentication API",
        });
      case "GET /.well-known/jwks.json":
        // The signing key's public half (none on the legacy HS256 secret, which is secret).
        return Response.json(settings.keys.jwks(), { headers: { "Cache-Control": "public, max-age=600" } });
      default:
        throw new AuthError(404, "not_found", "Not found");
    }
  }

  return {
    /** `path` is the part after /auth/v1, starting with "/". */
    async handle(request: Request, path: string): Promise<Response> {
      try {
        return await route(request, path);
      } catch (error) {
        if (error instanceof AuthError) return authErrorResponse(request, error);
        console.error("[local supabase] auth request failed:", error);
        return authErrorResponse(request, unexpectedFailure());
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
