/**
 * The session cookies the app sets when someone signs in at this backend's Auth: made by
 * @supabase/ssr, the library the app reads them with, signing in with the app's options, so their
 * names, chunking and encoding are exactly the app's. For clients that need a signed-in session
 * without the sign-in form: the browser tests' `signedInUser` fixture and the bench.
 */
import { createServerClient } from "@supabase/ssr";
import { LOCAL_SUPABASE_ANON_KEY } from "./config.ts";

export type SessionCookie = { name: string; value: string };

export async function signInForCookies(supabaseUrl: string, email: string, password: string): Promise<SessionCookie[]> {
  const jar = new Map<string, string>();
  const client = createServerClient(supabaseUrl, LOCAL_SUPABASE_ANON_KEY, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => {
        for (const { name, value } of cookies) {
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
      },
    },
    auth: { flowType: "pkce", autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`);
  return [...jar].map(([name, value]) => ({ name, value }));
}
