/** auth.users rows, and the user object GoTrue answers with. */
import type { Transaction } from "../database.ts";

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  confirmed_at: Date | null;
  phone: string | null;
  banned_until: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  confirmation_sent_at, recovery_token, recovery_sent_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, confirmed_at, phone, banned_until, is_anonymous`;

export async function findUserByEmail(tx: Transaction, email: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where email = $1 and is_sso_user = false and deleted_at is null`,
    [email],
  );
  return rows[0];
}

export async function findUserById(tx: Transaction, id: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0];
}

/** The user holding this confirmation and/or recovery token (GoTrue's token-hash lookups). */
export async function findUserByToken(
  tx: Transaction,
  column: "confirmation_token" | "recovery_token",
  tokenHash: string,
): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from auth.users where ${column} = $1 limit 1`, [
    tokenHash,
  ]);
  return rows[0];
}

export async function loadIdentities(tx: Transaction, userId: string): Promise<IdentityRow[]> {
  const { rows } = await tx.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

/** GoTrue leaves unset timestamps out of the user object (Go `omitempty`). */
function withoutUndefined(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

export function identityJson(identity: IdentityRow): Record<string, unknown> {
  return withoutUndefined({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  });
}

export function userJson(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  return withoutUndefined({
    id: user.id,
    aud: user.aud ?? "",
    role: user.role ?? "",
    email: user.email ?? "",
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? "",
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  });
}
