-- Tonewise: a new password revokes the account's API tokens (docs/decisions/056).
--
-- A new password ends the account's other sessions (Auth does that). An API token (the
-- extension's, a script's) kept working: someone who had got into the account, and made a token
-- there, could go on reading the account and spending its messages after the owner had reset the
-- password to lock them out. Now a password change revokes every token of the account that is
-- still live, and spends the extension's hand-over codes not yet exchanged (a code made before the
-- change must not turn into a token after it).
--
-- A trigger on auth.users, so that every way the password can change does it (the reset email's
-- page, Auth's API, the hosted dashboard), in the transaction that changes it.

create function public.revoke_access_on_new_password()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.access_tokens t
     set revoked_at = now()
   where t.user_id = new.id and t.revoked_at is null;
  update public.extension_auth_codes c
     set used_at = now()
   where c.user_id = new.id and c.used_at is null;
  return new;
end;
$$;

revoke execute on function public.revoke_access_on_new_password() from public, anon, authenticated;

create trigger on_auth_user_password_changed
  after update of encrypted_password on auth.users
  for each row
  when (old.encrypted_password is distinct from new.encrypted_password)
  execute function public.revoke_access_on_new_password();
