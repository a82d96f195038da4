-- Newsletter sign-ups from the blog. Only the server (service role) reads or writes them.
create table public.newsletter_subscribers (
  email text primary key check (char_length(email) <= 254 and email = lower(email)),
  created_at timestamptz not null default now()
);

comment on table public.newsletter_subscribers is 'Blog newsletter sign-ups. Written only by the service role.';

alter table public.newsletter_subscribers enable row level security;
revoke all on table public.newsletter_subscribers from anon, authenticated;
grant all on table public.newsletter_subscribers to service_role;
