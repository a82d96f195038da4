-- Billing: what the Stripe webhook (and the checkout return) need beyond the initial schema.
--
--   * subscriptions.cancel_at: when a subscription set to cancel will end. Stripe can schedule a
--     cancellation either "at period end" (cancel_at_period_end) or at a date (cancel_at); the
--     subscription page shows "Your plan ends on …" for both.
--   * subscriptions.stripe_read_at: when the server read this state from Stripe. Webhooks are
--     handled by re-reading the subscription from Stripe, so any read is the truth at its time;
--     a write only lands if it is at least as recent as the stored one, so two deliveries racing
--     each other cannot leave an older read on top of a newer one.
--   * public.store_stripe_subscription(): that guarded upsert, as one statement, for the service
--     role only.

alter table public.subscriptions
  add column cancel_at timestamptz,
  add column stripe_read_at timestamptz;

comment on column public.subscriptions.cancel_at is 'When a scheduled cancellation takes effect (Stripe cancel_at), if any.';
comment on column public.subscriptions.stripe_read_at is 'When this row''s state was read from Stripe; older reads never overwrite newer ones.';

-- Returns 'stored', 'stale' (a newer read is already stored) or 'unknown_user' (no such account,
-- e.g. deleted since: nothing to store, and retrying would not help).
create function public.store_stripe_subscription(
  p_id text,
  p_user_id uuid,
  p_customer_id text,
  p_status text,
  p_price_id text,
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

  insert into public.subscriptions as s (
    id, user_id, customer_id, status, price_id, cancel_at_period_end, cancel_at,
    current_period_start, current_period_end, canceled_at, ended_at, stripe_read_at
  )
  values (
    p_id, p_user_id, p_customer_id, p_status, p_price_id, coalesce(p_cancel_at_period_end, false), p_cancel_at,
    p_current_period_start, p_current_period_end, p_canceled_at, p_ended_at, p_read_at
  )
  on conflict (id) do update
    set user_id = excluded.user_id,
        customer_id = excluded.customer_id,
        status = excluded.status,
        price_id = excluded.price_id,
        cancel_at_period_end = excluded.cancel_at_period_end,
        cancel_at = excluded.cancel_at,
        current_period_start = excluded.current_period_start,
        current_period_end = excluded.current_period_end,
        canceled_at = excluded.canceled_at,
        ended_at = excluded.ended_at,
        stripe_read_at = excluded.stripe_read_at
    where s.stripe_read_at is null or s.stripe_read_at <= excluded.stripe_read_at
  returning s.id into v_id;

  return case when v_id is null then 'stale' else 'stored' end;
end;
$$;

revoke execute on function public.store_stripe_subscription(
  text, uuid, text, text, text, boolean, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz
) from public, anon, authenticated;
grant execute on function public.store_stripe_subscription(
  text, uuid, text, text, text, boolean, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz
) to service_role;
