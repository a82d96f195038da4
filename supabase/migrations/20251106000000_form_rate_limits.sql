-- Rate limits for the forms (issue 10, finding 2): sign-in, sign-up, password-reset email, new
-- password, newsletter, checkout and billing portal. Each attempt counts against several keys at
-- once (the client's address, and the email or account it is about); the numbers live in
-- app/lib/rate-limits.server.ts. Keys are hashes, never addresses or emails in clear.

-- Counts one hit against every key (each in its own fixed window, via hit_rate_limit) and says
-- whether all were within their limits, and if not, how long until the last refusing window ends.
-- Every key is counted even when an earlier one refuses, so probing one key cannot dodge another.
create function public.hit_rate_limits(p_keys text[], p_limits integer[], p_window_seconds integer[])
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_allowed boolean := true;
  v_retry integer := 0;
  v_row record;
begin
  if coalesce(array_length(p_keys, 1), 0) = 0
     or array_length(p_keys, 1) <> array_length(p_limits, 1)
     or array_length(p_keys, 1) <> array_length(p_window_seconds, 1) then
    raise exception 'hit_rate_limits: one limit and one window per key' using errcode = '22023';
  end if;
  for i in 1 .. array_length(p_keys, 1) loop
    select * into v_row from public.hit_rate_limit(p_keys[i], p_limits[i], p_window_seconds[i]);
    if not v_row.allowed then
      v_allowed := false;
      v_retry := greatest(v_retry, v_row.retry_after_seconds);
    end if;
  end loop;
  return query select v_allowed, v_retry;
end;
$$;

revoke execute on function public.hit_rate_limits(text[], integer[], integer[]) from public, anon, authenticated;
grant execute on function public.hit_rate_limits(text[], integer[], integer[]) to service_role;
