-- Tonewise: a draft's free re-polishes may change at most half of its message in all (found in
-- a review, 2026-11-27; docs/decisions/046, extending 039).
--
-- A re-polish was free when the new text still held half of the draft's last sketch. Each free
-- re-polish replaced the sketch with the new text's, so a caller could keep one block of filler
-- in every call and put another message beside it each time: the filler kept half of the sketch,
-- and ten different messages under one draft id were counted once. Now the draft adds up what
-- each free re-polish changed of its message (the share of the sketch the new text no longer
-- holds, which the server measures: `p_changed_share`), and a re-polish is free only while the
-- total stays at most half. Typing on changes nothing; re-toning, Retry and Replace nothing;
-- editing a sentence or two a little. The total starts again at 0 when the draft is counted.

alter table public.optimization_drafts
  add column changed_share double precision not null default 0 check (changed_share >= 0 and changed_share <= 1);

comment on column public.optimization_drafts.changed_share is
  'What the free re-polishes since the draft was counted changed of its message, in all (share of its sketch lost, summed).';

drop function public.begin_optimization(uuid, text);

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
  usage_analytics boolean,
  draft_input_sketch integer[],
  draft_output_sketch integer[],
  draft_changed_share double precision
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
  v_free boolean := p_draft_id is not null and public.draft_is_free(p_user_id, p_draft_id);
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
    not v_free,
    coalesce(s.default_tone, 'professional'),
    coalesce(s.default_message_type, 'text'),
    coalesce(s.usage_analytics, true),
    d.input_sketch,
    d.output_sketch,
    d.changed_share
  from (select 1) as one
  left join public.user_settings s on s.user_id = p_user_id
  left join public.optimization_drafts d on v_free and d.user_id = p_user_id and d.draft_id = p_draft_id;
end;
$$;

drop function public.record_optimization(uuid, text, text, text, text, integer, integer, integer, boolean, integer[], integer[]);

create function public.record_optimization(
  p_user_id uuid,
  p_draft_id text,
  p_tone text,
  p_message_type text,
  p_platform text,
  p_input_length integer,
  p_output_length integer,
  p_latency_ms integer,
  p_same_message boolean default false,
  p_input_sketch integer[] default null,
  p_output_sketch integer[] default null,
  p_changed_share double precision default 0
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
  v_changed double precision;
  v_change double precision := greatest(0, least(1, coalesce(p_changed_share, 0)));
  v_count integer;
begin
  if p_draft_id is not null then
    -- The draft's row is the lock that serialises concurrent suggestions for one draft: made or
    -- locked, and read, in one statement (a no-op update of an existing row locks it and returns it).
    insert into public.optimization_drafts as d (user_id, draft_id, counted_at, suggestions)
    values (p_user_id, p_draft_id, '-infinity', 0)
    on conflict (user_id, draft_id) do update set draft_id = excluded.draft_id
    returning d.counted_at, d.suggestions, d.changed_share into v_counted_at, v_suggestions, v_changed;

    -- Free only for the same message, within the draft's free re-polishes, and while they have
    -- changed at most half of it in all (checked here too, under the draft's lock: two calls at
    -- once cannot both spend the same half); anything else counts.
    v_counted := not coalesce(
      p_same_message and v_counted_at > now() - interval '30 minutes' and v_suggestions < 10 and v_changed + v_change <= 0.5,
      false);
  end if;

  if v_counted then
    select c.allowed, c.message_count into v_allowed, v_count from public.count_message(p_user_id, v_tier) c;
    if not v_allowed then
      return query select false, false, v_tier, v_count, v_limit;
      return;
    end if;

    if p_draft_id is not null then
      update public.optimization_drafts d
         set counted_at = now(), suggestions = 1, input_sketch = p_input_sketch, output_sketch = p_output_sketch, changed_share = 0
       where d.user_id = p_user_id and d.draft_id = p_draft_id;
      -- Drafts idle for a day can never be free again: drop them on the way — those no other call
      -- holds. This call holds the month's usage row now; a concurrent call for an old draft
      -- holds that draft and waits for the usage row, so waiting for its draft would deadlock.
      delete from public.optimization_drafts d
       where (d.user_id, d.draft_id) in (
         select o.user_id, o.draft_id from public.optimization_drafts o
          where o.user_id = p_user_id and o.counted_at < now() - interval '1 day'
            for update skip locked);
    end if;
  else
    update public.optimization_drafts d
       set suggestions = d.suggestions + 1, input_sketch = p_input_sketch, output_sketch = p_output_sketch,
           changed_share = d.changed_share + v_change
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

revoke execute on function public.begin_optimization(uuid, text) from public, anon, authenticated;
grant execute on function public.begin_optimization(uuid, text) to service_role;

revoke execute on function public.record_optimization(uuid, text, text, text, text, integer, integer, integer, boolean, integer[], integer[], double precision)
  from public, anon, authenticated;
grant execute on function public.record_optimization(uuid, text, text, text, text, integer, integer, integer, boolean, integer[], integer[], double precision)
  to service_role;
