/**
 * What every endpoint module gets from createAuthService: the shared state, passed explicitly,
 * and the request parsing they have in common.
 */
import type { Clock } from "../../clock.ts";
import type { Mailbox } from "../../mailbox/index.ts";
import type { Database } from "../database.ts";
import { badRequest } from "./errors.ts";
import type { TokenSettings } from "./sessions.ts";

export interface AuthContext {
  db: Database;
  clock: Clock;
  mailbox: Mailbox;
  siteUrl: string;
  /** Shared with the gateway, which changes the access token lifetime in place. */
  settings: TokenSettings;
}

/** The `iss` of access tokens: the address the client used. */
export const issuerOf = (request: Request) => `${new URL(request.url).origin}/auth/v1`;

export type Body = Record<string, unknown>;

export async function readBody(request: Request): Promise<Body> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === "object" && !Array.isArray(body)) return body as Body;
  } catch {
    // Answered below.
  }
  throw badRequest("bad_json", "Could not parse request body as JSON");
}

export const stringField = (body: Body, key: string): string => (typeof body[key] === "string" ? (body[key] as string) : "");

/** GoTrue's validateEmail: required, at most 255 characters, a plausible address; lower-cased. */
export function validateEmail(value: string): string {
  const email = value.trim();
  if (email === "") throw badRequest("validation_failed", "An email address is required");
  if (email.length > 255) throw badRequest("validation_failed", "An email address is too long");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw badRequest("email_address_invalid", "Unable to validate email address: invalid format");
  }
  return email.toLowerCase();
}
