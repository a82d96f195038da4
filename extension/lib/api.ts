/**
 * The client for the app's `/api/v1/*` (see the app's README, "The API"). Used only by the
 * service worker: the content script never talks to the network.
 */

import { MESSAGE_TYPES, TONES } from "../../app/content/preferences";
import type { FollowUp } from "../../app/lib/follow-ups/follow-up-schemas";

/** The app's own tones and message types, as its settings page offers them. */
export { MESSAGE_TYPES, TONES };
export type Tone = (typeof TONES)[number];
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface Usage {
  tier: "free" | "pro";
  used: number;
  limit: number | null;
  remaining: number | null;
  resetsAt: string;
}

export interface Me {
  email: string;
  fullName: string | null;
  tier: "free" | "pro";
  usage: Usage;
  settings: {
    notifications: boolean;
    defaultTone: Tone;
    defaultMessageType: MessageType;
    usageAnalytics: boolean;
    /** An IANA zone name; null until set (the extension sets it once from the browser). Absent from servers before follow-ups. */
    timeZone?: string | null;
  };
}

export type DefaultsChange = Partial<Pick<Me["settings"], "defaultTone" | "defaultMessageType">>;

export interface OptimizeRequest {
  text: string;
  tone?: Tone;
  messageType?: MessageType;
  platform?: string;
  draftId?: string;
}

export interface OptimizeResponse {
  suggestion: string;
  tone: Tone;
  messageType: MessageType;
  usage: Usage;
}

/** A follow-up reminder (`/api/v1/follow-ups`), the app's own type. Never holds the text of a message. */
export type { FollowUp };

export interface NewFollowUp {
  label: string;
  url?: string | null;
  dueAt: string;
  followUpNumber?: number;
}

export interface FollowUpList {
  followUps: FollowUp[];
  /** Open reminders whose time has come. */
  dueCount: number;
}

export interface TokenResponse {
  token: string;
  tokenType: "Bearer";
  name: string;
}

/** Server error codes, plus the two the client itself produces. */
export type ApiErrorCode =
  | "invalid_request"
  | "unauthorized"
  | "not_found"
  | "method_not_allowed"
  | "payload_too_large"
  | "quota_exceeded"
  | "rate_limited"
  | "engine_failed"
  | "engine_unavailable"
  | "service_unavailable"
  | "limit_reached"
  | "network_error"
  /** No answer within the client's deadline (REQUEST_TIMEOUT_MS). */
  | "timeout"
  | "aborted"
  | "unexpected";

/** Whether a call got no answer: the app could not be reached, or did not answer in time. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === "network_error" || error.code === "timeout");
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly field?: string;
  readonly upgradeUrl?: string;
  readonly resetsAt?: string;
  /** Seconds, from Retry-After. */
  readonly retryAfter?: number;

  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    extra: { field?: string; upgradeUrl?: string; resetsAt?: string; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.field = extra.field;
    this.upgradeUrl = extra.upgradeUrl;
    this.resetsAt = extra.resetsAt;
    this.retryAfter = extra.retryAfter;
  }
}

const KNOWN_CODES = new Set<string>([
  "invalid_request",
  "unauthorized",
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "quota_exceeded",
  "rate_limited",
  "engine_failed",
  "engine_unavailable",
  "service_unavailable",
  "limit_reached",
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's page): described by the status alone.
  }
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  const code = typeof error.code === "string" && KNOWN_CODES.has(error.code) ? (error.code as ApiErrorCode) : "unexpected";
  const message = typeof error.message === "string" ? error.message : `The server answered ${response.status}.`;
  const retryHeader = response.headers.get("Retry-After");
  const retryAfter = retryHeader !== null && /^\d+$/.test(retryHeader) ? Number(retryHeader) : undefined;
  return new ApiError(response.status, code, message, {
    field: typeof error.field === "string" ? error.field : undefined,
    upgradeUrl: typeof error.upgradeUrl === "string" ? error.upgradeUrl : undefined,
    resetsAt: typeof error.resetsAt === "string" ? error.resetsAt : undefined,
    retryAfter,
  });
}

export interface ApiClientOptions {
  /** The app's origin, e.g. `http://localhost:5173`. */
  appUrl: string;
  fetch?: typeof fetch;
  /** How long one call may take (REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** How long one call may take, the engine's answer included (the server gives up on it sooner). */
export const REQUEST_TIMEOUT_MS = 30_000;

export function createApiClient({ appUrl, fetch: fetchImpl = (...args) => fetch(...args), timeoutMs = REQUEST_TIMEOUT_MS }: ApiClientOptions) {
  async function call<T>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; signal?: AbortSignal; idempotencyKey?: string } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    // A stalled connection ends as "can't be reached", not a card that says "Writing…" for ever.
    const deadline = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(new URL(path, appUrl).toString(), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal ? AbortSignal.any([options.signal, deadline]) : deadline,
        credentials: "omit",
        cache: "no-store",
      });
    } catch (cause) {
      if (options.signal?.aborted) throw new ApiError(0, "aborted", "The request was cancelled.");
      if (deadline.aborted) throw new ApiError(0, "timeout", "The app did not answer in time.");
      throw new ApiError(0, "network_error", cause instanceof Error ? cause.message : "The network request failed.");
    }
    if (!response.ok) throw await errorFrom(response);
    if (response.status === 204) return undefined as T;
    try {
      return (await response.json()) as T;
    } catch {
      throw new ApiError(response.status, "unexpected", "The server's answer was not JSON.");
    }
  }

  return {
    optimize: (token: string, request: OptimizeRequest, signal?: AbortSignal) =>
      call<OptimizeResponse>("POST", "/api/v1/optimize", { token, body: request, signal }),
    me: (token: string, signal?: AbortSignal) => call<Me>("GET", "/api/v1/me", { token, signal }),
    /** Changes the account's defaults (the dashboard's Settings); answers the account as `me` does. */
    saveDefaults: (token: string, settings: DefaultsChange) => call<Me>("PATCH", "/api/v1/me", { token, body: { settings } }),
    /**
     * Offers the browser's time zone to an account without one (done once); the server stores it
     * only if the account still has none, so a zone chosen meanwhile in Settings stays. Answers the
     * account as `me` does, with whichever zone it has now.
     */
    offerTimeZone: (token: string, timeZone: string) => call<Me>("PATCH", "/api/v1/me", { token, body: { browserTimeZone: timeZone } }),
    /** Open reminders (soonest first) and how many are due. */
    listFollowUps: (token: string, options: { status?: "open" | "done" | "all"; limit?: number } = {}) => {
      const query = new URLSearchParams({ status: options.status ?? "open", limit: String(options.limit ?? 50) });
      return call<FollowUpList>("GET", `/api/v1/follow-ups?${query}`, { token });
    },
    /** `requestId`: the reminder form's one-time id; the same reminder sent again with it is the one already saved. */
    createFollowUp: (token: string, followUp: NewFollowUp, requestId?: string) =>
      call<{ followUp: FollowUp }>("POST", "/api/v1/follow-ups", { token, body: followUp, idempotencyKey: requestId }).then((answer) => answer.followUp),
    /** The hand-over's last step: the one-time code and this attempt's PKCE verifier. */
    exchangeCode: (code: string, codeVerifier: string) =>
      call<TokenResponse>("POST", "/api/v1/extension/token", { body: { code, codeVerifier } }),
    /** Disconnect: revokes the token on the server (204). */
    revokeToken: (token: string) => call<void>("DELETE", "/api/v1/extension/token", { token }),
  };
}

/** `platform` for the API, from the host of the page the user types in. */
export function platformForHost(host: string): string {
  const h = host.toLowerCase().replace(/\.$/, "");
  const within = (domain: string) => h === domain || h.endsWith(`.${domain}`);
  if (h === "mail.google.com") return "gmail";
  if (within("linkedin.com")) return "linkedin";
  if (within("slack.com")) return "slack";
  if (within("hubspot.com")) return "hubspot";
  return "web";
}
