/**
 * Shared set-up for the backend integration tests: one in-memory local backend per test file,
 * mounted in-process with MSW, reset before each test, and helpers that create real accounts
 * through the real sign-up → email → verify flow with @supabase/supabase-js.
 */
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { setupServer, type SetupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_SERVICE_ROLE_KEY, LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { createLocalBackend, type LocalBackend } from "../../../emulators/index.ts";
import { localBackendHandlers } from "../../../emulators/msw.ts";

export interface BackendHarness {
  backend: LocalBackend;
  server: SetupServer;
}

/** Starts the backend once for the file and resets it before every test. */
export function localBackendForThisFile(): BackendHarness {
  const harness = {} as BackendHarness;
  beforeAll(async () => {
    harness.backend = await createLocalBackend({ logEmails: false });
    harness.server = setupServer(...localBackendHandlers(harness.backend));
    harness.server.listen({ onUnhandledFrame: "error" });
  });
  beforeEach(async () => {
    harness.server.resetHandlers();
    await harness.backend.reset();
  });
  afterAll(async () => {
    harness.server?.close();
    await harness.backend?.close();
  });
  return harness;
}

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function anonClient(): SupabaseClient {
  return createClient(LOCAL_SUPABASE_URL, LOCAL_SUPABASE_ANON_KEY, clientOptions);
}

export function serviceClient(): SupabaseClient {
  return createClient(LOCAL_SUPABASE_URL, LOCAL_SUPABASE_SERVICE_ROLE_KEY, clientOptions);
}

export const PASSWORD = "Correct-Horse-9";

/** The token_hash in the newest email sent to `email`. */
export function tokenHashFromMailbox(backend: LocalBackend, email: string): string {
  const [latest] = backend.mailbox.messages(email);
  const link = latest?.links.find((candidate) => candidate.includes("token_hash="));
  if (!link) throw new Error(`No email with a token link for ${email}`);
  return new URL(link).searchParams.get("token_hash")!;
}

export interface SignedInUser {
  client: SupabaseClient;
  id: string;
  email: string;
  accessToken: string;
}

/** Signs up, confirms through the emailed token hash, and signs in with a client of its own. */
export async function createConfirmedUser(backend: LocalBackend, email: string, fullName = "Test User"): Promise<SignedInUser> {
  const signUp = await anonClient().auth.signUp({ email, password: PASSWORD, options: { data: { full_name: fullName } } });
  if (signUp.error) throw signUp.error;
  const verify = await anonClient().auth.verifyOtp({ type: "email", token_hash: tokenHashFromMailbox(backend, email) });
  if (verify.error) throw verify.error;
  const client = anonClient();
  const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signIn.error) throw signIn.error;
  return { client, id: signIn.data.user.id, email, accessToken: signIn.data.session.access_token };
}
