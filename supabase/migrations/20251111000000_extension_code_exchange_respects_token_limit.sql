-- Tonewise: the extension's one-time code becomes a token in one step, and a user who already has
-- 20 active tokens is told so (found in a review, 2026-11-26).
--
-- Until now the server redeemed the code (redeem_extension_code, which spends it) and then asked
-- create_access_token for the token in a second call. A user with 20 active tokens lost the code
-- at the first step, got no token at the second, and the extension could only say that the code
-- was invalid. exchange_extension_code (what the server now calls) does both under one transaction and answers with an
-- outcome:
--   'created'       the code is spent and the token's row is returned;
--   'limit_reached' the code is valid but the user already has 20 active tokens: nothing changes,
--                   the code stays unspent (it still expires after its 5 minutes);
--   'invalid'       unknown, already used, expired, or the verifier does not match (a wrong
--                   verifier spends the code: no second guess, as before).
-- The count of active tokens is taken under the same per-user lock as create_access_token, so
-- neither can race the other past 20.

create function public.exchange_extension_code(p_code_hash text, p_code_challenge text, p_token_hash text, p_hint text)
returns table (outcome text, id uuid, name text, hint text, created_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_code public.extension_auth_codes%rowtype;
begin
  select c.* into v_code
    from public.extension_auth_codes c
   where c.code_hash = p_code_hash and c.used_at is null
     for update;
  if not found then
    return query select 'invalid'::text, null::uuid, null::text, null::text, null::timestamptz;
    return;
  end if;
  if v_code.code_challenge <> p_code_challenge or v_code.expires_at <= now() then
    update public.extension_auth_codes c set used_at = now() where c.code_hash = p_code_hash;
    return query select 'invalid'::text, null::uuid, null::text, null::text, null::timestamptz;
    return;
  end if;

  perform pg_advisory_xact_lock(hashtextextended(v_code.user_id::text, 7));
  if (select count(*) from public.access_tokens t
       where t.user_id = v_code.user_id and t.revoked_at is null
         and coalesce(t.last_used_at, t.created_at) > now() - interval '90 days') >= 20 then
    return query select 'limit_reached'::text, null::uuid, null::text, null::text, null::timestamptz;
    return;
  end if;

  update public.extension_auth_codes c set used_at = now() where c.code_hash = p_code_hash;
  return query
  insert into public.access_tokens as t (user_id, name, token_hash, hint)
  values (v_code.user_id, 'Browser extension', p_token_hash, p_hint)
  returning 'created'::text, t.id, t.name, t.hint, t.created_at;
end;
$$;

revoke execute on function public.exchange_extension_code(text, text, text, text) from public, anon, authenticated;
grant execute on function public.exchange_extension_code(text, text, text, text) to service_role;

-- redeem_extension_code stays for now: a server still running the previous release while this
-- migration is applied (or the other way round) keeps working. A later migration drops it.
