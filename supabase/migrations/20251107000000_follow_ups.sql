-- Tonewise: follow-up reminders (issue 12) and each user's time zone.
--
-- A reminder is a label, an optional page to reopen, a due time and which follow-up of a sequence
-- it is for. Nothing of the message the user wrote is stored here, and there is no column that
-- could hold it: labels are one line of at most 120 characters.
--
-- Owners read and write their own reminders directly (the dashboard's session) and the server
-- writes them for an access token's owner (the extension) as the service role. The per-user
-- limits are enforced here, by a trigger, so they hold whichever way a row arrives.

-------------------------------------------------------------------------------------------------
-- The user's time zone ("business mornings" are 9:00 there)
-------------------------------------------------------------------------------------------------

-- An IANA name such as 'Europe/Berlin'; null until the browser or the user sets it. The app checks
-- the name against the runtime's time-zone database; the database checks its shape.
alter table public.user_settings
  add column time_zone text check (time_zone is null or time_zone ~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$');

grant update (time_zone) on table public.user_settings to authenticated;

-------------------------------------------------------------------------------------------------
-- Reminders
-------------------------------------------------------------------------------------------------

create table public.follow_ups (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- One line: no C0 control characters (the app's rule for names, app/lib/plain-text.ts).
  label text not null check (char_length(label) between 1 and 120 and label !~ '[\u0001-\u001f\u007f]'),
  url text check (url is null or (char_length(url) <= 2048 and url ~* '^https?://' and url !~ '[\u0001-\u0020\u007f]')),
  due_at timestamptz not null,
  -- Which follow-up after the first message this reminder is for: 1 for the first, and so on.
  follow_up_number smallint not null default 1 check (follow_up_number between 1 and 20),
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index follow_ups_open_idx on public.follow_ups (user_id, due_at) where completed_at is null;
create index follow_ups_done_idx on public.follow_ups (user_id, completed_at desc) where completed_at is not null;
comment on table public.follow_ups is
  'Follow-up reminders: a label, an optional page URL, when, and which follow-up. Never message text. Owner only.';

create trigger follow_ups_set_updated_at before update on public.follow_ups
  for each row execute function public.set_updated_at();

alter table public.follow_ups enable row level security;
revoke all on table public.follow_ups from anon, authenticated;
grant all on table public.follow_ups to service_role;

-- The owner reads, creates, edits and deletes their own reminders. user_id is never written by a
-- user: it defaults to auth.uid(), and the policies check it.
grant select, delete on table public.follow_ups to authenticated;
grant insert (label, url, due_at, follow_up_number, completed_at) on table public.follow_ups to authenticated;
grant update (label, url, due_at, follow_up_number, completed_at) on table public.follow_ups to authenticated;
create policy "Users read their own follow-ups" on public.follow_ups
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Users create their own follow-ups" on public.follow_ups
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Users update their own follow-ups" on public.follow_ups
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "Users delete their own follow-ups" on public.follow_ups
  for delete to authenticated using ((select auth.uid()) = user_id);

-- Limits: at most 200 open reminders and 1,000 in all per user. Done reminders are kept for 90
-- days after they were completed, then removed when the user next creates one. A refusal raises
-- 'follow_ups_limit_reached' (SQLSTATE P0001), which the app turns into a friendly answer. The
-- function runs as the writer: row-level security already keeps a user's counts to their rows.
create function public.enforce_follow_up_limits()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- One user's writes queue behind each other, so the counts below cannot be raced.
  perform pg_advisory_xact_lock(hashtextextended(new.user_id::text, 12));
  if tg_op = 'INSERT' then
    delete from public.follow_ups f
     where f.user_id = new.user_id and f.completed_at < now() - interval '90 days';
    if (select count(*) from public.follow_ups f where f.user_id = new.user_id) >= 1000 then
      raise exception 'follow_ups_limit_reached' using detail = 'total';
    end if;
  end if;
  if new.completed_at is null
     and (tg_op = 'INSERT' or old.completed_at is not null)
     and (select count(*) from public.follow_ups f
           where f.user_id = new.user_id and f.completed_at is null and f.id <> new.id) >= 200 then
    raise exception 'follow_ups_limit_reached' using detail = 'open';
  end if;
  return new;
end;
$$;
revoke execute on function public.enforce_follow_up_limits() from public, anon, authenticated;

create trigger follow_ups_enforce_limits before insert or update of completed_at on public.follow_ups
  for each row execute function public.enforce_follow_up_limits();
