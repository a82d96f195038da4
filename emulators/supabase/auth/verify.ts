/**
 * /verify: an email token proves the address and signs in.
 *
 *   POST /verify  { type, token_hash } or { type, token, email }   → session
 *   GET  /verify?token=…&type=…   the classic email link → 303 to redirect_to, with the session
 *                                  in the fragment, or an auth code for a PKCE token
 */
import type { Transaction } from "../database.ts";
import { type AuthContext, issuerOf, readBody, stringField, validateEmail } from "./context.ts";
import { PKCE_PREFIX, tokenHash } from "./email-links.ts";
import { allowedRedirect, type EmailKind } from "./emails.ts";
import { AuthError, badRequest, forbidden } from "./errors.ts";
import { issueSession } from "./sessions.ts";
import { findUserByEmail, findUserByToken, type UserRow } from "./users.ts";

/** How long email links stay valid (supabase/config.toml: otp_expiry = 3600, for both kinds). */
const CONFIRMATION_LIFETIME_MS = 60 * 60 * 1000;
const RECOVERY_LIFETIME_MS = 60 * 60 * 1000;

type VerifyType = "signup" | "invite" | "email" | "recovery" | "magiclink";
const VERIFY_TYPES: ReadonlyArray<string> = ["signup", "invite", "email", "recovery", "magiclink"];

/** Finds the user an email token belongs to and checks it has not expired (GoTrue's verifyTokenHash). */
async function userForToken(
  ctx: AuthContext,
  tx: Transaction,
  type: VerifyType,
  hash: string,
): Promise<{ user: UserRow; kind: EmailKind }> {
  const { clock } = ctx;
  const invalid = forbidden("otp_expired", "Email link is invalid or has expired");
  let user: UserRow | undefined;
  let kind: EmailKind = "confirmation";
  if (type === "signup" || type === "invite" || type === "email") {
    user = hash ? await findUserByToken(tx, "confirmation_token", hash) : undefined;
  }
  if (!user && (type === "recovery" || type === "magiclink" || type === "email")) {
    user = hash ? await findUserByToken(tx, "recovery_token", hash) : undefined;
    kind = "recovery";
  }
  if (!user) throw invalid;
  const sentAt = kind === "confirmation" ? user.confirmation_sent_at : user.recovery_sent_at;
  const lifetime = kind === "confirmation" ? CONFIRMATION_LIFETIME_MS : RECOVERY_LIFETIME_MS;
  if (!sentAt || clock.now() > sentAt.getTime() + lifetime) throw invalid;
  if (user.banned_until && user.banned_until.getTime() > clock.now()) throw forbidden("user_banned", "User is banned");
  return { user, kind };
}

/** Uses the token up (single use) and confirms the email: both kinds prove the address. */
async function consumeToken(tx: Transaction, user: UserRow, kind: EmailKind): Promise<void> {
  const column = kind === "confirmation" ? "confirmation_token" : "recovery_token";
  await tx.query(
    `update auth.users
        set ${column} = '',
            email_confirmed_at = coalesce(email_confirmed_at, now()),
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
            updated_at = now()
      where id = $1`,
    [user.id],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [user.id],
  );
}

function verifyType(value: string): VerifyType {
  if (value === "") throw badRequest("validation_failed", "Verify requires a verification type");
  if (!VERIFY_TYPES.includes(value)) throw badRequest("validation_failed", "Unsupported verification type");
  return value as VerifyType;
}

export async function verifyPost(ctx: AuthContext, request: Request): Promise<Response> {
  const { db, settings } = ctx;
  const body = await readBody(request);
  const type = verifyType(stringField(body, "type"));
  const token = stringField(body, "token");
  let hash = stringField(body, "token_hash");
  if ((token === "" && hash === "") || (token !== "" && hash !== "")) {
    throw badRequest("validation_failed", "Verify requires either a token or a token hash");
  }
  const session = await db.transaction(async (tx) => {
    if (token !== "") {
      // The six-digit code: the hash of email + code must match the stored token.
      const email = validateEmail(stringField(body, "email"));
      hash = tokenHash(email, token);
      const user = await findUserByEmail(tx, email);
      const stored = [user?.confirmation_token, user?.recovery_token];
      if (!user || !stored.some((value) => value === hash || value === PKCE_PREFIX + hash)) {
        throw forbidden("otp_expired", "Token has expired or is invalid");
      }
      hash = stored.find((value) => value === hash || value === PKCE_PREFIX + hash)!;
    } else if (stringField(body, "email") || stringField(body, "phone") || stringField(body, "redirect_to")) {
      throw badRequest("validation_failed", "Only the token_hash and type should be provided");
    }
    const { user, kind } = await userForToken(ctx, tx, type, hash);
    await consumeToken(tx, user, kind);
    return issueSession(tx, settings, issuerOf(request), user.id, "otp");
  });
  return Response.json(session);
}

export async function verifyGet(ctx: AuthContext, request: Request): Promise<Response> {
  const { db, siteUrl, settings } = ctx;
  const params = new URL(request.url).searchParams;
  const redirectTo = allowedRedirect(params.get("redirect_to"), siteUrl);
  const token = params.get("token") ?? "";
  const typeParam = params.get("type") ?? "";
  const isPkce = token.startsWith(PKCE_PREFIX);
  try {
    const type = verifyType(typeParam);
    if (token === "") throw badRequest("validation_failed", "Verify requires a token or a token hash");
    const outcome = await db.transaction(async (tx) => {
      const { user, kind } = await userForToken(ctx, tx, type, token);
      await consumeToken(tx, user, kind);
      if (!isPkce) return { session: await issueSession(tx, settings, issuerOf(request), user.id, "otp") };
      const method = kind === "confirmation" ? "email/signup" : "recovery";
      const { rows } = await tx.query<{ auth_code: string }>(
        `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
          where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                      order by created_at desc limit 1)
         returning auth_code`,
        [user.id, method],
      );
      if (!rows[0]) throw badRequest("flow_state_not_found", "No associated flow state found.");
      return { authCode: rows[0].auth_code };
    });
    const target = new URL(redirectTo);
    if (outcome.authCode !== undefined) {
      target.searchParams.set("code", outcome.authCode);
    } else if (outcome.session) {
      const fragment = new URLSearchParams({
        access_token: outcome.session.access_token,
        expires_at: String(outcome.session.expires_at),
        expires_in: String(outcome.session.expires_in),
        refresh_token: outcome.session.refresh_token,
        token_type: "bearer",
        type: typeParam,
      });
      target.hash = fragment.toString();
    }
    return Response.redirect(target.href, 303);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    // GoTrue redirects errors too: in the fragment, and also in the query for PKCE.
    const target = new URL(redirectTo);
    const details = new URLSearchParams({
      error: error.status === 403 ? "access_denied" : error.status === 400 ? "invalid_request" : "server_error",
      error_code: error.code,
      error_description: error.message,
    });
    if (isPkce) details.forEach((value, key) => target.searchParams.set(key, value));
    target.hash = details.toString();
    return Response.redirect(target.href, 303);
  }
}
