/**
 * For the dashboard benchmark: signed-in sessions, as the app's cookies. Each account is signed up
 * at the bench's local Auth, confirmed through its superuser SQL control, and signed in as the app
 * would sign them in (emulators/session-cookies.ts), so the load loop sends exactly the cookies a
 * browser would hold after signing in. Several accounts, so no row is hotter than real. Each
 * starts with a time zone, as the sign-up form gives it with JavaScript on (decision 059): the
 * pages measured are a signed-in user's, not the one first visit that stores a missing zone.
 */
import { createClient } from "@supabase/supabase-js";
import { LOCAL_SUPABASE_ANON_KEY } from "../emulators/config.ts";
import { signInForCookies } from "../emulators/session-cookies.ts";

const PASSWORD = "Bench-Password-9";

/** One Cookie header per signed-in account. */
export async function createDashboardSessions(supabaseUrl: string, count: number, label = "dashboard"): Promise<string[]> {
  const anon = createClient(supabaseUrl, LOCAL_SUPABASE_ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
  const emails = Array.from({ length: count }, (_, index) => `${label}-${index}@example.com`);
  for (const email of emails) {
    const { error } = await anon.auth.signUp({ email, password: PASSWORD, options: { data: { full_name: "Bench User", time_zone: "UTC" } } });
    if (error) throw new Error(`bench sign-up failed: ${error.message}`);
  }
  const confirmed = await fetch(`${supabaseUrl}/__emulator/sql`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ query: "update auth.users set email_confirmed_at = now() where email like $1", params: [`${label}-%@example.com`] }),
  });
  if (!confirmed.ok) throw new Error(`bench set-up failed: ${await confirmed.text()}`);

  const headers: string[] = [];
  for (const email of emails) {
    const cookies = await signInForCookies(supabaseUrl, email, PASSWORD);
    headers.push(cookies.map(({ name, value }) => `${name}=${value}`).join("; "));
  }
  return headers;
}
