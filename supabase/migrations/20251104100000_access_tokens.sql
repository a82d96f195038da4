-- Tonewise: API access tokens and the browser extension's hand-over.
--
-- Access tokens ("tw_…") let the extension and scripts call /api/v1/* without the site's session.
-- Only a SHA-256 hash of each token is stored; the token itself is shown to its owner once. A
-- token expires after 90 days without use and can be revoked at any time. The server (service
-- role) creates, revokes and checks tokens for a user it has authenticated; the owner can read
-- their tokens' names and dates, never the hashes.
--
-- The extension gets its own token without copy and paste through a one-time code bound to a
-- PKCE challenge (RFC 7636, S256): see docs/decisions/016-access-tokens-and-extension-hand-over.md.

create table public.access_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 100),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  -- The token's last four characters, so its owner can tell tokens apart. Not a secret.
  hint text not null check (char_length(hint) = 4),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index access_tokens_user_id_idx on public.access_tokens (user_id);
comment on table public.access_tokens is
  'API access tokens (hashed). Written only by the security-definer functions below; owners read names and dates.';

create table public.extension_auth_codes (
  code_hash text primary key check (code_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  code_challenge text not null check (code_challenge ~ '^[A-Za-z0-9_-]{43,128}$'),
  expires_at timestamptz not null,
  used_at timestamptz
);
comment on table public.extension_auth_codes is
  'One-time codes for the extension hand-over (hashed, PKCE-bound, 5 minutes, single use). Service role only.';

alter table public.access_tokens enable row level security;
alter table public.extension_auth_codes enable row level security;
revoke all on table public.access_tokens, public.extension_auth_codes from anon, authenticated;
grant all on table public.access_tokens, public.extension_auth_codes to service_role;

grant select (id, user_id, name, hint, created_at, last_used_at, revoked_at) on table public.access_tokens to authenticated;
create policy "Users read their own access tokens" on public.access_tokens
  for select to authenticated using ((select auth.uid()) = user_id);

-------------------------------------------------------------------------------------------------
-- Functions (service role: the server calls them for a user it has verified)
-------------------------------------------------------------------------------------------------

-- A new token for p_user_id, unless they already have 20 active ones (then no row).
create function public.create_access_token(p_user_id uuid, p_name text, p_token_hash text, p_hint text)
returns table (id uuid, name text, hint text, created_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  -- One user's creations queue behind each other, so the count below cannot be raced.
  perform pg_advisory_xact_lock(hashtextextended(p_user_id::text, 7));
  if (select count(*) from public.access_tokens t
       where t.user_id = p_user_id and t.revoked_at is null
         and coalesce(t.last_used_at, t.created_at) > now() - interval '90 days') >= 20 then
    return;
  end if;
  return query
  insert into public.access_tokens as t (user_id, name, token_hash, hint)
  values (p_user_id, btrim(p_name), p_token_hash, p_hint)
  returning t.id, t.name, t.hint, t.created_at;
end;
$$;

-- Revokes one of p_user_id's tokens; true if it was theirs (revoking twice is fine).
create function public.revoke_access_token(p_user_id uuid, p_token_id uuid)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with revoked as (
    update public.access_tokens t
       set revoked_at = coalesce(t.revoked_at, now())
     where t.id = p_token_id and t.user_id = p_user_id
    returning t.id
  )
  select exists (select 1 from revoked);
$$;

-- Who a token belongs to, if it is live (not revoked, used or created within 90 days); records
-- the use (at most once a minute, so a busy token does not write on every request).
create function public.authenticate_access_token(p_token_hash text)
returns table (user_id uuid, token_id uuid)
language sql
volatile
security definer
set search_path = ''
as $$
  with live as (
    select t.id, t.user_id, t.last_used_at
      from public.access_tokens t
     where t.token_hash = p_token_hash
       and t.revoked_at is null
       and coalesce(t.last_used_at, t.created_at) > now() - interval '90 days'
  ), touched as (
    update public.access_tokens t
       set last_used_at = now()
      from live
     where t.id = live.id and (live.last_used_at is null or live.last_used_at < now() - interval '1 minute')
    returning t.id
  )
  select live.user_id, live.id from live;
$$;

-- A one-time code for the extension, bound to the user and the extension's PKCE challenge.
create function public.create_extension_code(p_user_id uuid, p_code_hash text, p_code_challenge text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from public.extension_auth_codes c where c.expires_at < now() - interval '1 day';
  insert into public.extension_auth_codes (code_hash, user_id, code_challenge, expires_at)
  values (p_code_hash, p_user_id, p_code_challenge, now() + interval '5 minutes');
$$;

-- Redeems a code once: the user it was issued to, if it is unused, unexpired and the verifier's
-- challenge matches. A wrong verifier burns the code too (no second guess).
create function public.redeem_extension_code(p_code_hash text, p_code_challenge text)
returns uuid
language sql
volatile
security definer
set search_path = ''
as $$
  with redeemed as (
    update public.extension_auth_codes c
       set used_at = now()
     where c.code_hash = p_code_hash and c.used_at is null
    returning c.user_id, c.code_challenge, c.expires_at
  )
  select r.user_id from redeemed r where r.code_challenge = p_code_challenge and r.expires_at > now();
$$;

revoke execute on function public.create_access_token(uuid, text, text, text) from public, anon, authenticated;
revoke execute on function public.revoke_access_token(uuid, uuid) from public, anon, authenticated;
revoke execute on function public.authenticate_access_token(text) from public, anon, authenticated;
revoke execute on function public.create_extension_code(uuid, text, text) from public, anon, authenticated;
revoke execute on function public.redeem_extension_code(text, text) from public, anon, authenticated;
grant execute on function public.create_access_token(uuid, text, text, text) to service_role;
grant execute on function public.revoke_access_token(uuid, uuid) to service_role;
grant execute on function public.authenticate_access_token(text) to service_role;
grant execute on function public.create_extension_code(uuid, text, text) to service_role;
grant execute on function public.redeem_extension_code(text, text) to service_role;
