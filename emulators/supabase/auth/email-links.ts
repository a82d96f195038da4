/**
 * The one-time tokens behind confirmation and recovery emails: made and stored here (by
 * /signup and /recover), used up by /verify. A token asked for with PKCE is prefixed and gets
 * an auth.flow_state row, so /verify answers with an auth code instead of a session.
 */
import { createHash } from "node:crypto";
import type { Transaction } from "../database.ts";
import { type AuthContext, type Body, stringField } from "./context.ts";
import { authEmail, type EmailKind } from "./emails.ts";
import { badRequest } from "./errors.ts";
import type { UserRow } from "./users.ts";

export const PKCE_PREFIX = "pkce_";

/** The hash stored for an emailed one-time password: hex SHA-224 of email + OTP, like GoTrue. */
export function tokenHash(email: string, otp: string): string {
  return createHash("sha224").update(email + otp).digest("hex");
}

function newOtp(): string {
  return String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, "0");
}

export interface PkceParams {
  challenge: string;
  method: "s256" | "plain";
}

export function pkceParams(body: Body): PkceParams | undefined {
  const challenge = stringField(body, "code_challenge");
  const method = stringField(body, "code_challenge_method").toLowerCase();
  if (!challenge && !method) return undefined;
  if (!challenge || (method !== "s256" && method !== "plain")) {
    throw badRequest("validation_failed", "PKCE flow requires code_challenge_method and code_challenge");
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest("validation_failed", "code challenge has to be between 43 and 128 characters");
  }
  return { challenge, method };
}

/** Stores a fresh email token for the user and sends the email (confirmation or recovery). */
export async function sendEmailLink(
  ctx: AuthContext,
  tx: Transaction,
  user: UserRow,
  kind: EmailKind,
  redirectTo: string,
  pkce: PkceParams | undefined,
): Promise<void> {
  const email = user.email ?? "";
  const stored = (pkce ? PKCE_PREFIX : "") + tokenHash(email, newOtp());
  const [tokenColumn, sentAtColumn] =
    kind === "confirmation" ? ["confirmation_token", "confirmation_sent_at"] : ["recovery_token", "recovery_sent_at"];
  await tx.query(`update auth.users set ${tokenColumn} = $1, ${sentAtColumn} = now(), updated_at = now() where id = $2`, [
    stored,
    user.id,
  ]);
  if (pkce) {
    await tx.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
         authentication_method, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'email', $6, now(), now())`,
      [crypto.randomUUID(), user.id, crypto.randomUUID(), pkce.method, pkce.challenge, kind === "confirmation" ? "email/signup" : "recovery"],
    );
  }
  ctx.mailbox.send(authEmail(kind, email, stored, redirectTo));
}
