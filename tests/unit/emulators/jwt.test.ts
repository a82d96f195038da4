/**
 * The local backend's JWT keys: an ES256 signing key (published, kept with the data directory),
 * the legacy HS256 secret that still verifies, and the HS256-only mode of an older project.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeProtectedHeader, generateKeyPair, SignJWT } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { LOCAL_JWT_SECRET } from "../../../emulators/config.ts";
import { createJwtKeys } from "../../../emulators/supabase/jwt.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const claims = () => ({ sub: "00000000-0000-4000-8000-000000000001", role: "authenticated", exp: Math.floor(Date.now() / 1000) + 60 });

describe("local JWT keys", () => {
  it("sign ES256 with the published key's kid and verify what they signed", async () => {
    const keys = await createJwtKeys();
    const token = await keys.sign(claims());
    const [published] = keys.jwks().keys;
    expect(decodeProtectedHeader(token)).toEqual({ alg: "ES256", typ: "JWT", kid: published!.kid });
    expect(published).not.toHaveProperty("d");
    expect(await keys.verify(token, Date.now())).toMatchObject({ ok: true, claims: { role: "authenticated" } });
    expect(await keys.verify(token, Date.now() + 120_000)).toMatchObject({ ok: false, reason: "expired" });
  });

  it("check a token's times again on every use, after its signature is remembered", async () => {
    const keys = await createJwtKeys();
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = await keys.sign({ ...claims(), exp, nbf: exp - 120 });
    expect(await keys.verify(token, Date.now())).toMatchObject({ ok: true });
    // 10 s past exp: within a 30 s leeway, not without one.
    expect(await keys.verify(token, (exp + 10) * 1000, 30)).toMatchObject({ ok: true });
    expect(await keys.verify(token, (exp + 10) * 1000)).toMatchObject({ ok: false, reason: "expired" });
    expect(await keys.verify(token, (exp - 130) * 1000)).toMatchObject({ ok: false, reason: "claims" });
    expect(await keys.verify(token, Date.now())).toMatchObject({ ok: true });
  });

  it("refuse another key's signature, even under their kid, and an unknown kid", async () => {
    const keys = await createJwtKeys();
    const kid = keys.jwks().keys[0]!.kid!;
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT(claims()).setProtectedHeader({ alg: "ES256", kid }).sign(privateKey);
    expect(await keys.verify(forged, Date.now())).toMatchObject({ ok: false, reason: "signature" });
    const unknown = await new SignJWT(claims()).setProtectedHeader({ alg: "ES256", kid: "other" }).sign(privateKey);
    expect(await keys.verify(unknown, Date.now())).toMatchObject({ ok: false, reason: "signature" });
  });

  it("still verify the legacy secret's HS256 tokens (the anon and service-role keys)", async () => {
    const keys = await createJwtKeys();
    const legacy = await new SignJWT({ role: "anon" }).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
    expect(await keys.verify(legacy, Date.now())).toMatchObject({ ok: true, claims: { role: "anon" } });
  });

  it("keep the signing key with the data directory, so a restart keeps sessions valid", async () => {
    const dir = mkdtempSync(join(tmpdir(), "jwt-keys-"));
    dirs.push(dir);
    const first = await createJwtKeys({ dataDir: dir });
    const token = await first.sign(claims());
    const second = await createJwtKeys({ dataDir: dir });
    expect(second.jwks()).toEqual(first.jwks());
    expect(await second.verify(token, Date.now())).toMatchObject({ ok: true });
    expect((await createJwtKeys()).jwks()).not.toEqual(first.jwks());
  });

  it("in HS256 mode (a project on the legacy secret) sign with the secret and publish no key", async () => {
    const keys = await createJwtKeys({ algorithm: "HS256" });
    const token = await keys.sign(claims());
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT" });
    expect(keys.jwks()).toEqual({ keys: [] });
    expect(await keys.verify(token, Date.now())).toMatchObject({ ok: true });
  });
});
