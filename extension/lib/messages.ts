/**
 * Messages between the content script / popup and the service worker. Only the service worker
 * holds the token and talks to the network.
 */
import type { DefaultsChange, FollowUp, Me, Tone, Usage } from "./api";

/** What a failed suggestion request shows the user. */
export type SuggestFailure =
  | { kind: "not_connected" }
  | { kind: "paused" }
  | { kind: "site_off" }
  | { kind: "quota"; message: string; upgradeUrl: string; resetsAt?: string }
  | { kind: "rate_limited"; message: string; retryAfter?: number }
  /** `retry: false`: asking again for the same text cannot help (too long, refused as it is). */
  | { kind: "failed"; message: string; retry?: false }
  | { kind: "offline" }
  | { kind: "aborted" };

export type SuggestResult = { ok: true; suggestion: string; tone: Tone; usage: Usage } | { ok: false; failure: SuggestFailure };

export interface ExtensionStatus {
  connected: boolean;
  paused: boolean;
  /** Whether Tonewise is on for the site asked about. */
  siteEnabled: boolean;
  defaultTone: Tone;
  /** The zone reminders are set in: the account's, else the browser's. */
  timeZone: string;
}

export type Request =
  | { type: "suggest"; requestId: string; text: string; tone?: Tone; draftId: string }
  | { type: "abort"; requestId: string }
  | { type: "status"; host?: string }
  | { type: "connect" }
  | { type: "disconnect" }
  | { type: "account" }
  | { type: "saveDefaults"; settings: DefaultsChange }
  | { type: "setPaused"; paused: boolean }
  | { type: "setSiteEnabled"; host: string; enabled: boolean }
  | { type: "openApp"; path: string }
  /** From the card after Replace: label, link and time only, never the message; `requestId`: the form's one-time id. */
  | { type: "createFollowUp"; label: string; url: string | null; dueAt: string; requestId: string }
  /** From the popup: syncs reminders (alarms, due notifications) and answers the open ones. */
  | { type: "followUps" };

/**
 * From the service worker to the content scripts of every tab: something their status depends on
 * (connection, pause, site switches, default tone, time zone) changed; ask for it again. It says
 * nothing more: content scripts never read the extension's storage, which holds the token.
 */
export const STATUS_CHANGED = { type: "statusChanged" } as const;

export function isStatusChanged(message: unknown): boolean {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === STATUS_CHANGED.type;
}

export type FollowUpFailure = { ok: false; reason: "not_connected" | "limit_reached" | "invalid" | "offline" | "failed"; message: string; field?: string };

export type CreateFollowUpResult = { ok: true; followUp: FollowUp } | FollowUpFailure;

export type FollowUpsResult =
  | { ok: true; followUps: FollowUp[]; dueCount: number; timeZone: string; stale: boolean }
  | FollowUpFailure;

export type AccountResult =
  | { ok: true; me: Me }
  | { ok: false; reason: "not_connected" | "unauthorized" | "offline" | "failed"; message: string };

/** The answer to a request that only asks for something to be done: it was. */
export type Done = { ok: true };

/** What the service worker answers to each request when it could handle it. */
export interface ResponseMap {
  suggest: SuggestResult;
  abort: Done;
  status: ExtensionStatus;
  connect: Done;
  disconnect: { ok: boolean };
  account: AccountResult;
  saveDefaults: AccountResult;
  setPaused: Done;
  setSiteEnabled: Done;
  openApp: Done;
  createFollowUp: CreateFollowUpResult;
  followUps: FollowUpsResult;
}

/**
 * What the sender of a request gets: the answer, or null when there is none (the service worker
 * failed while handling it, or could not be reached). Null is never an answer of its own.
 */
export type Reply<Type extends Request["type"]> = ResponseMap[Type] | null;
