import { describe, expect, it } from "vitest";
import { ApiError } from "../../extension/lib/api";
import { APP_TOO_SLOW, APP_UNREACHABLE, suggestFailureOf } from "../../extension/lib/suggest-failure";

const appLink = (path: string) => new URL(path, "https://tonewise.example").toString();

describe("suggestFailureOf: what the field's card says when a suggestion failed", () => {
  it("says the app can't be reached, with Retry, when no answer came (the browser was online when it left)", () => {
    const failure = suggestFailureOf(new ApiError(0, "network_error", "Failed to fetch"), appLink);
    expect(failure).toEqual({ kind: "failed", message: APP_UNREACHABLE });
    expect(failure.kind).not.toBe("offline");
  });

  it("says the app was too slow, with Retry, when the deadline passed", () => {
    expect(suggestFailureOf(new ApiError(0, "timeout", "The app did not answer in time."), appLink)).toEqual({ kind: "failed", message: APP_TOO_SLOW });
  });

  it("keeps the server's words, and no Retry where the same text cannot help", () => {
    expect(suggestFailureOf(new ApiError(413, "payload_too_large", "Too long."), appLink)).toEqual({ kind: "failed", message: "Too long.", retry: false });
    expect(suggestFailureOf(new ApiError(422, "engine_failed", "Nothing to change; not counted."), appLink)).toEqual({
      kind: "failed",
      message: "Nothing to change; not counted.",
    });
  });

  it("maps the quota, the rate limit, a revoked token, a cancel and anything unknown", () => {
    expect(suggestFailureOf(new ApiError(402, "quota_exceeded", "30 of 30 used.", { resetsAt: "2026-12-01T00:00:00.000Z" }), appLink)).toEqual({
      kind: "quota",
      message: "30 of 30 used.",
      upgradeUrl: "https://tonewise.example/dashboard/subscription",
      resetsAt: "2026-12-01T00:00:00.000Z",
    });
    expect(suggestFailureOf(new ApiError(429, "rate_limited", "Slow down", { retryAfter: 12 }), appLink)).toEqual({
      kind: "rate_limited",
      message: "Too many requests just now.",
      retryAfter: 12,
    });
    expect(suggestFailureOf(new ApiError(401, "unauthorized", "Revoked"), appLink)).toEqual({ kind: "not_connected" });
    expect(suggestFailureOf(new ApiError(0, "aborted", "Cancelled"), appLink)).toEqual({ kind: "aborted" });
    expect(suggestFailureOf(new Error("boom"), appLink)).toEqual({ kind: "failed", message: "Something went wrong." });
  });
});
