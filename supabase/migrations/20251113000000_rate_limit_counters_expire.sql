-- Tonewise: rate-limit counters no longer outlive their windows (found in a review, 2026-11-27).
--
-- hit_rate_limit deleted only the earlier windows of its own key, so the last window of every key
-- never used again stayed for ever: one row per client address that ever posted a form (an HMAC,
-- never the address), per email, per one-time form id. Now every hit also drops up to 20 counters
-- whose window started more than two days ago, whoever they belong to, skipping rows another call
-- holds; so does the deletion of the key's own earlier windows, which could otherwise wait on a
-- row another call's clean-up holds, and the two deadlock. No window may be longer than a day
-- (checked below; the longest in use is the one-time form id's day), so such a row's window ended
-- at least a day ago and it can never count again.
-- The index makes finding them one probe, and nothing when there are none.

create index rate_limits_window_start_idx on public.rate_limits (window_start);

create or replace function public.hit_rate_limit(p_key text, p_limit integer, p_window_seconds integer)
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
  if p_limit < 1 or p_window_seconds < 1 or p_window_seconds > 86400 then
    raise exception 'hit_rate_limit: limit must be positive and the window from 1 second to a day' using errcode = '22023';
  end if;

  insert into public.rate_limits as r (key, window_start, hits)
  values (p_key, v_window_start, 1)
  on conflict (key, window_start) do update set hits = r.hits + 1
  returning r.hits into v_hits;

  -- Earlier windows of this key, and below any key's long-ended ones: both skip rows another call
  -- holds (two calls cleaning up each other's rows must never wait on each other).
  delete from public.rate_limits r
   where (r.key, r.window_start) in (
     select s.key, s.window_start from public.rate_limits s
      where s.key = p_key and s.window_start < v_window_start
        for update skip locked);

  delete from public.rate_limits r
   where (r.key, r.window_start) in (
     select s.key, s.window_start from public.rate_limits s
      where s.window_start < now() - interval '2 days'
      order by s.window_start
      limit 20
        for update skip locked);

  return query select
    v_hits <= p_limit,
    v_hits,
    greatest(1, ceil(extract(epoch from (v_window_start + make_interval(secs => p_window_seconds) - now())))::integer);
end;
$$;

revoke execute on function public.hit_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.hit_rate_limit(text, integer, integer) to service_role;
