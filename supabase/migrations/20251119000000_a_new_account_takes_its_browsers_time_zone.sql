-- Decision 059: the sign-up form sends the browser's time zone in the new user's metadata
-- (`time_zone`), and the new account's settings start with it, so its first dashboard already
-- shows reminder times in the user's mornings. The app's server sends only a zone its runtime
-- knows; a name this database does not know either (metadata can come from any caller of Auth's
-- sign-up) is ignored, never a reason to refuse the account.

create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  zone text := nullif(btrim(new.raw_user_meta_data ->> 'time_zone'), '');
begin
  insert into public.profiles (id, full_name)
  values (new.id, left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 200));

  -- The column's own rule first (IANA-style names only), then a zone the database can use.
  if zone is not null and zone !~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$' then
    zone := null;
  end if;
  if zone is not null then
    begin
      perform pg_catalog.timezone(zone, pg_catalog.now());
    exception when others then
      zone := null;
    end;
  end if;

  insert into public.user_settings (user_id, time_zone) values (new.id, zone);
  return new;
end;
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;
