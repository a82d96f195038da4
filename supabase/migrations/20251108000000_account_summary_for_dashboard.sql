-- Tonewise: the account summary in one round trip, for the dashboard too (issues 12 and 13).
--
-- account_summary (what GET /api/v1/me reads) now also answers what the dashboard layout used to
-- read with six requests in parallel: the time zone and the number of follow-up reminders due
-- (issue 12), and the payment issue: a subscription that is past due or unpaid, which the
-- layout's notice asks the user to fix in the billing portal. The member-since date was already
-- here (auth.users.created_at): the layout no longer needs the Auth user object for it. The
-- grants and the "own account only" check are unchanged.

drop function public.account_summary(uuid);

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
  usage_analytics boolean,
  time_zone text,
  due_follow_ups integer,
  payment_issue text
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
    coalesce(s.usage_analytics, true),
    s.time_zone,
    (select count(*)::integer from public.follow_ups f
      where f.user_id = u.id and f.completed_at is null and f.due_at <= now()),
    (select b.status::text from public.subscriptions b
      where b.user_id = u.id and b.status in ('past_due', 'unpaid')
      order by b.status limit 1)
  from auth.users u
  left join public.profiles p on p.id = u.id
  left join public.user_settings s on s.user_id = u.id
  where u.id = p_user_id;
end;
$$;

revoke execute on function public.account_summary(uuid) from public, anon;
grant execute on function public.account_summary(uuid) to authenticated, service_role;
