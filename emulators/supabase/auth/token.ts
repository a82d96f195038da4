/** POST /token?grant_type=password|refresh_token|pkce: a session from a password, a refresh token or an auth code. */
import { type AuthContext, issuerOf, readBody, stringField } from "./context.ts";
import { AuthError, badRequest, forbidden } from "./errors.ts";
import { verifyPassword } from "./passwords.ts";
import { issueSession, refreshSession, type SessionResponse } from "./sessions.ts";
import { findUserByEmail } from "./users.ts";

/** How long a PKCE auth code may wait for its exchange (GoTrue's flow state expiry). */
const FLOW_STATE_LIFETIME_MS = 5 * 60 * 1000;

export async function tokenGrant(ctx: AuthContext, request: Request): Promise<Response> {
  const grantType = new URL(request.url).searchParams.get("grant_type");
  if (grantType === "password") return passwordGrant(ctx, request);
  if (grantType === "refresh_token") return refreshGrant(ctx, request);
  if (grantType === "pkce") return pkceGrant(ctx, request);
  throw badRequest("validation_failed", "unsupported_grant_type");
}

async function passwordGrant(ctx: AuthContext, request: Request): Promise<Response> {
  const { db, clock, settings } = ctx;
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

async function refreshGrant(ctx: AuthContext, request: Request): Promise<Response> {
  const { db, settings } = ctx;
  const body = await readBody(request);
  const outcome = await db.transaction((tx) =>
    refreshSession(tx, settings, issuerOf(request), stringField(body, "refresh_token")),
  );
  if (outcome instanceof AuthError) throw outcome;
  return Response.json(outcome);
}

function base64Url(bytes: ArrayBuffer): string {
  return Buffer.from(bytes).toString("base64url");
}

async function pkceGrant(ctx: AuthContext, request: Request): Promise<Response> {
  const { db, clock, settings } = ctx;
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
