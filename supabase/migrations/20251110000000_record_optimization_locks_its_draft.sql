-- Tonewise: record_optimization locks its draft in the statement that makes it (found in a review,
-- 2026-11-26).
--
-- Until now it inserted the draft's row with `on conflict do nothing` (which locks nothing when the
-- row exists) and then read it `for update`. Another call for the same user, counting a different
-- draft, deletes drafts idle for a day; landing between those two statements, it left the read
-- with nothing: v_counted was null, and a null condition took the free branch, so a suggestion
-- was delivered uncounted (or, with usage analytics on, refused by message_events.counted's not
-- null with an error). Now the insert's conflict branch is a no-op update that locks the existing
-- row and returns it, and a draft that cannot be read as free is counted. Signature, grants and
-- every other answer are unchanged.

create or replace function public.record_optimization(
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
    -- The draft's row is the lock that serialises concurrent suggestions for one draft: made or
    -- locked, and read, in one statement (a no-op update of an existing row locks it and returns
    -- it), so no other call can delete it between the insert and the read.
    insert into public.optimization_drafts as d (user_id, draft_id, counted_at, suggestions)
    values (p_user_id, p_draft_id, '-infinity', 0)
    on conflict (user_id, draft_id) do update set draft_id = excluded.draft_id
    returning d.counted_at, d.suggestions into v_counted_at, v_suggestions;

    -- Free only when the draft is known to be within its free re-polishes; anything else counts.
    v_counted := not coalesce(v_counted_at > now() - interval '30 minutes' and v_suggestions < 10, false);
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
