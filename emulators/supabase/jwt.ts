/**
 * The local Supabase's JWTs: HS256, signed with LOCAL_JWT_SECRET, like a Supabase project on the
 * legacy JWT secret (no `kid`, so supabase-js's getClaims() falls back to GET /auth/v1/user).
 */
import { errors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { LOCAL_JWT_SECRET } from "../config.ts";

const secret = new TextEncoder().encode(LOCAL_JWT_SECRET);

export type JwtClaims = JWTPayload & Record<string, unknown>;

export type JwtCheck =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: "malformed" | "signature" | "expired" | "claims"; parts: number };

export async function signJwt(claims: JwtClaims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret);
}

/** Verifies signature and `exp` at the given time, allowing `leewaySeconds` of clock skew. */
export async function verifyJwt(token: string, nowMs: number, leewaySeconds = 0): Promise<JwtCheck> {
  const parts = token.split(".").length;
  if (parts !== 3) return { ok: false, reason: "malformed", parts };
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      currentDate: new Date(nowMs),
      clockTolerance: leewaySeconds,
    });
    return { ok: true, claims: payload as JwtClaims };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired", parts };
    if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, reason: "signature", parts };
    if (error instanceof errors.JWTClaimValidationFailed) return { ok: false, reason: "claims", parts };
    return { ok: false, reason: "malformed", parts };
  }
}
