-- Billing: a subscription belongs to the user its Stripe customer is linked to, forever, and only
-- the Pro price grants Pro (issue 10, finding 9).
--
--   * subscriptions.grants_pro: set by the webhook from the configured Pro price (the database
--     does not know the price id; the server does). It defaults to true, so rows stored before
--     this migration (all from our Pro checkout) keep the Pro they had.
--   * current_tier() counts only subscriptions that grant Pro.
--   * store_stripe_subscription() never moves a subscription to another user: a write naming a
--     different user than the stored one is refused ('mismatch').

alter table public.subscriptions add column grants_pro boolean not null default true;
comment on column public.subscriptions.grants_pro is 'Whether this subscription is for the Pro price (set by the server from STRIPE_PRO_PRICE_ID).';

create or replace function public.current_tier(p_user_id uuid)
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
      and s.grants_pro
      and (
        (s.status in ('active', 'trialing') and (s.current_period_end is null or s.current_period_end > now()))
        or (s.status = 'past_due' and s.current_period_end > now())
      )
  ) then 'pro' else 'free' end;
end;
$$;

drop function public.store_stripe_subscription(
  text, uuid, text, text, text, boolean, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz
);

-- Returns 'stored', 'stale' (a newer read is already stored), 'unknown_user' (no such account)
-- or 'mismatch' (the subscription is stored for another user: never reassigned).
create function public.store_stripe_subscription(
  p_id text,
  p_user_id uuid,
  p_customer_id text,
  p_status text,
  p_price_id text,
  p_grants_pro boolean,
  p_cancel_at_period_end boolean,
  p_cancel_at timestamptz,
  p_current_period_start timestamptz,
  p_current_period_end timestamptz,
  p_canceled_at timestamptz,
  p_ended_at timestamptz,
  p_read_at timestamptz
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id text;
begin
  if not exists (select 1 from auth.users u where u.id = p_user_id) then
    return 'unknown_user';
  end if;
  if exists (select 1 from public.subscriptions s where s.id = p_id and s.user_id <> p_user_id) then
    return 'mismatch';
  end if;

  insert into public.subscriptions as s (
    id, user_id, customer_id, status, price_id, grants_pro, cancel_at_period_end, cancel_at,
    current_period_start, current_period_end, canceled_at, ended_at, stripe_read_at
  )
  values (
    p_id, p_user_id, p_customer_id, p_status, p_price_id, coalesce(p_grants_pro, true), coalesce(p_cancel_at_period_end, false),
    p_cancel_at, p_current_period_start, p_current_period_end, p_canceled_at, p_ended_at, p_read_at
  )
  on conflict (id) do update
    set customer_id = excluded.customer_id,
        status = excluded.status,
        price_id = excluded.price_id,
        grants_pro = excluded.grants_pro,
        cancel_at_period_end = excluded.cancel_at_period_end,
        cancel_at = excluded.cancel_at,
        current_period_start = excluded.current_period_start,
        current_period_end = excluded.current_period_end,
        canceled_at = excluded.canceled_at,
        ended_at = excluded.ended_at,
        stripe_read_at = excluded.stripe_read_at
    where s.user_id = excluded.user_id
      and (s.stripe_read_at is null or s.stripe_read_at <= excluded.stripe_read_at)
  returning s.id into v_id;

  return case when v_id is null then 'stale' else 'stored' end;
end;
$$;

revoke execute on function public.store_stripe_subscription(
  text, uuid, text, text, text, boolean, boolean, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz
) from public, anon, authenticated;
grant execute on function public.store_stripe_subscription(
  text, uuid, text, text, text, boolean, boolean, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz
) to service_role;
