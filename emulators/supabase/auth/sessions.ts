/**
 * Sessions, refresh tokens and access tokens, as GoTrue keeps them: one auth.sessions row per
 * sign-in, a chain of auth.refresh_tokens per session (each refresh revokes the token it used and
 * issues a child), and short-lived access tokens naming the session (ES256, see ../jwt.ts).
 */
import type { Clock } from "../../clock.ts";
import type { Transaction } from "../database.ts";
import type { JwtClaims, JwtKeys } from "../jwt.ts";
import { AuthError, badRequest, forbidden } from "./errors.ts";
import { findUserById, loadIdentities, userJson, type UserRow } from "./users.ts";

/** supabase/config.toml: refresh_token_reuse_interval. */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;

/** supabase/config.toml: [auth.sessions] timebox = "12h" and inactivity_timeout = "1h". */
export const SESSION_TIMEBOX_SECONDS = 12 * 60 * 60;
export const SESSION_INACTIVITY_TIMEOUT_SECONDS = 60 * 60;

export interface TokenSettings {
  clock: Clock;
  /** supabase/config.toml: jwt_expiry (900 s); changeable through the emulator's controls. */
  accessTokenLifetimeSeconds: number;
  /** Signs access tokens and verifies them (../jwt.ts). */
  keys: JwtKeys;
}

export interface SessionResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

interface RefreshTokenRow {
  id: number;
  token: string;
  revoked: boolean;
  parent: string | null;
  session_id: string;
  user_id: string;
  updated_at: Date;
}

/** GoTrue's refresh tokens are short random strings (not JWTs). */
function newRefreshToken(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => alphabet[byte % alphabet.length]).join("");
}

async function amrFor(tx: Transaction, sessionId: string) {
  const { rows } = await tx.query<{ authentication_method: string; created_at: Date }>(
    `select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at desc`,
    [sessionId],
  );
  return rows.map((row) => ({ method: row.authentication_method, timestamp: Math.floor(row.created_at.getTime() / 1000) }));
}

async function sessionResponse(
  tx: Transaction,
  settings: TokenSettings,
  issuer: string,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const iat = Math.floor(settings.clock.now() / 1000);
  const exp = iat + settings.accessTokenLifetimeSeconds;
  const claims: JwtClaims = {
    iss: issuer,
    sub: user.id,
    aud: user.aud ?? "authenticated",
    exp,
    iat,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? "authenticated",
    aal: "aal1",
    amr: await amrFor(tx, sessionId),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  return {
    access_token: await settings.keys.sign(claims),
    token_type: "bearer",
    expires_in: settings.accessTokenLifetimeSeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, await loadIdentities(tx, user.id)),
  };
}

/** Starts a session (sign-in, verified email link, PKCE exchange) and answers with its tokens. */
export async function issueSession(
  tx: Transaction,
  settings: TokenSettings,
  issuer: string,
  userId: string,
  authenticationMethod: string,
): Promise<SessionResponse> {
  const sessionId = crypto.randomUUID();
  const refreshToken = newRefreshToken();
  await tx.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`, [
    sessionId,
    userId,
  ]);
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)`,
    [crypto.randomUUID(), sessionId, authenticationMethod],
  );
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3)`,
    [refreshToken, userId, sessionId],
  );
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [userId]);
  const user = await findUserById(tx, userId);
  if (!user) throw new AuthError(500, "unexpected_failure", "Database error loading user after sign-in");
  return sessionResponse(tx, settings, issuer, user, sessionId, refreshToken);
}

async function swapRefreshToken(tx: Transaction, used: RefreshTokenRow): Promise<string> {
  const child = newRefreshToken();
  // A token reused within the interval keeps the time it was first revoked.
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = case when revoked then updated_at else now() end
      where id = $1`,
    [used.id],
  );
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [child, used.user_id, used.token, used.session_id],
  );
  return child;
}

/**
 * The refresh_token grant, with GoTrue's rotation rules:
 * - an active token is revoked and replaced by a child;
 * - a revoked token whose child is the session's active token is answered with that child again
 *   (the client lost the previous answer);
 * - another revoked token is accepted within the reuse interval (10 s after it was revoked);
 *   after it, every token of the session is revoked and the answer is "Already Used".
 */
export async function refreshSession(
  tx: Transaction,
  settings: TokenSettings,
  issuer: string,
  refreshToken: string,
): Promise<SessionResponse | AuthError> {
  if (!refreshToken) return badRequest("validation_failed", "refresh_token required");
  const { rows } = await tx.query<RefreshTokenRow>(
    `select id, token, revoked, parent, session_id, user_id, updated_at
       from auth.refresh_tokens where token = $1 and session_id is not null`,
    [refreshToken],
  );
  const used = rows[0];
  const user = used ? await findUserById(tx, used.user_id) : undefined;
  if (!used || !user) {
    return badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  }
  if (user.banned_until && user.banned_until.getTime() > settings.clock.now()) {
    return badRequest("user_banned", "Invalid Refresh Token: User Banned");
  }

  // GoTrue's Session.CheckValidity: a session ends 12 h after sign-in (timebox) or 1 h after its
  // last refresh (inactivity), whatever its refresh token.
  const { rows: validity } = await tx.query<{ past_timebox: boolean; timed_out: boolean }>(
    `select now() > created_at + make_interval(secs => $2) as past_timebox,
            now() > coalesce(refreshed_at::timestamptz, created_at) + make_interval(secs => $3) as timed_out
       from auth.sessions where id = $1`,
    [used.session_id, SESSION_TIMEBOX_SECONDS, SESSION_INACTIVITY_TIMEOUT_SECONDS],
  );
  if (!validity[0]) return badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  if (validity[0].past_timebox) return badRequest("session_expired", "Invalid Refresh Token: Session Expired");
  if (validity[0].timed_out) return badRequest("session_expired", "Invalid Refresh Token: Session Expired (Inactivity)");

  let issued: string | undefined;
  if (used.revoked) {
    const { rows: active } = await tx.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens
        where session_id = $1 and revoked = false order by id desc limit 1`,
      [used.session_id],
    );
    if (active[0] && active[0].parent === used.token) {
      issued = active[0].token;
    } else {
      const reuseUntil = used.updated_at.getTime() + REFRESH_TOKEN_REUSE_INTERVAL_SECONDS * 1000;
      if (settings.clock.now() > reuseUntil) {
        await tx.query(`update auth.refresh_tokens set revoked = true where session_id = $1 and revoked = false`, [
          used.session_id,
        ]);
        // Returned rather than thrown: the family revocation must be committed.
        return badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used");
      }
    }
  }
  issued ??= await swapRefreshToken(tx, used);
  await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [used.session_id]);
  return sessionResponse(tx, settings, issuer, user, used.session_id, issued);
}

export interface Authenticated {
  user: UserRow;
  sessionId: string | undefined;
  claims: JwtClaims;
}

function describeJwtFailure(reason: "malformed" | "signature" | "expired" | "claims", parts: number): string {
  switch (reason) {
    case "expired":
      return "token has invalid claims: token is expired";
    case "signature":
      return "token signature is invalid: signature is invalid";
    case "claims":
      return "token has invalid claims";
    case "malformed":
      return parts === 3 ? "token is malformed: could not base64 decode" : "token is malformed: token contains an invalid number of segments";
  }
}

/** GoTrue's requireAuthentication: a valid, unexpired access token of a live session. */
export async function authenticate(tx: Transaction, settings: TokenSettings, request: Request): Promise<Authenticated> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  if (!match) throw new AuthError(401, "no_authorization", "This endpoint requires a Bearer token");
  const check = await settings.keys.verify(match[1]!, settings.clock.now());
  if (!check.ok) {
    throw forbidden("bad_jwt", `invalid JWT: unable to parse or verify signature, ${describeJwtFailure(check.reason, check.parts)}`);
  }
  const { claims } = check;
  if (typeof claims.sub !== "string" || claims.sub === "") throw forbidden("bad_jwt", "invalid claim: missing sub claim");
  if (!/^[0-9a-f-]{36}$/i.test(claims.sub)) throw badRequest("bad_jwt", "invalid claim: sub claim must be a UUID");
  const user = await findUserById(tx, claims.sub);
  if (!user) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");

  const sessionId = typeof claims.session_id === "string" && claims.session_id !== "" ? claims.session_id : undefined;
  if (sessionId !== undefined && sessionId !== "00000000-0000-0000-0000-000000000000") {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) throw forbidden("bad_jwt", "invalid claim: session_id claim must be a UUID");
    const { rows } = await tx.query(`select 1 from auth.sessions where id = $1`, [sessionId]);
    if (rows.length === 0) {
      throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
    }
  }
  return { user, sessionId, claims };
}

export type LogoutScope = "global" | "local" | "others";

/** Ends sessions; their refresh tokens go with them (on delete cascade). */
export async function logout(tx: Transaction, who: Authenticated, scope: LogoutScope): Promise<void> {
  if (scope === "global" || who.sessionId === undefined) {
    await tx.query(`delete from auth.sessions where user_id = $1`, [who.user.id]);
  } else if (scope === "local") {
    await tx.query(`delete from auth.sessions where id = $1`, [who.sessionId]);
  } else {
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [who.user.id, who.sessionId]);
  }
}
