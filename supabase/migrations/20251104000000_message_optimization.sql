-- Tonewise: message optimization — honest metering, per-minute limits and usage analytics.
--
-- "One message is one message you write": a message is counted once, when its first suggestion
-- is delivered. Re-polishing the same draft (the caller's opaque draft id) within 30 minutes of
-- that count is free, up to 10 suggestions, after which it counts again. Without a draft id every
-- suggestion counts. Free: 30 counted messages per UTC month; Pro: unlimited.
--
-- Everything that decides quota or limits happens here, in security-definer functions that the
-- server calls with the service role (for a user it has already authenticated, by session or by
-- access token). Nothing in these tables holds the text of a message: only counts, lengths,
-- tone, type, platform and timings.

-------------------------------------------------------------------------------------------------
-- Tables
-------------------------------------------------------------------------------------------------

-- Fixed-window counters for rate limits (optimize per user per minute; the form limits of the
-- security work share it). key: what is limited, e.g. 'optimize:user:<uuid>'.
create table public.rate_limits (
  key text not null check (char_length(key) between 1 and 200),
  window_start timestamptz not null,
  hits integer not null default 0 check (hits >= 0),
  primary key (key, window_start)
);
comment on table public.rate_limits is 'Fixed-window rate-limit counters. Written only by public.hit_rate_limit().';

-- The counting state of one draft: when it was last counted and how many suggestions it has had
-- since. The draft id is the caller's opaque id; no text.
create table public.optimization_drafts (
  user_id uuid not null references auth.users (id) on delete cascade,
  draft_id text not null check (char_length(draft_id) between 1 and 64),
  counted_at timestamptz not null,
  suggestions integer not null default 0 check (suggestions >= 0),
  primary key (user_id, draft_id)
);
comment on table public.optimization_drafts is
  'Per-draft counting state (re-polishes within 30 minutes are free, up to 10). Written only by public.record_optimization().';

-- One row per delivered suggestion, only while the user has usage analytics on. Metadata only.
create table public.message_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  tone text not null check (tone in ('professional', 'friendly', 'persuasive', 'casual')),
  message_type text not null check (message_type in ('text', 'email', 'linkedin', 'crm', 'social')),
  platform text not null default 'web' check (platform ~ '^[a-z0-9][a-z0-9._-]{0,31}$'),
  input_length integer not null check (input_length >= 0),
  output_length integer not null check (output_length >= 0),
  latency_ms integer not null check (latency_ms >= 0),
  counted boolean not null
);
create index message_events_user_created_idx on public.message_events (user_id, created_at);
comment on table public.message_events is
  'Usage analytics (tone, type, platform, lengths, latency) per delivered suggestion, recorded only with usage_analytics on. Never the text.';

alter table public.rate_limits enable row level security;
alter table public.optimization_drafts enable row level security;
alter table public.message_events enable row level security;

revoke all on table public.rate_limits, public.optimization_drafts, public.message_events from anon, authenticated;
grant all on table public.rate_limits, public.optimization_drafts, public.message_events to service_role;

-- The owner reads their own analytics; nobody but record_optimization() writes them.
grant select on table public.message_events to authenticated;
create policy "Users read their own message events" on public.message_events
  for select to authenticated using ((select auth.uid()) = user_id);

-------------------------------------------------------------------------------------------------
-- Rate limits
-------------------------------------------------------------------------------------------------

-- Counts one hit against `p_key` in the current fixed window of `p_window_seconds` and says
-- whether it is within `p_limit`. One upsert decides, so concurrent hits never exceed the limit.
-- Earlier windows of the same key are deleted on the way (cheap: the primary key's prefix).
create function public.hit_rate_limit(p_key text, p_limit integer, p_window_seconds integer)
returns table (allowed boolean, hits integer, retry_after_seconds integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_window_start timestamptz :=
    to_timestamp(floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds);
  v_hits integer;
begin
  if p_limit < 1 or p_window_seconds < 1 then
    raise exception 'hit_rate_limit: limit and window must be positive' using errcode = '22023';
  end if;

  insert into public.rate_limits as r (key, window_start, hits)
  values (p_key, v_window_start, 1)
  on conflict (key, window_start) do update set hits = r.hits + 1
  returning r.hits into v_hits;

  delete from public.rate_limits r where r.key = p_key and r.window_start < v_window_start;

  return query select
    v_hits <= p_limit,
    v_hits,
    greatest(1, ceil(extract(epoch from (v_window_start + make_interval(secs => p_window_seconds) - now())))::integer);
end;
$$;

-------------------------------------------------------------------------------------------------
-- Counting one message (shared by consume_message and record_optimization)
-------------------------------------------------------------------------------------------------

-- Counts one message for p_user_id in the current UTC month if their tier (given) allows it:
-- Free 30, Pro unlimited. One statement decides and writes: the upsert takes the row lock and
-- Postgres re-checks the WHERE against the latest row version, so concurrent calls can never
-- exceed the limit. Refused: allowed = false with the current count, and only a stale tier
-- changes. Internal: callable by no API role.
create function public.count_message(p_user_id uuid, p_tier text)
returns table (allowed boolean, message_count integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_month text := to_char(now() at time zone 'utc', 'YYYY-MM');
  v_limit integer := case when p_tier = 'free' then 30 end;
  v_count integer;
begin
  insert into public.usage_tracking as u (user_id, month, tier, message_count)
  values (p_user_id, v_month, p_tier, 1)
  on conflict (user_id, month) do update
    set message_count = u.message_count + 1,
        tier = excluded.tier
    where v_limit is null or u.message_count < v_limit
  returning u.message_count into v_count;

  if v_count is not null then
    return query select true, v_count;
    return;
  end if;

  update public.usage_tracking u
     set tier = p_tier
   where u.user_id = p_user_id and u.month = v_month and u.tier <> p_tier;
  select u.message_count into v_count
    from public.usage_tracking u
   where u.user_id = p_user_id and u.month = v_month;
  return query select false, coalesce(v_count, 0);
end;
$$;

-- consume_message() keeps its contract, now on the shared counter.
create or replace function public.consume_message()
returns table (allowed boolean, tier text, message_count integer, message_limit integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_user_id uuid := auth.uid();
  v_tier text;
begin
  if v_user_id is null then
    raise exception 'consume_message: not signed in' using errcode = '42501';
  end if;
  v_tier := public.current_tier(v_user_id);
  return query
  select c.allowed, v_tier, c.message_count, case when v_tier = 'free' then 30 end
    from public.count_message(v_user_id, v_tier) c;
end;
$$;

-------------------------------------------------------------------------------------------------
-- Optimization: before the engine, and after it
-------------------------------------------------------------------------------------------------

-- Would a suggestion for this draft be counted? (A free re-polish is not.)
create function public.draft_is_free(p_user_id uuid, p_draft_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.optimization_drafts d
     where d.user_id = p_user_id and d.draft_id = p_draft_id
       and d.counted_at > now() - interval '30 minutes'
       and d.suggestions < 10
  );
$$;

-- Called before the engine runs: counts the request against the per-minute limit (60 a minute
-- per user) and returns what the server needs to decide and to answer — the tier, this month's
-- count and limit, whether this suggestion would be counted, and the user's settings. It counts
-- no message: that happens only once a suggestion is in hand (record_optimization).
create function public.begin_optimization(p_user_id uuid, p_draft_id text default null)
returns table (
  rate_allowed boolean,
  retry_after_seconds integer,
  tier text,
  used integer,
  message_limit integer,
  would_count boolean,
  default_tone text,
  default_message_type text,
  usage_analytics boolean
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_allowed boolean;
  v_retry integer;
  v_tier text := public.current_tier(p_user_id);
begin
  select r.allowed, r.retry_after_seconds into v_allowed, v_retry
    from public.hit_rate_limit('optimize:user:' || p_user_id::text, 60, 60) r;

  return query
  select
    v_allowed,
    v_retry,
    v_tier,
    coalesce((select u.message_count from public.usage_tracking u
               where u.user_id = p_user_id and u.month = to_char(now() at time zone 'utc', 'YYYY-MM')), 0),
    case when v_tier = 'free' then 30 end,
    p_draft_id is null or not public.draft_is_free(p_user_id, p_draft_id),
    coalesce(s.default_tone, 'professional'),
    coalesce(s.default_message_type, 'text'),
    coalesce(s.usage_analytics, true)
  from (select 1) as one
  left join public.user_settings s on s.user_id = p_user_id;
end;
$$;

-- Called once a suggestion has passed the guardrails: decides, atomically, whether it is counted
-- (a new message, or a draft whose free re-polishes are used up) and, if so, whether the tier
-- allows it — the same single-statement upsert as consume_message(), so concurrent requests can
-- never take more than 30 Free messages. Refused (allowed = false): the suggestion must be
-- discarded. With usage analytics on, the delivered suggestion's metadata is recorded.
create function public.record_optimization(
  p_user_id uuid,
  p_draft_id text,
  p_tone text,
  p_message_type text,
  p_platform text,
  p_input_length integer,
  p_output_length integer,
  p_latency_ms integer
)
returns table (allowed boolean, counted boolean, tier text, used integer, message_limit integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_month text := to_char(now() at time zone 'utc', 'YYYY-MM');
  v_tier text := public.current_tier(p_user_id);
  v_limit integer := case when v_tier = 'free' then 30 end;
  v_counted boolean := true;
  v_allowed boolean;
  v_counted_at timestamptz;
  v_suggestions integer;
  v_count integer;
begin
  if p_draft_id is not null then
    -- The draft's row is the lock that serialises concurrent suggestions for one draft.
    insert into public.optimization_drafts as d (user_id, draft_id, counted_at, suggestions)
    values (p_user_id, p_draft_id, '-infinity', 0)
    on conflict (user_id, draft_id) do nothing;

    select d.counted_at, d.suggestions into v_counted_at, v_suggestions
      from public.optimization_drafts d
     where d.user_id = p_user_id and d.draft_id = p_draft_id
       for update;

    v_counted := not (v_counted_at > now() - interval '30 minutes' and v_suggestions < 10);
  end if;

  if v_counted then
    select c.allowed, c.message_count into v_allowed, v_count from public.count_message(p_user_id, v_tier) c;
    if not v_allowed then
      return query select false, false, v_tier, v_count, v_limit;
      return;
    end if;

    if p_draft_id is not null then
      update public.optimization_drafts d
         set counted_at = now(), suggestions = 1
       where d.user_id = p_user_id and d.draft_id = p_draft_id;
      -- Drafts idle for a day can never be free again: drop them on the way.
      delete from public.optimization_drafts d
       where d.user_id = p_user_id and d.counted_at < now() - interval '1 day';
    end if;
  else
    update public.optimization_drafts d
       set suggestions = d.suggestions + 1
     where d.user_id = p_user_id and d.draft_id = p_draft_id;
    select u.message_count into v_count
      from public.usage_tracking u
     where u.user_id = p_user_id and u.month = v_month;
  end if;

  if coalesce((select s.usage_analytics from public.user_settings s where s.user_id = p_user_id), true) then
    insert into public.message_events
      (user_id, tone, message_type, platform, input_length, output_length, latency_ms, counted)
    values
      (p_user_id, p_tone, p_message_type, coalesce(p_platform, 'web'), p_input_length, p_output_length, p_latency_ms, v_counted);
  end if;

  return query select true, v_counted, v_tier, coalesce(v_count, 0), v_limit;
end;
$$;

-- The signed-in user's counted messages per UTC day over the last `p_days` days, split by
-- platform and tone, for the dashboard's chart. Runs as the caller: row-level security keeps it
-- to their own events.
create function public.message_activity(p_days integer default 30)
returns table (day date, platform text, tone text, messages bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select (e.created_at at time zone 'utc')::date, e.platform, e.tone, count(*)
    from public.message_events e
   where e.user_id = (select auth.uid())
     and e.counted
     and e.created_at >= (now() at time zone 'utc')::date - (least(greatest(p_days, 1), 366) - 1)
   group by 1, 2, 3
   order by 1, 2, 3;
$$;

-------------------------------------------------------------------------------------------------
-- Function privileges
-------------------------------------------------------------------------------------------------

revoke execute on function public.count_message(uuid, text) from public, anon, authenticated, service_role;

revoke execute on function public.hit_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.hit_rate_limit(text, integer, integer) to service_role;

revoke execute on function public.draft_is_free(uuid, text) from public, anon, authenticated;
grant execute on function public.draft_is_free(uuid, text) to service_role;

revoke execute on function public.begin_optimization(uuid, text) from public, anon, authenticated;
grant execute on function public.begin_optimization(uuid, text) to service_role;

revoke execute on function public.record_optimization(uuid, text, text, text, text, integer, integer, integer)
  from public, anon, authenticated;
grant execute on function public.record_optimization(uuid, text, text, text, text, integer, integer, integer)
  to service_role;

revoke execute on function public.message_activity(integer) from public, anon;
grant execute on function public.message_activity(integer) to authenticated;

-------------------------------------------------------------------------------------------------
-- The account in one round trip
-------------------------------------------------------------------------------------------------

-- Who the user is and where they stand this month, with their settings: what GET /api/v1/me
-- answers. The service role may ask for anyone; a signed-in user only for themselves.
create function public.account_summary(p_user_id uuid)
returns table (
  email text,
  full_name text,
  member_since timestamptz,
  tier text,
  used integer,
  message_limit integer,
  notifications boolean,
  default_tone text,
  default_message_type text,
  usage_analytics boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_tier text;
begin
  if auth.role() = 'authenticated' and p_user_id is distinct from auth.uid() then
    raise exception 'account_summary: a user may only ask for their own account' using errcode = '42501';
  end if;
  v_tier := public.current_tier(p_user_id);

  return query
  select
    u.email::text,
    coalesce(p.full_name, ''),
    u.created_at,
    v_tier,
    coalesce((select t.message_count from public.usage_tracking t
               where t.user_id = u.id and t.month = to_char(now() at time zone 'utc', 'YYYY-MM')), 0),
    case when v_tier = 'free' then 30 end,
    coalesce(s.notifications, true),
    coalesce(s.default_tone, 'professional'),
    coalesce(s.default_message_type, 'text'),
    coalesce(s.usage_analytics, true)
  from auth.users u
  left join public.profiles p on p.id = u.id
  left join public.user_settings s on s.user_id = u.id
  where u.id = p_user_id;
end;
$$;

revoke execute on function public.account_summary(uuid) from public, anon;
grant execute on function public.account_summary(uuid) to authenticated, service_role;
