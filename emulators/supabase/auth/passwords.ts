/**
 * Password rules (supabase/config.toml: minimum_password_length = 8,
 * password_requirements = "lower_upper_letters_digits") and storage. GoTrue stores bcrypt; the
 * local emulator stores PBKDF2-SHA256 from Web Crypto, which no client ever sees.
 */
import { AuthError, badRequest } from "./errors.ts";

const MIN_LENGTH = 8;
const MAX_LENGTH = 72; // GoTrue's limit (bcrypt)
const REQUIRED_CHARACTERS = ["abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"];
const ITERATIONS = 20_000;

/** Throws GoTrue's 422 weak_password (or 400 for an over-long password) when the rules fail. */
export function checkPasswordStrength(password: string): void {
  if (password.length > MAX_LENGTH) {
    throw badRequest("validation_failed", `Password cannot be longer than ${MAX_LENGTH} characters`);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if (password.length < MIN_LENGTH) {
    reasons.push("length");
    messages.push(`Password should be at least ${MIN_LENGTH} characters.`);
  }
  if (REQUIRED_CHARACTERS.some((set) => ![...set].some((character) => password.includes(character)))) {
    reasons.push("characters");
    messages.push(`Password should contain at least one character of each: ${REQUIRED_CHARACTERS.join(", ")}.`);
  }
  if (reasons.length > 0) {
    throw new AuthError(422, "weak_password", messages.join(" "), { weak_password: { reasons } });
  }
}

const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: new Uint8Array(salt), iterations },
    key,
    256,
  );
  return toHex(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2-sha256$${ITERATIONS}$${toHex(salt)}$${await derive(password, salt, ITERATIONS)}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, iterations, saltHex, expected] = (stored ?? "").split("$");
  if (scheme !== "pbkdf2-sha256" || !iterations || !saltHex || !expected) return false;
  const salt = new Uint8Array(saltHex.match(/../g)?.map((byte) => Number.parseInt(byte, 16)) ?? []);
  const actual = await derive(password, salt, Number(iterations));
  // Constant-time comparison.
  let difference = actual.length ^ expected.length;
  for (let index = 0; index < Math.min(actual.length, expected.length); index++) {
    difference |= actual.charCodeAt(index) ^ expected.charCodeAt(index);
  }
  return difference === 0;
}
