/**
 * The local GoTrue through the real supabase-js client: sign-up with email confirmation, token
 * hash verification, password and refresh grants with rotation and reuse detection, logout,
 * password recovery, and what a client sees for expired tokens.
 */
import { createClient } from "@supabase/supabase-js";
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet } from "jose";
import { describe, expect, it } from "vitest";
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import {
  anonClient,
  createConfirmedUser,
  PASSWORD,
  tokenHashFromMailbox,
  localBackendForThisFile,
} from "./local-backend-fixture.ts";

const harness = localBackendForThisFile();
const REDIRECT = "http://localhost:5173/dashboard";

async function refreshWith(refreshToken: string) {
  return anonClient().auth.refreshSession({ refresh_token: refreshToken });
}

describe("sign-up and email confirmation", () => {
  it("sends a confirmation email whose token hash starts a session", async () => {
    const { data, error } = await anonClient().auth.signUp({
      email: "New.Person@Example.com",
      password: PASSWORD,
      options: { emailRedirectTo: REDIRECT, data: { full_name: "New Person" } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email: "new.person@example.com", user_metadata: { full_name: "New Person" } });
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const [email] = harness.backend.mailbox.messages("new.person@example.com");
    expect(email?.subject).toBe("Confirm your Tonewise account");
    const link = new URL(email!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:5173/auth/confirm");
    expect(link.searchParams.get("type")).toBe("email");
    expect(link.searchParams.get("next")).toBe(REDIRECT);
    expect(email!.html).toContain(`token_hash=${link.searchParams.get("token_hash")}`);

    const verified = await anonClient().auth.verifyOtp({ type: "email", token_hash: link.searchParams.get("token_hash")! });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    const claims = decodeJwt(verified.data.session!.access_token);
    expect(claims).toMatchObject({
      iss: `${LOCAL_SUPABASE_URL}/auth/v1`,
      aud: "authenticated",
      role: "authenticated",
      sub: verified.data.user!.id,
      email: "new.person@example.com",
      aal: "aal1",
      is_anonymous: false,
      user_metadata: { full_name: "New Person" },
    });
    expect(claims.exp! - claims.iat!).toBe(900); // jwt_expiry in supabase/config.toml
    expect(typeof claims.session_id).toBe("string");

    // The link works once.
    const again = await anonClient().auth.verifyOtp({ type: "email", token_hash: link.searchParams.get("token_hash")! });
    expect(again.error).toMatchObject({ status: 403, code: "otp_expired", message: "Email link is invalid or has expired" });
  });

  it("starts the account's settings in the time zone of its sign-up metadata, when the database knows the zone", async () => {
    // The app's server sends only zones it knows; anyone can call Auth's sign-up with any metadata,
    // and a zone this database cannot use is dropped rather than refusing the account.
    const cases = [
      ["zone-tokyo@example.com", "Asia/Tokyo", "Asia/Tokyo"],
      ["zone-mars@example.com", "Mars/Olympus_Mons", null],
      ["zone-odd@example.com", "Asia/Tokyo'; drop table x; --", null],
      ["zone-number@example.com", 5, null],
      ["zone-blank@example.com", "  ", null],
    ] as const;
    for (const [email, timeZone, stored] of cases) {
      const { data, error } = await anonClient().auth.signUp({ email, password: PASSWORD, options: { data: { full_name: "Zone Person", time_zone: timeZone } } });
      expect(error, String(timeZone)).toBeNull();
      const [row] = await harness.backend.sql("select time_zone from public.user_settings where user_id = $1", [data.user!.id]);
      expect(row, String(timeZone)).toEqual({ time_zone: stored });
    }
  });

  it("expires confirmation links after an hour (otp_expiry)", async () => {
    await anonClient().auth.signUp({ email: "slow@example.com", password: PASSWORD });
    await harness.backend.advanceClock({ advanceMs: 3600_000 + 1000 });
    const { error } = await anonClient().auth.verifyOtp({ type: "email", token_hash: tokenHashFromMailbox(harness.backend, "slow@example.com") });
    expect(error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("refuses to sign in before the email is confirmed", async () => {
    await anonClient().auth.signUp({ email: "early@example.com", password: PASSWORD });
    const { data, error } = await anonClient().auth.signInWithPassword({ email: "early@example.com", password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 400, code: "email_not_confirmed", message: "Email not confirmed" });
  });

  it("reveals nothing and sends nothing when the email already has an account", async () => {
    const existing = await createConfirmedUser(harness.backend, "taken@example.com");
    const emailsBefore = harness.backend.mailbox.messages("taken@example.com").length;
    const { data, error } = await anonClient().auth.signUp({ email: "taken@example.com", password: "Another-Pass-1" });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe(existing.id);
    expect(harness.backend.mailbox.messages("taken@example.com")).toHaveLength(emailsBefore);
    // The original password still works; the new one does not.
    expect((await anonClient().auth.signInWithPassword({ email: "taken@example.com", password: "Another-Pass-1" })).error?.code).toBe(
      "invalid_credentials",
    );
  });

  it("applies the password rules", async () => {
    const { error } = await anonClient().auth.signUp({ email: "weak@example.com", password: "short" });
    expect(error).toMatchObject({ status: 422, code: "weak_password" });
    expect(error?.message).toContain("Password should be at least 8 characters.");
  });

  it("confirms through the classic link with a redirect, and through PKCE", async () => {
    await anonClient().auth.signUp({ email: "classic@example.com", password: PASSWORD, options: { emailRedirectTo: REDIRECT } });
    const token = tokenHashFromMailbox(harness.backend, "classic@example.com");
    const implicit = await fetch(`${LOCAL_SUPABASE_URL}/auth/v1/verify?token=${token}&type=signup&redirect_to=${encodeURIComponent(REDIRECT)}`, {
      redirect: "manual",
    });
    expect(implicit.status).toBe(303);
    const location = new URL(implicit.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(new URLSearchParams(location.hash.slice(1)).get("access_token")).toBeTruthy();

    const pkce = createClient(LOCAL_SUPABASE_URL, LOCAL_SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: "pkce" },
    });
    await pkce.auth.signUp({ email: "pkce@example.com", password: PASSWORD, options: { emailRedirectTo: REDIRECT } });
    const pkceToken = tokenHashFromMailbox(harness.backend, "pkce@example.com");
    expect(pkceToken.startsWith("pkce_")).toBe(true);
    const redirect = await fetch(`${LOCAL_SUPABASE_URL}/auth/v1/verify?token=${pkceToken}&type=signup&redirect_to=${encodeURIComponent(REDIRECT)}`, {
      redirect: "manual",
    });
    const code = new URL(redirect.headers.get("location")!).searchParams.get("code");
    expect(code).toBeTruthy();
    const exchanged = await pkce.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe("pkce@example.com");

    const bad = await fetch(`${LOCAL_SUPABASE_URL}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent(REDIRECT)}`, { redirect: "manual" });
    expect(new URLSearchParams(new URL(bad.headers.get("location")!).hash.slice(1)).get("error_code")).toBe("otp_expired");
  });
});

describe("password sign-in", () => {
  it("answers a wrong password and an unknown email the same way", async () => {
    await createConfirmedUser(harness.backend, "someone@example.com");
    for (const email of ["someone@example.com", "nobody@example.com"]) {
      const { error } = await anonClient().auth.signInWithPassword({ email, password: "Wrong-Pass-1" });
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
    }
  });
});

describe("refresh tokens", () => {
  it("rotates, tolerates a lost answer, and revokes the session when an old token is reused later", async () => {
    const user = await createConfirmedUser(harness.backend, "rotate@example.com");
    const { data: session } = await user.client.auth.getSession();
    const first = session.session!.refresh_token;

    const rotated = await refreshWith(first);
    expect(rotated.error).toBeNull();
    const second = rotated.data.session!.refresh_token;
    expect(second).not.toBe(first);

    // Using the parent of the active token again (a client that lost the answer) gets the same child.
    const retried = await refreshWith(first);
    expect(retried.error).toBeNull();
    expect(retried.data.session!.refresh_token).toBe(second);

    const third = (await refreshWith(second)).data.session!.refresh_token;
    await harness.backend.advanceClock({ advanceMs: 11_000 });
    const reused = await refreshWith(first);
    expect(reused.error).toMatchObject({ status: 400, code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used" });
    expect((await refreshWith(third)).error).toMatchObject({ status: 400, code: "refresh_token_already_used" });

    const unknown = await refreshWith("not-a-token");
    expect(unknown.error).toMatchObject({ status: 400, code: "refresh_token_not_found", message: "Invalid Refresh Token: Refresh Token Not Found" });
  });

  it("end the session after an hour without a refresh (inactivity_timeout)", async () => {
    const user = await createConfirmedUser(harness.backend, "idle@example.com");
    const { data } = await user.client.auth.getSession();
    await harness.backend.advanceClock({ advanceMs: 61 * 60_000 });
    const late = await refreshWith(data.session!.refresh_token);
    expect(late.error).toMatchObject({ status: 400, code: "session_expired", message: "Invalid Refresh Token: Session Expired (Inactivity)" });
  });

  it("end the session 12 hours after sign-in, however often it was refreshed (timebox)", async () => {
    const user = await createConfirmedUser(harness.backend, "busy@example.com");
    let token = (await user.client.auth.getSession()).data.session!.refresh_token;
    for (let elapsed = 0; elapsed + 50 < 12 * 60; elapsed += 50) {
      await harness.backend.advanceClock({ advanceMs: 50 * 60_000 });
      const refreshed = await refreshWith(token);
      expect(refreshed.error).toBeNull();
      token = refreshed.data.session!.refresh_token;
    }
    await harness.backend.advanceClock({ advanceMs: 50 * 60_000 });
    const over = await refreshWith(token);
    expect(over.error).toMatchObject({ status: 400, code: "session_expired", message: "Invalid Refresh Token: Session Expired" });
  });
});

describe("sign-out", () => {
  it("revokes the session: the old access token and refresh token stop working", async () => {
    const user = await createConfirmedUser(harness.backend, "leaving@example.com");
    const { session } = (await user.client.auth.getSession()).data;
    expect((await user.client.auth.signOut()).error).toBeNull();

    const { data, error } = await anonClient().auth.getUser(session!.access_token);
    expect(data.user).toBeNull();
    expect(error?.name).toBe("AuthSessionMissingError");
    const raw = await fetch(`${LOCAL_SUPABASE_URL}/auth/v1/user`, {
      headers: { apikey: LOCAL_SUPABASE_ANON_KEY, Authorization: `Bearer ${session!.access_token}`, "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({ code: "session_not_found", message: "Session from session_id claim in JWT does not exist" });
    expect((await refreshWith(session!.refresh_token)).error?.code).toBe("refresh_token_not_found");
  });

  it("ends only the current session with scope local, and the others with scope others", async () => {
    const user = await createConfirmedUser(harness.backend, "devices@example.com");
    const laptop = anonClient();
    await laptop.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    const phone = anonClient();
    await phone.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    const phoneToken = (await phone.auth.getSession()).data.session!.access_token;
    const laptopToken = (await laptop.auth.getSession()).data.session!.access_token;

    await phone.auth.signOut({ scope: "local" });
    expect((await anonClient().auth.getUser(phoneToken)).error?.name).toBe("AuthSessionMissingError");
    expect((await anonClient().auth.getUser(laptopToken)).error).toBeNull();

    await user.client.auth.signOut({ scope: "others" });
    expect((await anonClient().auth.getUser(laptopToken)).error?.name).toBe("AuthSessionMissingError");
    expect((await user.client.auth.getUser()).error).toBeNull();
  });
});

describe("password recovery", () => {
  it("emails a recovery link for a known address and answers the same for an unknown one", async () => {
    await createConfirmedUser(harness.backend, "forgetful@example.com");
    const known = await anonClient().auth.resetPasswordForEmail("forgetful@example.com", { redirectTo: "http://localhost:3000/dashboard/account" });
    const unknown = await anonClient().auth.resetPasswordForEmail("ghost@example.com", { redirectTo: "http://localhost:3000/dashboard/account" });
    expect(known).toEqual(unknown);
    expect(known.error).toBeNull();
    expect(harness.backend.mailbox.messages("ghost@example.com")).toEqual([]);

    const [email] = harness.backend.mailbox.messages("forgetful@example.com");
    expect(email?.subject).toBe("Reset your Tonewise password");
    const link = new URL(email!.links[0]!);
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.searchParams.get("type")).toBe("recovery");
    expect(link.searchParams.get("next")).toBe("http://localhost:3000/dashboard/account");

    const client = anonClient();
    const verified = await client.auth.verifyOtp({ type: "recovery", token_hash: link.searchParams.get("token_hash")! });
    expect(verified.error).toBeNull();
    expect((await client.auth.updateUser({ password: "Brand-New-Pass-2" })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: "forgetful@example.com", password: "Brand-New-Pass-2" })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: "forgetful@example.com", password: PASSWORD })).error?.code).toBe("invalid_credentials");
  });

  it("expires recovery links after an hour", async () => {
    await createConfirmedUser(harness.backend, "late-reset@example.com");
    await anonClient().auth.resetPasswordForEmail("late-reset@example.com");
    await harness.backend.advanceClock({ advanceMs: 3600_000 + 1000 });
    const { error } = await anonClient().auth.verifyOtp({ type: "recovery", token_hash: tokenHashFromMailbox(harness.backend, "late-reset@example.com") });
    expect(error).toMatchObject({ status: 403, code: "otp_expired" });
  });
});

describe("access tokens", () => {
  it("are rejected by /user and by REST once expired", async () => {
    harness.backend.configure({ accessTokenLifetimeSeconds: 60 });
    const user = await createConfirmedUser(harness.backend, "expiring@example.com");
    expect(decodeJwt(user.accessToken).exp! - decodeJwt(user.accessToken).iat!).toBe(60);
    expect((await user.client.from("profiles").select("id")).error).toBeNull();

    await harness.backend.advanceClock({ advanceMs: 120_000 });
    const { error } = await anonClient().auth.getUser(user.accessToken);
    expect(error).toMatchObject({ status: 403, code: "bad_jwt" });
    expect(error?.message).toContain("token is expired");

    // (supabase-js itself would refresh the expired session first; ask with the old token directly.)
    const rest = await fetch(`${LOCAL_SUPABASE_URL}/rest/v1/profiles?select=id`, {
      headers: { apikey: LOCAL_SUPABASE_ANON_KEY, Authorization: `Bearer ${user.accessToken}` },
    });
    expect(rest.status).toBe(401);
    expect(await rest.json()).toEqual({ code: "PGRST303", details: null, hint: null, message: "JWT expired" });
    expect((await user.client.from("profiles").select("id")).error).toBeNull();

    const tampered = `${user.accessToken.slice(0, -4)}AAAA`;
    const forged = await fetch(`${LOCAL_SUPABASE_URL}/rest/v1/profiles`, {
      headers: { apikey: LOCAL_SUPABASE_ANON_KEY, Authorization: `Bearer ${tampered}` },
    });
    expect(forged.status).toBe(401);
    expect((await forged.json()).code).toBe("PGRST301");
  });

  it("update the user's metadata through PUT /user", async () => {
    const user = await createConfirmedUser(harness.backend, "meta@example.com", "Meta");
    const { data, error } = await user.client.auth.updateUser({ data: { full_name: "Meta Data", theme: "dark" } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: "Meta Data", theme: "dark" });
    const same = await user.client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: "same_password" });
  });
});

describe("the gateway", () => {
  it("asks for a project API key, except on the email link", async () => {
    const missing = await fetch(`${LOCAL_SUPABASE_URL}/rest/v1/profiles`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: "No API key found in request" });
    const wrong = await fetch(`${LOCAL_SUPABASE_URL}/auth/v1/settings`, { headers: { apikey: "nope" } });
    expect(wrong.status).toBe(401);
    const health = await fetch(`${LOCAL_SUPABASE_URL}/auth/v1/health`, { headers: { apikey: LOCAL_SUPABASE_ANON_KEY } });
    expect(await health.json()).toMatchObject({ name: "GoTrue" });
    const jwks = await fetch(`${LOCAL_SUPABASE_URL}/auth/v1/.well-known/jwks.json`);
    expect(jwks.status).toBe(200);
    const settings = await fetch(`${LOCAL_SUPABASE_URL}/auth/v1/settings`, { headers: { apikey: LOCAL_SUPABASE_ANON_KEY } });
    expect(await settings.json()).toMatchObject({ mailer_autoconfirm: false, disable_signup: false, external: { email: true } });
  });
});

describe("signing keys (asymmetric, like a new Supabase project)", () => {
  async function publishedKeys(): Promise<JSONWebKeySet> {
    const response = await fetch(`${LOCAL_SUPABASE_URL}/auth/v1/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    return (await response.json()) as JSONWebKeySet;
  }

  it("publishes one ES256 public key with its kid, and signs access tokens with it", async () => {
    const jwks = await publishedKeys();
    expect(jwks.keys).toHaveLength(1);
    const [key] = jwks.keys;
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(key!.kid).toMatch(/^[0-9a-f-]{36}$/);
    expect(key).not.toHaveProperty("d");

    const user = await createConfirmedUser(harness.backend, "signed@example.com");
    expect(decodeProtectedHeader(user.accessToken)).toEqual({ alg: "ES256", typ: "JWT", kid: key!.kid });
    const { payload } = await jwtVerify(user.accessToken, createLocalJWKSet(jwks));
    expect(payload).toMatchObject({ sub: user.id, role: "authenticated", email: "signed@example.com" });
    // supabase-js verifies it against the published key.
    const { data, error } = await user.client.auth.getClaims(user.accessToken);
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(user.id);
  });

  it("keeps the key across resets, so sessions and cached key sets stay valid", async () => {
    const before = await publishedKeys();
    await harness.backend.reset();
    expect(await publishedKeys()).toEqual(before);
  });

  it("refuses a token signed by another key under the published kid, at /user and at REST", async () => {
    const user = await createConfirmedUser(harness.backend, "forged@example.com");
    const { kid } = decodeProtectedHeader(user.accessToken);
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT(decodeJwt(user.accessToken)).setProtectedHeader({ alg: "ES256", typ: "JWT", kid: kid! }).sign(privateKey);
    expect((await anonClient().auth.getUser(forged)).error).toMatchObject({ status: 403, code: "bad_jwt" });
    expect((await anonClient().auth.getClaims(forged)).error?.message).toBe("Invalid JWT signature");
    const rest = await fetch(`${LOCAL_SUPABASE_URL}/rest/v1/profiles`, {
      headers: { apikey: LOCAL_SUPABASE_ANON_KEY, Authorization: `Bearer ${forged}` },
    });
    expect(rest.status).toBe(401);
  });

  it("still accepts the legacy HS256 API keys at REST", async () => {
    const rest = await fetch(`${LOCAL_SUPABASE_URL}/rest/v1/rpc/get_platform_stats`, {
      method: "POST",
      headers: { apikey: LOCAL_SUPABASE_ANON_KEY, Authorization: `Bearer ${LOCAL_SUPABASE_ANON_KEY}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(rest.status).toBe(200);
  });
});
