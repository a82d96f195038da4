/**
 * The connect hand-over (docs/decisions/016): PKCE with S256 (RFC 7636). The extension keeps a
 * random verifier, opens the app's /extension/connect with its challenge and a random state, and
 * reads the one-time code from /extension/connected?code=…&state=… in the tab it opened.
 */
import { EXTENSION_TOKEN_LIMIT_MESSAGE } from "../../app/lib/access-token-limit";

/** base64url without padding, as RFC 7636 §3 asks. */
export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function randomToken(byteLength: number): string {
  const bytes = new Uint8Array(byteLength);
  crypto.getRandomValues(bytes);
  return base64url(bytes);
}

/** A code verifier: 32 random bytes, 43 base64url characters (RFC 7636 §4.1). */
export function createCodeVerifier(): string {
  return randomToken(32);
}

/** The state that ties the redirect to this attempt: 16 random bytes, 22 characters. */
export function createState(): string {
  return randomToken(16);
}

/** code_challenge = base64url(SHA-256(ASCII(verifier))) (RFC 7636 §4.2, S256). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** The app page where the user approves the extension. */
export function connectUrl(appUrl: string, codeChallenge: string, state: string): string {
  const url = new URL("/extension/connect", appUrl);
  url.search = new URLSearchParams({ code_challenge: codeChallenge, code_challenge_method: "S256", state }).toString();
  return url.toString();
}

export type ConnectedPage =
  | { kind: "code"; code: string }
  | { kind: "error"; error: string }
  /** Not the hand-over's landing page (yet): keep watching the tab. */
  | { kind: "elsewhere" };

/**
 * Reads the landing page's address. Only the app's own origin and path count, and only with the
 * state this attempt sent: a code arriving with another state is refused.
 */
export function readConnectedUrl(address: string, appUrl: string, expectedState: string): ConnectedPage {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { kind: "elsewhere" };
  }
  if (url.origin !== new URL(appUrl).origin || url.pathname !== "/extension/connected") return { kind: "elsewhere" };
  const state = url.searchParams.get("state");
  const code = url.searchParams.get("code");
  const error = url.searchParams.get("error");
  if (state !== expectedState) return { kind: "error", error: error ?? "state_mismatch" };
  if (code) return { kind: "code", code };
  return { kind: "error", error: error ?? "invalid_request" };
}

/**
 * What the popup says after a connect attempt that gave no token, by the error its landing page
 * named (`token_limit`: the account already has the most access tokens it may have; the landing
 * page says the same words).
 */
export function connectFailureMessage(error: string): string {
  if (error === "access_denied") return "Connection cancelled.";
  if (error === "token_limit") return EXTENSION_TOKEN_LIMIT_MESSAGE;
  if (error === "temporarily_unavailable") return "Tonewise is temporarily unavailable. Try again in a moment.";
  return "The connection did not complete. Try again.";
}

/** A connect attempt in progress, kept by the service worker until the tab lands. */
export interface PendingConnect {
  tabId: number;
  verifier: string;
  state: string;
  startedAt: number;
}

/** How long a connect attempt is watched: the app's code lives 5 minutes; signing in may take longer. */
export const CONNECT_ATTEMPT_TTL_MS = 30 * 60 * 1000;

/** The attempts in progress, by the id of the tab each watches: Connect pressed twice leaves two that both work. */
export type PendingConnects = Record<string, PendingConnect>;

/**
 * The attempts still watched at `now`, from what session storage holds (nothing; one attempt,
 * as versions before 2026-11-28 kept it; or attempts by tab).
 */
export function liveAttempts(stored: unknown, now: number): PendingConnects {
  if (typeof stored !== "object" || stored === null) return {};
  const attempts: PendingConnect[] = "tabId" in stored ? [stored as PendingConnect] : Object.values(stored as PendingConnects);
  return Object.fromEntries(
    attempts.filter((attempt) => now - attempt.startedAt <= CONNECT_ATTEMPT_TTL_MS).map((attempt) => [String(attempt.tabId), attempt]),
  );
}

/** Whether a tab's address is the app's approval page, where a waiting attempt's tab can be brought back. */
export function isApprovalPage(url: string | undefined, appUrl: string): boolean {
  if (url === undefined) return false;
  try {
    const page = new URL(url);
    return page.origin === new URL(appUrl).origin && page.pathname === "/extension/connect";
  } catch {
    return false;
  }
}
