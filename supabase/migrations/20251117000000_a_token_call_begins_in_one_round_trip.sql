-- Tonewise: a suggestion asked for with an access token checks the token in the same call that
-- begins it (issue 13, docs/decisions/055).
--
-- POST /api/v1/optimize with a Bearer token made three database calls before it answered:
-- authenticate_access_token, begin_optimization (the per-minute limit, the quota, the draft) and
-- record_optimization (the count). The first two always follow one another, so they become one:
-- begin_optimization_with_token answers begin_optimization's row for the token's owner, with the
-- owner's id and the token's, or no row at all for a token that is unknown, revoked or expired
-- (nothing is then begun: no request is held against anyone's per-minute limit).
--
-- Both functions keep their own rules; this one only calls them, in one transaction. For the
-- service role only, as they are.

create function public.begin_optimization_with_token(p_token_hash text, p_draft_id text default null)
returns table (
  user_id uuid,
  token_id uuid,
  rate_allowed boolean,
  retry_after_seconds integer,
  tier text,
  used integer,
  message_limit integer,
  would_count boolean,
  default_tone text,
  default_message_type text,
  usage_analytics boolean,
  draft_input_sketch integer[],
  draft_output_sketch integer[],
  draft_changed_share double precision
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_user_id uuid;
  v_token_id uuid;
begin
  select a.user_id, a.token_id into v_user_id, v_token_id
    from public.authenticate_access_token(p_token_hash) a;
  if v_user_id is null then
    return;
  end if;

  return query
  select v_user_id, v_token_id, b.*
    from public.begin_optimization(v_user_id, p_draft_id) b;
end;
$$;

revoke execute on function public.begin_optimization_with_token(text, text) from public, anon, authenticated;
grant execute on function public.begin_optimization_with_token(text, text) to service_role;
