-- Tonewise: a dashboard page in one round trip (issue 13).
--
-- The dashboard's pages read the account summary (the layout), the settings (home, settings,
-- follow-ups) and, on home, the last days' message activity: up to three requests per page.
-- dashboard_summary answers all of it at once for the signed-in caller: account_summary's row
-- for auth.uid(), and the activity rows (as message_activity returns them, in a JSON array) when
-- the caller asks for them with p_activity_days and has usage analytics on; null otherwise.
--
-- Security invoker, for the signed-in role only: it takes no user id, account_summary keeps its
-- own checks, and message_activity keeps the activity behind row-level security.
--
-- Both are PL/pgSQL, which keeps its statements' plans for the session; a SQL function with a
-- SET clause (message_activity until now) is planned again on every call. message_activity's
-- query, signature, grants and answers are unchanged.

create or replace function public.message_activity(p_days integer default 30)
returns table (day date, platform text, tone text, messages bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  return query
  select (e.created_at at time zone 'utc')::date, e.platform, e.tone, count(*)
    from public.message_events e
   where e.user_id = (select auth.uid())
     and e.counted
     and e.created_at >= (now() at time zone 'utc')::date - (least(greatest(p_days, 1), 366) - 1)
   group by 1, 2, 3
   order by 1, 2, 3;
end;
$$;

create function public.dashboard_summary(p_activity_days integer default null)
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
  usage_analytics boolean,
  time_zone text,
  due_follow_ups integer,
  payment_issue text,
  activity jsonb
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  return query
  select
    s.email, s.full_name, s.member_since, s.tier, s.used, s.message_limit, s.notifications,
    s.default_tone, s.default_message_type, s.usage_analytics, s.time_zone, s.due_follow_ups,
    s.payment_issue,
    case when s.usage_analytics and p_activity_days is not null then
      coalesce(
        (select jsonb_agg(jsonb_build_object('day', a.day, 'platform', a.platform, 'tone', a.tone, 'messages', a.messages)
                          order by a.day, a.platform, a.tone)
           from public.message_activity(p_activity_days) a),
        '[]'::jsonb)
    end
  from public.account_summary((select auth.uid())) s
  where (select auth.uid()) is not null;
end;
$$;

revoke execute on function public.dashboard_summary(integer) from public, anon;
grant execute on function public.dashboard_summary(integer) to authenticated;
