/**
 * The local Supabase's JWTs, signed like a new Supabase project's: ES256 with an asymmetric
 * signing key whose public half is published at /auth/v1/.well-known/jwks.json (with its `kid`),
 * so supabase-js's getClaims() verifies access tokens locally. The legacy HS256 secret
 * (LOCAL_JWT_SECRET) still verifies, as on a project that moved to signing keys: the anon and
 * service-role keys are HS256 JWTs. With `algorithm: "HS256"` the backend signs access tokens
 * with that secret instead and publishes no keys (a project on the legacy secret).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { decodeProtectedHeader, errors, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from "jose";
import { LOCAL_JWT_SECRET } from "../config.ts";

const secret = new TextEncoder().encode(LOCAL_JWT_SECRET);

export type JwtClaims = JWTPayload & Record<string, unknown>;

/** How many verified tokens a backend remembers (a few per signed-in client at a time). */
const VERIFIED_TOKENS_KEPT = 1024;

export type JwtCheck =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: "malformed" | "signature" | "expired" | "claims"; parts: number };

export type SigningAlgorithm = "ES256" | "HS256";

export interface JwtKeys {
  /** How access tokens are signed. */
  readonly algorithm: SigningAlgorithm;
  sign(claims: JwtClaims): Promise<string>;
  /** Verifies signature and `exp` at the given time, allowing `leewaySeconds` of clock skew. */
  verify(token: string, nowMs: number, leewaySeconds?: number): Promise<JwtCheck>;
  /** The public JSON Web Key Set (empty for HS256: its key is secret). */
  jwks(): { keys: JWK[] };
}

type StoredKey = { privateJwk: JWK; publicJwk: JWK };

async function newSigningKey(): Promise<StoredKey> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const kid = crypto.randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig", key_ops: ["verify"] };
  return { privateJwk: { ...(await exportJWK(privateKey)), kid, alg: "ES256" }, publicJwk };
}

/** The signing key: generated at start, or kept with the data directory so sessions survive a restart. */
async function loadSigningKey(dataDir: string | undefined): Promise<StoredKey> {
  if (dataDir === undefined) return newSigningKey();
  const file = join(resolve(dataDir), "auth-signing-key.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as StoredKey;
  const key = await newSigningKey();
  mkdirSync(resolve(dataDir), { recursive: true });
  writeFileSync(file, JSON.stringify(key), { mode: 0o600 });
  return key;
}

export async function createJwtKeys(options: { algorithm?: SigningAlgorithm; dataDir?: string } = {}): Promise<JwtKeys> {
  const algorithm = options.algorithm ?? "ES256";
  const stored = await loadSigningKey(options.dataDir);
  const kid = stored.publicJwk.kid!;
  const privateKey = await importJWK(stored.privateJwk, "ES256");
  const publicKey = await importJWK(stored.publicJwk, "ES256");
  // Tokens whose signature checked out, as PostgREST's JWT cache keeps them: checking an ES256
  // signature is most of the cost of a request's identity, and a client sends the same token for
  // its whole lifetime. Bounded; the oldest goes first.
  const verified = new Map<string, JwtClaims>();

  return {
    algorithm,
    async sign(claims) {
      if (algorithm === "HS256") return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret);
      return new SignJWT(claims).setProtectedHeader({ alg: "ES256", typ: "JWT", kid }).sign(privateKey);
    },
    async verify(token, nowMs, leewaySeconds = 0) {
      const parts = token.split(".").length;
      if (parts !== 3) return { ok: false, reason: "malformed", parts };
      const known = verified.get(token);
      if (known) {
        // The signature held before; the times are checked again at this moment.
        const now = nowMs / 1000;
        if (typeof known.exp === "number" && known.exp + leewaySeconds <= now) return { ok: false, reason: "expired", parts };
        if (typeof known.nbf === "number" && known.nbf - leewaySeconds > now) return { ok: false, reason: "claims", parts };
        return { ok: true, claims: known };
      }
      try {
        const header = decodeProtectedHeader(token);
        // The legacy secret verifies HS256; the signing key verifies ES256 tokens that name it.
        const key = header.alg === "HS256" ? secret : header.alg === "ES256" && header.kid === kid ? publicKey : undefined;
        if (!key) return { ok: false, reason: "signature", parts };
        const { payload } = await jwtVerify(token, key, {
          algorithms: [header.alg!],
          currentDate: new Date(nowMs),
          clockTolerance: leewaySeconds,
        });
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, payload as JwtClaims);
        return { ok: true, claims: payload as JwtClaims };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired", parts };
        if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: "signature", parts };
        if (error instanceof errors.JWTClaimValidationFailed) return { ok: false, reason: "claims", parts };
        return { ok: false, reason: "malformed", parts };
      }
    },
    jwks() {
      return { keys: algorithm === "ES256" ? [stored.publicJwk] : [] };
    },
  };
}
