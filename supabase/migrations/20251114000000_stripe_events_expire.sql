-- Tonewise: processed Stripe event ids no longer kept for ever (left open by a review, 2026-11-27).
--
-- stripe_events exists so that a redelivered event is answered "duplicate" without calling Stripe.
-- Stripe retries a failed delivery for up to three days, and an event can be resent by hand from
-- its Dashboard for a while after; past a month no delivery of an event is expected. Even one
-- that comes is harmless: the webhook never trusts an event's contents, it reads the subscription
-- from Stripe again (decision 013), so an event processed twice ends in the same state.
--
-- Every insert therefore also drops up to 100 ids recorded more than 30 days before, skipping
-- rows another delivery holds; the index makes finding them one probe, and nothing when there
-- are none.

create index stripe_events_created_at_idx on public.stripe_events (created_at);

create or replace function public.forget_old_stripe_events()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.stripe_events e
   where e.id in (
     select s.id from public.stripe_events s
      where s.created_at < now() - interval '30 days'
      order by s.created_at
      limit 100
        for update skip locked);
  return null;
end;
$$;

revoke execute on function public.forget_old_stripe_events() from public, anon, authenticated;

create trigger stripe_events_forget_old
  after insert on public.stripe_events
  for each statement execute function public.forget_old_stripe_events();
