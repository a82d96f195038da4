import type { SupabaseClient } from "@supabase/supabase-js";
import type { AppEnv } from "./env.server";
import { sharedServiceClient } from "./supabase.server";
import { DatabaseUnavailableError } from "./database-unavailable.server";

/**
 * API access tokens: `tw_` + 32 random bytes (base64url), stored only as a SHA-256 hash, shown to
 * their owner once. They expire after 90 days without use and can be revoked at any time. The
 * database decides (supabase/migrations/20251104100000_access_tokens.sql); this module makes and
 * hashes tokens and calls it with the service role for a user the server has verified.
 */
export const TOKEN_PREFIX = "tw_";
export const TOKEN_PATTERN = /^tw_[A-Za-z0-9_-]{43}$/;
export const TOKEN_IDLE_EXPIRY_DAYS = 90;

export type AccessTokenSummary = {
  id: string;
  name: string;
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
};

function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function randomSecret(bytes = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** PKCE S256: base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

export type CreatedToken = { token: string; summary: AccessTokenSummary };

/** A new token for the user, or null when they already have the maximum of active tokens. */
export async function createAccessToken(env: AppEnv, userId: string, name: string): Promise<CreatedToken | null> {
  const token = `${TOKEN_PREFIX}${randomSecret()}`;
  const { data, error } = await sharedServiceClient(env)
    .rpc("create_access_token", {
      p_user_id: userId,
      p_name: name,
      p_token_hash: await sha256Hex(token),
      p_hint: token.slice(-4),
    })
    .maybeSingle<{ id: string; name: string; hint: string; created_at: string }>();
  if (error) throw new DatabaseUnavailableError("create_access_token", error.code);
  if (!data) return null;
  return { token, summary: { id: data.id, name: data.name, hint: data.hint, createdAt: data.created_at, lastUsedAt: null } };
}

/** The user's live tokens, newest first, read as the user (row-level security). */
export async function listAccessTokens(supabase: SupabaseClient, userId: string, now = new Date()): Promise<AccessTokenSummary[]> {
  const { data, error } = await supabase
    .from("access_tokens")
    .select("id, name, hint, created_at, last_used_at, revoked_at")
    .eq("user_id", userId)
    .is("revoked_at", null)
    .order("created_at", { ascending: false });
  if (error) throw new DatabaseUnavailableError("access_tokens list", error.code);
  const idleLimit = now.getTime() - TOKEN_IDLE_EXPIRY_DAYS * 86_400_000;
  return (data ?? [])
    .filter((row) => new Date(row.last_used_at ?? row.created_at).getTime() > idleLimit)
    .map((row) => ({ id: row.id, name: row.name, hint: row.hint, createdAt: row.created_at, lastUsedAt: row.last_used_at }));
}

export async function revokeAccessToken(env: AppEnv, userId: string, tokenId: string): Promise<boolean> {
  const { data, error } = await sharedServiceClient(env).rpc("revoke_access_token", { p_user_id: userId, p_token_id: tokenId });
  if (error) throw new DatabaseUnavailableError("revoke_access_token", error.code);
  return data === true;
}

/**
 * Who a Bearer token belongs to: null for a malformed, unknown, revoked or expired one (a
 * malformed token never reaches the database). Records the use.
 */
export async function authenticateAccessToken(env: AppEnv, token: string): Promise<{ userId: string; tokenId: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const { data, error } = await sharedServiceClient(env)
    .rpc("authenticate_access_token", { p_token_hash: await sha256Hex(token) })
    .maybeSingle<{ user_id: string; token_id: string }>();
  if (error) throw new DatabaseUnavailableError("authenticate_access_token", error.code);
  return data ? { userId: data.user_id, tokenId: data.token_id } : null;
}

/** A one-time code for the extension, bound to its PKCE challenge; valid 5 minutes. */
export async function createExtensionCode(env: AppEnv, userId: string, codeChallenge: string): Promise<string> {
  const code = randomSecret();
  const { error } = await sharedServiceClient(env).rpc("create_extension_code", {
    p_user_id: userId,
    p_code_hash: await sha256Hex(code),
    p_code_challenge: codeChallenge,
  });
  if (error) throw new DatabaseUnavailableError("create_extension_code", error.code);
  return code;
}

/**
 * Exchanges a code and its PKCE verifier for a new token named "Browser extension", once and in
 * one transaction: "invalid" for an unknown, used or expired code or a wrong verifier (which
 * spends the code), "limit_reached" when the user already has the maximum of active tokens (the
 * code stays unspent).
 */
export async function exchangeExtensionCode(env: AppEnv, code: string, codeVerifier: string): Promise<CreatedToken | "invalid" | "limit_reached"> {
  const token = `${TOKEN_PREFIX}${randomSecret()}`;
  const { data, error } = await sharedServiceClient(env)
    .rpc("exchange_extension_code", {
      p_code_hash: await sha256Hex(code),
      p_code_challenge: await pkceChallenge(codeVerifier),
      p_token_hash: await sha256Hex(token),
      p_hint: token.slice(-4),
    })
    .single<{ outcome: "created" | "invalid" | "limit_reached"; id: string; name: string; hint: string; created_at: string }>();
  if (error) throw new DatabaseUnavailableError("exchange_extension_code", error.code);
  if (data.outcome !== "created") return data.outcome;
  return { token, summary: { id: data.id, name: data.name, hint: data.hint, createdAt: data.created_at, lastUsedAt: null } };
}
