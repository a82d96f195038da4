import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  base64url,
  codeChallengeS256,
  connectFailureMessage,
  connectUrl,
  isApprovalPage,
  liveAttempts,
  createCodeVerifier,
  createState,
  readConnectedUrl,
} from "../../extension/lib/connect";

const APP = "http://localhost:5173";

describe("PKCE helpers", () => {
  it("computes the RFC 7636 appendix B example challenge", async () => {
    expect(await codeChallengeS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });

  it("is base64url(SHA-256(verifier)) for fresh verifiers", async () => {
    for (let i = 0; i < 20; i++) {
      const verifier = createCodeVerifier();
      const expected = createHash("sha256").update(verifier).digest("base64url");
      expect(await codeChallengeS256(verifier)).toBe(expected);
    }
  });

  it("makes verifiers and states the server accepts, different every time", () => {
    const verifiers = new Set(Array.from({ length: 50 }, createCodeVerifier));
    expect(verifiers.size).toBe(50);
    for (const v of verifiers) expect(v).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = createState();
    expect(state).toMatch(/^[A-Za-z0-9._~-]{8,128}$/);
    expect(createState()).not.toBe(state);
  });

  it("encodes base64url without padding or + and /", () => {
    expect(base64url(new Uint8Array([251, 255, 191]))).toBe("-_-_");
    expect(base64url(new Uint8Array([1]))).toBe("AQ");
  });
});

describe("connect URLs", () => {
  it("opens /extension/connect on the app with the challenge, S256 and state", () => {
    const url = new URL(connectUrl(APP, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", "state-123456"));
    expect(url.origin).toBe(APP);
    expect(url.pathname).toBe("/extension/connect");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      state: "state-123456",
    });
  });

  it("reads the code from the landing page with the expected state", () => {
    expect(readConnectedUrl(`${APP}/extension/connected?code=abc&state=s1`, APP, "s1")).toEqual({ kind: "code", code: "abc" });
  });

  it("refuses a code that arrives with another state", () => {
    expect(readConnectedUrl(`${APP}/extension/connected?code=abc&state=other`, APP, "s1")).toEqual({ kind: "error", error: "state_mismatch" });
  });

  it("reports a cancelled approval", () => {
    expect(readConnectedUrl(`${APP}/extension/connected?error=access_denied&state=s1`, APP, "s1")).toEqual({ kind: "error", error: "access_denied" });
  });

  it("tells the user what to do when the account is at its token limit, and says cancelled or try again otherwise", () => {
    const landing = readConnectedUrl(`${APP}/extension/connected?error=token_limit&state=s1`, APP, "s1");
    expect(landing).toEqual({ kind: "error", error: "token_limit" });
    expect(connectFailureMessage("token_limit")).toBe("You already have 20 access tokens. Revoke one you no longer use on your Account page, then connect again.");
    expect(connectFailureMessage("access_denied")).toBe("Connection cancelled.");
    expect(connectFailureMessage("temporarily_unavailable")).toBe("Tonewise is temporarily unavailable. Try again in a moment.");
    expect(connectFailureMessage("state_mismatch")).toBe("The connection did not complete. Try again.");
  });

  it("keeps watching on other pages and other origins", () => {
    expect(readConnectedUrl(`${APP}/extension/connect?state=s1`, APP, "s1").kind).toBe("elsewhere");
    expect(readConnectedUrl(`${APP}/auth?redirectTo=x`, APP, "s1").kind).toBe("elsewhere");
    expect(readConnectedUrl("https://evil.example/extension/connected?code=abc&state=s1", APP, "s1").kind).toBe("elsewhere");
    expect(readConnectedUrl("not a url", APP, "s1").kind).toBe("elsewhere");
  });
});

describe("liveAttempts: the connect attempts being watched, by tab", () => {
  const now = Date.parse("2026-11-28T10:00:00Z");
  const attempt = (tabId: number, minutesAgo: number) => ({ tabId, verifier: `v${tabId}`, state: `s${tabId}`, startedAt: now - minutesAgo * 60_000 });

  it("keeps both of two attempts, each under its tab, and drops one older than 30 minutes", () => {
    expect(liveAttempts({ 7: attempt(7, 1), 9: attempt(9, 2), 11: attempt(11, 31) }, now)).toEqual({ 7: attempt(7, 1), 9: attempt(9, 2) });
  });

  it("reads the one attempt an earlier version kept, and nothing as none", () => {
    expect(liveAttempts(attempt(4, 5), now)).toEqual({ 4: attempt(4, 5) });
    expect(liveAttempts(undefined, now)).toEqual({});
  });
});

describe("isApprovalPage", () => {
  it("is the app's /extension/connect only", () => {
    expect(isApprovalPage("https://tonewise.example/extension/connect?code_challenge=x", "https://tonewise.example")).toBe(true);
    for (const url of ["https://tonewise.example/auth?next=%2Fextension%2Fconnect", "https://tonewise.example/extension/connected?code=x", "https://evil.example/extension/connect", undefined, "not a url"]) {
      expect(isApprovalPage(url, "https://tonewise.example"), String(url)).toBe(false);
    }
  });
});
