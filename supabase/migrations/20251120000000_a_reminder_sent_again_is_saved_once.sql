-- Decision 063: a reminder whose answer was lost (the deadline passed after the
-- insert) used to be stored twice when its user sent it again. A create now carries a request
-- key: a SHA-256 (hex) the app makes from the client's one-time id for that form or request and
-- the reminder's own values, so the same reminder sent again meets the first one here, and a
-- changed one (another label, another time) is a new reminder. Older rows have none (null keys
-- never collide).

alter table public.follow_ups
  add column request_key text check (request_key is null or request_key ~ '^[0-9a-f]{64}$');

create unique index follow_ups_request_key_idx on public.follow_ups (user_id, request_key);

comment on column public.follow_ups.request_key is
  'SHA-256 (hex) of the one-time id a create was sent with and the reminder''s values: a create sent again finds the first. Never message text.';

grant insert (request_key) on table public.follow_ups to authenticated;
