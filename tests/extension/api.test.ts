import { describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, isUnreachable, platformForHost } from "../../extension/lib/api";

const APP = "http://localhost:5173";

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

describe("API client", () => {
  it("posts the message to /api/v1/optimize with the Bearer token and no cookies", async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(200, { suggestion: "Hi", tone: "friendly", messageType: "text", usage: { tier: "free", used: 1, limit: 30, remaining: 29, resetsAt: "x" } }),
    );
    const api = createApiClient({ appUrl: APP, fetch });
    const result = await api.optimize("tw_abc", { text: "hi there", tone: "friendly", platform: "web", draftId: "d1" });
    expect(result.suggestion).toBe("Hi");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${APP}/api/v1/optimize`);
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("omit");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tw_abc");
    expect(JSON.parse(init.body as string)).toEqual({ text: "hi there", tone: "friendly", platform: "web", draftId: "d1" });
  });

  it("exchanges the code with its verifier, without credentials", async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { token: "tw_new", tokenType: "Bearer", name: "Browser extension" }));
    const api = createApiClient({ appUrl: APP, fetch });
    expect((await api.exchangeCode("code1", "verifier1")).token).toBe("tw_new");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${APP}/api/v1/extension/token`);
    expect(JSON.parse(init.body as string)).toEqual({ code: "code1", codeVerifier: "verifier1" });
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it("saves the defaults with PATCH /api/v1/me and answers the account", async () => {
    const me = { email: "a@example.com", fullName: null, tier: "free", usage: { tier: "free", used: 0, limit: 30, remaining: 30, resetsAt: "x" }, settings: { notifications: false, defaultTone: "casual", defaultMessageType: "email", usageAnalytics: false } };
    const fetch = vi.fn(async () => jsonResponse(200, me));
    const result = await createApiClient({ appUrl: APP, fetch }).saveDefaults("tw_abc", { defaultTone: "casual" });
    expect(result.settings.defaultTone).toBe("casual");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${APP}/api/v1/me`);
    expect(init.method).toBe("PATCH");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tw_abc");
    expect(JSON.parse(init.body as string)).toEqual({ settings: { defaultTone: "casual" } });
  });

  it("revokes with DELETE and accepts 204", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    await createApiClient({ appUrl: APP, fetch }).revokeToken("tw_x");
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe("DELETE");
  });

  it("turns the quota error into an ApiError with the upgrade URL and reset instant", async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(429, { error: { code: "quota_exceeded", message: "Used 30", upgradeUrl: "/dashboard/subscription", resetsAt: "2026-12-01T00:00:00.000Z" } }),
    );
    const error = await createApiClient({ appUrl: APP, fetch }).me("tw_x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: "quota_exceeded", upgradeUrl: "/dashboard/subscription", resetsAt: "2026-12-01T00:00:00.000Z" });
  });

  it("reads Retry-After for rate limits", async () => {
    const fetch = vi.fn(async () => jsonResponse(429, { error: { code: "rate_limited", message: "Slow down" } }, { "Retry-After": "12" }));
    await expect(createApiClient({ appUrl: APP, fetch }).me("tw_x")).rejects.toMatchObject({ code: "rate_limited", retryAfter: 12 });
  });

  it("gives up on a call that never answers, as a timeout; a cancelled one stays cancelled", async () => {
    // A connection that stalls: answers nothing, and stops only when its signal says so.
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason))),
    );
    const api = createApiClient({ appUrl: APP, fetch, timeoutMs: 50 });
    const stalled = await api.me("tw_abc", new AbortController().signal).catch((error: unknown) => error);
    expect(stalled).toBeInstanceOf(ApiError);
    expect((stalled as ApiError).code).toBe("timeout");
    expect(isUnreachable(stalled)).toBe(true);

    const cancel = new AbortController();
    const cancelled = api.me("tw_abc", cancel.signal).catch((error: unknown) => error);
    cancel.abort();
    expect(((await cancelled) as ApiError).code).toBe("aborted");
  });

  it("describes network failures, aborts and non-JSON answers", async () => {
    const failing = createApiClient({ appUrl: APP, fetch: vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))) });
    await expect(failing.me("tw")).rejects.toMatchObject({ code: "network_error" });
    expect(isUnreachable(await failing.me("tw").catch((error: unknown) => error))).toBe(true);
    expect(isUnreachable(new ApiError(503, "service_unavailable", "Down"))).toBe(false);
    const controller = new AbortController();
    controller.abort();
    await expect(failing.optimize("tw", { text: "x" }, controller.signal)).rejects.toMatchObject({ code: "aborted" });
    const html = createApiClient({ appUrl: APP, fetch: vi.fn(async () => new Response("<html>", { status: 502 })) });
    await expect(html.me("tw")).rejects.toMatchObject({ status: 502, code: "unexpected" });
  });
});

describe("API client: follow-ups", () => {
  const followUp = {
    id: "0b6f4a8e-3c1d-4e2f-9a7b-1c2d3e4f5a6b",
    label: "Maria Alvarez — demo recap",
    url: "https://mail.google.com/mail/u/0/#inbox/abc",
    dueAt: "2026-11-27T14:00:00.000Z",
    followUpNumber: 1,
    done: false,
    completedAt: null,
    createdAt: "2026-11-25T19:30:00.000Z",
  };

  it("lists the open ones with the Bearer token", async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { followUps: [followUp], dueCount: 0 }));
    const list = await createApiClient({ appUrl: APP, fetch }).listFollowUps("tw_abc", { status: "open", limit: 100 });
    expect(list).toEqual({ followUps: [followUp], dueCount: 0 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${APP}/api/v1/follow-ups?status=open&limit=100`);
    expect(init.method).toBe("GET");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer tw_abc");
  });

  it("creates one with label, link and time only, and answers it", async () => {
    const fetch = vi.fn(async () => jsonResponse(201, { followUp }));
    const created = await createApiClient({ appUrl: APP, fetch }).createFollowUp("tw_abc", { label: followUp.label, url: followUp.url, dueAt: followUp.dueAt });
    expect(created).toEqual(followUp);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${APP}/api/v1/follow-ups`);
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({ label: followUp.label, url: followUp.url, dueAt: followUp.dueAt });
    expect((init.headers as Record<string, string>)["Idempotency-Key"]).toBeUndefined();
  });

  it("sends the reminder form's one-time id as the Idempotency-Key", async () => {
    const fetch = vi.fn(async () => jsonResponse(201, { followUp }));
    await createApiClient({ appUrl: APP, fetch }).createFollowUp("tw_abc", { label: followUp.label, dueAt: followUp.dueAt }, "5d0c2a8e-1f3b-4c6d-8e9f-0a1b2c3d4e5f");
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)["Idempotency-Key"]).toBe("5d0c2a8e-1f3b-4c6d-8e9f-0a1b2c3d4e5f");
  });

  it("reads the 200-reminder limit and a refused field", async () => {
    const full = createApiClient({ appUrl: APP, fetch: vi.fn(async () => jsonResponse(409, { error: { code: "limit_reached", message: "200 open" } })) });
    await expect(full.createFollowUp("tw", { label: "x", dueAt: followUp.dueAt })).rejects.toMatchObject({ status: 409, code: "limit_reached" });
    const invalid = createApiClient({ appUrl: APP, fetch: vi.fn(async () => jsonResponse(400, { error: { code: "invalid_request", message: "Too far ahead", field: "dueAt" } })) });
    await expect(invalid.createFollowUp("tw", { label: "x", dueAt: followUp.dueAt })).rejects.toMatchObject({ code: "invalid_request", field: "dueAt", message: "Too far ahead" });
  });

  it("offers the browser's time zone as one the server keeps only for an account without a zone", async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { settings: { timeZone: "Europe/Berlin" } }));
    await createApiClient({ appUrl: APP, fetch }).offerTimeZone("tw_abc", "Europe/Berlin");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${APP}/api/v1/me`);
    expect(init.method).toBe("PATCH");
    expect(JSON.parse(init.body as string)).toEqual({ browserTimeZone: "Europe/Berlin" });
  });
});

describe("platformForHost", () => {
  it.each([
    ["mail.google.com", "gmail"],
    ["www.linkedin.com", "linkedin"],
    ["linkedin.com", "linkedin"],
    ["acme.slack.com", "slack"],
    ["app.slack.com", "slack"],
    ["app.hubspot.com", "hubspot"],
    ["example.com", "web"],
    ["notlinkedin.com", "web"],
    ["google.com", "web"],
  ])("%s → %s", (host, platform) => {
    expect(platformForHost(host)).toBe(platform);
  });
});
