/**
 * Confirmed, signed-in accounts for tests that need one but are not about signing up: made through
 * the local backend in a few requests, with no sign-up form and no trip through the mailbox. The
 * sign-up flow itself (form, confirmation email, link) stays covered by accounts.spec.ts.
 */
import { expect, type Page, type Response } from "@playwright/test";
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { signInForCookies, type SessionCookie } from "../../../emulators/session-cookies.ts";
import { PASSWORD, sql, uniqueEmail } from "./accounts";

export interface TestUser {
  id: string;
  email: string;
  fullName: string;
  password: string;
}

/** The name a sign-up through the form gives by default (`signUp` in accounts.ts). */
export const DEFAULT_FULL_NAME = "Test User";

/**
 * A confirmed account, as the sign-up form and the emailed link leave it: signed up at Auth's own
 * `/signup` (so the database's trigger makes the same profile and default settings, Free plan, no
 * usage), then confirmed in SQL as Auth's `/verify` does, instead of by following the link.
 */
export async function createConfirmedUser({
  email = uniqueEmail("user"),
  fullName = DEFAULT_FULL_NAME,
  password = PASSWORD,
}: Partial<Omit<TestUser, "id">> = {}): Promise<TestUser> {
  const response = await fetch(`${LOCAL_SUPABASE_URL}/auth/v1/signup`, {
    method: "POST",
    headers: { apikey: LOCAL_SUPABASE_ANON_KEY, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password, data: { full_name: fullName } }),
  });
  if (!response.ok) throw new Error(`sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  const confirmed = await sql(
    `with confirmed as (
       update auth.users
          set confirmation_token = '',
              email_confirmed_at = now(),
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
              updated_at = now()
        where id = $1 and email_confirmed_at is null
       returning id)
     update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id in (select id from confirmed) and provider = 'email'
     returning user_id`,
    [id],
  );
  if (confirmed.length !== 1) throw new Error(`confirming ${email} failed: ${JSON.stringify(confirmed)}`);
  return { id, email, fullName, password };
}

/** The session cookies the app sets when `user` signs in (see emulators/session-cookies.ts). */
export function sessionCookies(user: Pick<TestUser, "email" | "password">): Promise<SessionCookie[]> {
  return signInForCookies(LOCAL_SUPABASE_URL, user.email, user.password);
}

/**
 * Signs `page` in as `user` and opens the dashboard, where signing up and following the email
 * link used to leave it.
 *
 * The session cookies go straight onto the browser context rather than through the /auth form:
 * the form's sign-in is one `signInWithPassword` call whose cookies are these, so nothing the app
 * does is skipped, and it saves every such test a page load, a form post and a redirect (with
 * JavaScript on, the sign-in page's scripts too), does not depend on that form's markup, and
 * never counts against the sign-in rate limits. The form itself is tested in accounts.spec.ts.
 *
 * With JavaScript on, the first dashboard view stores the browser's time zone for an account
 * without one (a fetcher post to /dashboard/settings, then the page's data reloads): this waits
 * for both, so the test starts on a settled page and its first click or navigation never races
 * them (the race itself is covered by time-zone.js.spec.ts).
 */
export async function signInAs(
  page: Page,
  user: Pick<TestUser, "email" | "password">,
  { baseURL, javaScriptEnabled }: { baseURL: string; javaScriptEnabled: boolean },
): Promise<void> {
  const cookies = await sessionCookies(user);
  // Like the app's own (app/lib/supabase.server.ts): httpOnly, SameSite=Lax, path /, not Secure on http.
  await page.context().addCookies(cookies.map(({ name, value }) => ({ name, value, url: baseURL, httpOnly: true, sameSite: "Lax" as const })));
  const settled = javaScriptEnabled ? timeZoneStored(page) : Promise.resolve();
  settled.catch(() => undefined); // Awaited below; this only keeps an earlier failure from leaving it unhandled.
  await page.goto("/dashboard");
  await expect(page, `${user.email} should be signed in`).toHaveURL(/\/dashboard$/);
  await settled;
}

/** The dashboard's first-visit time-zone post answered, and the page's data reloaded after it. */
export async function timeZoneStored(page: Page): Promise<void> {
  const isData = (method: string) => (response: Response) =>
    response.request().method() === method && new URL(response.url()).pathname.startsWith("/dashboard") && new URL(response.url()).pathname.endsWith(".data");
  await page.waitForResponse(isData("POST"));
  await page.waitForResponse(isData("GET"));
}
