-- Tonewise: accounts, preferences, monthly usage and billing.
--
-- Principle: the database enforces the rules. Every public table has row-level security, and
-- the roles the API exposes (anon, authenticated) lose Supabase's default "grant all" and get
-- back only what they need. Nothing that decides money or quota (tier, message_count,
-- subscriptions, billing customers, processed Stripe events) is writable by a user: those rows
-- change only through the security-definer functions below or the service role (webhooks).

-- New tables and functions created by later migrations start closed too: Supabase's default
-- privileges would otherwise grant anon and authenticated everything on them.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
alter default privileges revoke execute on functions from public;

-------------------------------------------------------------------------------------------------
-- Tables
-------------------------------------------------------------------------------------------------

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text check (full_name is null or char_length(full_name) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per user, created by the on_auth_user_created trigger.';

create table public.user_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  notifications boolean not null default true,
  default_tone text not null default 'professional'
    check (default_tone in ('professional', 'friendly', 'persuasive', 'casual')),
  default_message_type text not null default 'text'
    check (default_message_type in ('text', 'email', 'linkedin', 'crm', 'social')),
  usage_analytics boolean not null default true,
  updated_at timestamptz not null default now()
);
comment on table public.user_settings is 'Extension preferences; one row per user, created with the profile.';

create table public.usage_tracking (
  user_id uuid not null references auth.users (id) on delete cascade,
  month text not null check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  tier text not null default 'free' check (tier in ('free', 'pro')),
  message_count integer not null default 0 check (message_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, month)
);
comment on table public.usage_tracking is
  'Messages used per UTC calendar month (YYYY-MM). Written only by public.consume_message() and the subscription trigger.';

create table public.billing_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  customer_id text not null unique,
  created_at timestamptz not null default now()
);
comment on table public.billing_customers is 'The Stripe customer of each user. Written only by the service role.';

create table public.subscriptions (
  id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  customer_id text not null,
  status text not null check (status in (
    'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'
  )),
  price_id text,
  cancel_at_period_end boolean not null default false,
  current_period_start timestamptz,
  current_period_end timestamptz,
  canceled_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index subscriptions_user_id_idx on public.subscriptions (user_id);
comment on table public.subscriptions is 'Mirror of Stripe subscriptions (id = Stripe id). Written only by the service role.';

create table public.stripe_events (
  id text primary key,
  type text not null,
  created_at timestamptz not null default now()
);
comment on table public.stripe_events is 'Stripe event ids already processed by the webhook (idempotency). Service role only.';

-------------------------------------------------------------------------------------------------
-- Row-level security and privileges
-------------------------------------------------------------------------------------------------

alter table public.profiles enable row level security;
alter table public.user_settings enable row level security;
alter table public.usage_tracking enable row level security;
alter table public.billing_customers enable row level security;
alter table public.subscriptions enable row level security;
alter table public.stripe_events enable row level security;

revoke all on table
  public.profiles, public.user_settings, public.usage_tracking,
  public.billing_customers, public.subscriptions, public.stripe_events
from anon, authenticated;

grant all on table
  public.profiles, public.user_settings, public.usage_tracking,
  public.billing_customers, public.subscriptions, public.stripe_events
to service_role;

-- profiles: the owner reads the row and may change full_name only (column-level grant).
grant select on table public.profiles to authenticated;
grant update (full_name) on table public.profiles to authenticated;
create policy "Users read their own profile" on public.profiles
  for select to authenticated using ((select auth.uid()) = id);
create policy "Users update their own profile" on public.profiles
  for update to authenticated using ((select auth.uid()) = id) with check ((select auth.uid()) = id);

-- user_settings: the owner reads the row and changes the four preferences.
grant select on table public.user_settings to authenticated;
grant update (notifications, default_tone, default_message_type, usage_analytics)
  on table public.user_settings to authenticated;
create policy "Users read their own settings" on public.user_settings
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Users update their own settings" on public.user_settings
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);

-- usage_tracking, billing_customers, subscriptions: the owner reads; nobody but the service role
-- and security-definer functions writes. stripe_events: no policy, so only the service role.
grant select on table public.usage_tracking, public.billing_customers, public.subscriptions to authenticated;
create policy "Users read their own usage" on public.usage_tracking
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Users read their own billing customer" on public.billing_customers
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Users read their own subscriptions" on public.subscriptions
  for select to authenticated using ((select auth.uid()) = user_id);

-------------------------------------------------------------------------------------------------
-- Timestamps
-------------------------------------------------------------------------------------------------

create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();
create trigger user_settings_set_updated_at before update on public.user_settings
  for each row execute function public.set_updated_at();
create trigger usage_tracking_set_updated_at before update on public.usage_tracking
  for each row execute function public.set_updated_at();
create trigger subscriptions_set_updated_at before update on public.subscriptions
  for each row execute function public.set_updated_at();

-------------------------------------------------------------------------------------------------
-- New users: profile (full_name from the sign-up metadata) and default settings
-------------------------------------------------------------------------------------------------

create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name)
  values (new.id, left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 200));

  insert into public.user_settings (user_id) values (new.id);
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-------------------------------------------------------------------------------------------------
-- Tier
-------------------------------------------------------------------------------------------------

-- 'pro' while the user has a subscription that pays for the current moment, else 'free':
--   * status active or trialing, with current_period_end null or in the future;
--   * status past_due keeps Pro until current_period_end (Stripe is still retrying the payment;
--     if it gives up, the subscription becomes canceled or unpaid and the user is Free).
-- Any other status (canceled, unpaid, incomplete, incomplete_expired, paused) is Free.
-- Callable by the service role for anyone, by an authenticated user for themselves only.
create function public.current_tier(p_user_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.role() = 'authenticated' and p_user_id is distinct from auth.uid() then
    raise exception 'current_tier: a user may only ask for their own tier'
      using errcode = '42501';
  end if;

  return case when exists (
    select 1
    from public.subscriptions s
    where s.user_id = p_user_id
      and (
        (s.status in ('active', 'trialing') and (s.current_period_end is null or s.current_period_end > now()))
        or (s.status = 'past_due' and s.current_period_end > now())
      )
  ) then 'pro' else 'free' end;
end;
$$;

-- Keeps the current month's usage row (if any) on the tier the subscriptions now give. Lives in
-- the database rather than the webhook so every writer of subscriptions gets it for free.
create function public.sync_usage_tier()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month text := to_char(now() at time zone 'utc', 'YYYY-MM');
begin
  if tg_op <> 'INSERT' then
    update public.usage_tracking u
       set tier = public.current_tier(old.user_id)
     where u.user_id = old.user_id and u.month = v_month;
  end if;
  if tg_op <> 'DELETE' then
    update public.usage_tracking u
       set tier = public.current_tier(new.user_id)
     where u.user_id = new.user_id and u.month = v_month;
  end if;
  return null;
end;
$$;

create trigger subscriptions_sync_usage_tier after insert or update or delete on public.subscriptions
  for each row execute function public.sync_usage_tier();

-------------------------------------------------------------------------------------------------
-- Usage
-------------------------------------------------------------------------------------------------

-- Counts one message for the calling user in the current UTC month, if their tier allows it.
-- Free: 30 per month; Pro: unlimited (message_limit is null). One statement decides and writes:
-- the upsert takes the row lock, and Postgres re-checks the WHERE against the latest row
-- version, so concurrent calls can never exceed the limit. A refusal returns allowed = false
-- with the current count and changes nothing but a stale tier.
create function public.consume_message()
returns table (allowed boolean, tier text, message_count integer, message_limit integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_user_id uuid := auth.uid();
  v_month text := to_char(now() at time zone 'utc', 'YYYY-MM');
  v_tier text;
  v_limit integer;
  v_count integer;
begin
  if v_user_id is null then
    raise exception 'consume_message: not signed in' using errcode = '42501';
  end if;

  v_tier := public.current_tier(v_user_id);
  v_limit := case when v_tier = 'free' then 30 end;

  insert into public.usage_tracking as u (user_id, month, tier, message_count)
  values (v_user_id, v_month, v_tier, 1)
  on conflict (user_id, month) do update
    set message_count = u.message_count + 1,
        tier = excluded.tier
    where v_limit is null or u.message_count < v_limit
  returning u.message_count into v_count;

  if v_count is not null then
    return query select true, v_tier, v_count, v_limit;
    return;
  end if;

  -- Refused: the row exists, is locked by the upsert above, and is at or over the limit.
  update public.usage_tracking u
     set tier = v_tier
   where u.user_id = v_user_id and u.month = v_month and u.tier <> v_tier;

  select u.message_count into v_count
    from public.usage_tracking u
   where u.user_id = v_user_id and u.month = v_month;

  return query select false, v_tier, v_count, v_limit;
end;
$$;

-------------------------------------------------------------------------------------------------
-- Public statistics
-------------------------------------------------------------------------------------------------

-- The number of accounts, for the landing page. Nothing else about users leaves this function.
create function public.get_platform_stats()
returns table (total_users bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select count(*) from auth.users;
$$;

-------------------------------------------------------------------------------------------------
-- Function privileges (functions are executable by PUBLIC, and by anon/authenticated through
-- Supabase's default privileges, unless revoked)
-------------------------------------------------------------------------------------------------

revoke execute on function public.set_updated_at() from public, anon, authenticated;
revoke execute on function public.handle_new_user() from public, anon, authenticated;
revoke execute on function public.sync_usage_tier() from public, anon, authenticated;

revoke execute on function public.current_tier(uuid) from public, anon;
grant execute on function public.current_tier(uuid) to authenticated, service_role;

revoke execute on function public.consume_message() from public, anon, service_role;
grant execute on function public.consume_message() to authenticated;

revoke execute on function public.get_platform_stats() from public;
grant execute on function public.get_platform_stats() to anon, authenticated, service_role;
