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
import { type AuthContext, type Body, issuerOf, readBody, stringField } from "./context.ts";
import { AuthError, authErrorResponse, badRequest, forbidden, unexpectedFailure, unprocessable } from "./errors.ts";
import { checkPasswordStrength, hashPassword, verifyPassword } from "./passwords.ts";
import { recover } from "./recover.ts";
import {
  authenticate,
  issueSession,
  logout,
  refreshSession,
  type LogoutScope,
  type SessionResponse,
} from "./sessions.ts";
import { signup } from "./signup.ts";
import { findUserByEmail, findUserById, loadIdentities, userJson } from "./users.ts";
import { verifyGet, verifyPost } from "./verify.ts";

export type AuthServiceOptions = AuthContext;

/** How long a PKCE auth code may wait for its exchange (GoTrue's flow state expiry). */
const FLOW_STATE_LIFETIME_MS = 5 * 60 * 1000;

function base64Url(bytes: ArrayBuffer): string {
  return Buffer.from(bytes).toString("base64url");
}

export function createAuthService(options: AuthServiceOptions) {
  const { db, clock, mailbox, siteUrl, settings } = options;
  // The caller's settings object itself: the gateway changes its token lifetime in place.
  const ctx: AuthContext = { db, clock, mailbox, siteUrl, settings };

  async function passwordGrant(request: Request): Promise<Response> {
    const body = await readBody(request);
    const email = stringField(body, "email").trim().toLowerCase();
    const password = stringField(body, "password");
    if (email === "" && stringField(body, "phone") === "") {
      throw badRequest("validation_failed", "missing email or phone");
    }
    const session = await db.transaction(async (tx) => {
      const user = email ? await findUserByEmail(tx, email) : undefined;
      const invalid = badRequest("invalid_credentials", "Invalid login credentials");
      if (!user) throw invalid;
      if (user.banned_until && user.banned_until.getTime() > clock.now()) throw badRequest("user_banned", "User is banned");
      if (!(await verifyPassword(password, user.encrypted_password))) throw invalid;
      if (!user.email_confirmed_at) throw badRequest("email_not_confirmed", "Email not confirmed");
      return issueSession(tx, settings, issuerOf(request), user.id, "password");
    });
    return Response.json(session);
  }

  async function refreshGrant(request: Request): Promise<Response> {
    const body = await readBody(request);
    const outcome = await db.transaction((tx) =>
      refreshSession(tx, settings, issuerOf(request), stringField(body, "refresh_token")),
    );
    if (outcome instanceof AuthError) throw outcome;
    return Response.json(outcome);
  }

  async function pkceGrant(request: Request): Promise<Response> {
    const body = await readBody(request);
    const authCode = stringField(body, "auth_code");
    const verifier = stringField(body, "code_verifier");
    if (!authCode || !verifier) throw badRequest("validation_failed", "invalid request: both auth code and code verifier should be non-empty");
    const session: SessionResponse = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: string;
        user_id: string;
        code_challenge: string;
        code_challenge_method: string;
        authentication_method: string;
        auth_code_issued_at: Date | null;
      }>(
        `select id, user_id, code_challenge, code_challenge_method, authentication_method, auth_code_issued_at
           from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null`,
        [authCode],
      );
      const flow = rows[0];
      if (!flow) throw new AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
      if (clock.now() > flow.auth_code_issued_at!.getTime() + FLOW_STATE_LIFETIME_MS) {
        throw new AuthError(404, "flow_state_expired", "invalid flow state, flow state has expired");
      }
      const expected =
        flow.code_challenge_method === "s256"
          ? base64Url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)))
          : verifier;
      if (expected !== flow.code_challenge) {
        throw forbidden("bad_code_verifier", "code challenge does not match previously saved code verifier");
      }
      await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
      return issueSession(tx, settings, issuerOf(request), flow.user_id, flow.authentication_method);
    });
    return Response.json(session);
  }

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
    const grantType = new URL(request.url).searchParams.get("grant_type");
    switch (`${method} ${path}`) {
      case "POST /signup":
        return signup(ctx, request);
      case "POST /verify":
        return verifyPost(ctx, request);
      case "GET /verify":
        return verifyGet(ctx, request);
      case "POST /token":
        if (grantType === "password") return passwordGrant(request);
        if (grantType === "refresh_token") return refreshGrant(request);
        if (grantType === "pkce") return pkceGrant(request);
        throw badRequest("validation_failed", "unsupported_grant_type");
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
