-- Tonewise: a paid renewal keeps Pro while its webhook is on its way (found in a review,
-- 2026-11-27; docs/decisions/047).
--
-- current_tier() counted an active subscription as Pro only until the stored end of its period.
-- Stripe renews (and charges) at that moment and tells us by webhook a moment later: until the
-- webhook was stored, every renewing customer was Free (the badge, the usage card, the 30-message
-- limit); with the webhook endpoint failing (a deploy, a rotated signing secret), for as long as
-- Stripe retried, which is up to three days. An active or trialing subscription that is not set
-- to end now stays Pro for three days past its stored period end. One set to end (cancelled at
-- the period's end, or at a date) ends when it said; past due is unchanged (its period already
-- moved on when the payment failed).

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
        (s.status in ('active', 'trialing') and (
          s.current_period_end is null
          or s.current_period_end > now()
          or (not s.cancel_at_period_end and s.cancel_at is null and s.current_period_end + interval '3 days' > now())
        ))
        or (s.status = 'past_due' and s.current_period_end > now())
      )
  ) then 'pro' else 'free' end;
end;
$$;
