/**
 * For the API benchmark: Pro accounts with access tokens, written straight into the bench's
 * local backend (its superuser SQL control), so the load loop can call POST /api/v1/optimize as
 * the extension does. Enough accounts that the per-minute limit (60 a user) never answers first.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";

export async function createApiUsers(supabaseUrl: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  const rows: unknown[][] = [];
  for (let index = 0; index < count; index++) {
    const token = `tw_${randomBytes(32).toString("base64url")}`;
    tokens.push(token);
    rows.push([randomUUID(), `bench-${index}@example.com`, createHash("sha256").update(token).digest("hex"), token.slice(-4)]);
  }
  const sql = async (query: string, params: unknown[]) => {
    const response = await fetch(`${supabaseUrl}/__emulator/sql`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query, params }),
    });
    if (!response.ok) throw new Error(`bench set-up failed: ${await response.text()}`);
  };
  await sql(
    `with input as (select * from json_to_recordset($1::json) as r(id uuid, email text, hash text, hint text)),
     users as (
       insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
       select id, 'authenticated', 'authenticated', email, now(), '{"full_name":"Bench User"}'::jsonb, now(), now() from input
       returning id
     ),
     subs as (
       insert into public.subscriptions (id, user_id, customer_id, status, price_id, current_period_start, current_period_end)
       select 'sub_bench_' || substr(md5(i.id::text), 1, 12), i.id, 'cus_bench_' || substr(md5(i.id::text), 1, 12), 'active',
              'price_tonewise_pro_monthly', now(), now() + interval '30 days'
         from input i join users u on u.id = i.id
       returning user_id
     )
     insert into public.access_tokens (user_id, name, token_hash, hint)
     select i.id, 'bench', i.hash, i.hint from input i join subs s on s.user_id = i.id`,
    [JSON.stringify(rows.map(([id, email, hash, hint]) => ({ id, email, hash, hint })))],
  );
  return tokens;
}
