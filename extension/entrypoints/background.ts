import { browser, type Browser } from "wxt/browser";
import { defineBackground } from "wxt/utils/define-background";
import { ApiError, createApiClient, platformForHost, type DefaultsChange, type Tone } from "../lib/api";
import { APP_URL, appLink } from "../lib/config";
import {
  CONNECT_ATTEMPT_TTL_MS,
  codeChallengeS256,
  connectUrl,
  createCodeVerifier,
  createState,
  type PendingConnect,
  readConnectedUrl,
} from "../lib/connect";
import type { AccountResult, ExtensionStatus, Request, ResponseMap, SuggestResult } from "../lib/messages";
import { canReachApp } from "../lib/network";
import { isSiteEnabled, KEYS, type StoredState, withSite } from "../lib/settings";

const PENDING_KEY = "pendingConnect";

export default defineBackground(() => {
  const api = createApiClient({ appUrl: APP_URL });
  const inFlight = new Map<string, AbortController>();

  async function stored(): Promise<StoredState> {
    return (await browser.storage.local.get(Object.values(KEYS))) as StoredState;
  }

  /** The attempt in progress lives in session storage: the service worker may sleep while the user signs in. */
  const sessionArea = () => browser.storage.session ?? browser.storage.local;

  async function pendingConnect(): Promise<PendingConnect | undefined> {
    const value = (await sessionArea().get(PENDING_KEY))[PENDING_KEY] as PendingConnect | undefined;
    if (value && Date.now() - value.startedAt > CONNECT_ATTEMPT_TTL_MS) {
      await sessionArea().remove(PENDING_KEY);
      return undefined;
    }
    return value;
  }

  function hostOf(url: string | undefined): string {
    try {
      return url ? new URL(url).hostname : "";
    } catch {
      return "";
    }
  }

  async function forgetToken() {
    await browser.storage.local.remove(KEYS.token);
  }

  async function status(host: string | undefined): Promise<ExtensionStatus> {
    const state = await stored();
    return {
      connected: Boolean(state.token),
      paused: state.paused === true,
      siteEnabled: host ? isSiteEnabled(state.disabledSites, host) : true,
      defaultTone: state.defaultTone ?? "professional",
    };
  }

  async function suggest(message: Extract<Request, { type: "suggest" }>, senderUrl: string | undefined): Promise<SuggestResult> {
    const host = hostOf(senderUrl);
    const state = await stored();
    if (!state.token) return { ok: false, failure: { kind: "not_connected" } };
    if (state.paused) return { ok: false, failure: { kind: "paused" } };
    if (!isSiteEnabled(state.disabledSites, host)) return { ok: false, failure: { kind: "site_off" } };
    if (!canReachApp(APP_URL, navigator.onLine)) return { ok: false, failure: { kind: "offline" } };

    const controller = new AbortController();
    inFlight.set(message.requestId, controller);
    try {
      const result = await api.optimize(
        state.token,
        { text: message.text, tone: message.tone, platform: platformForHost(host), draftId: message.draftId },
        controller.signal,
      );
      return { ok: true, suggestion: result.suggestion, tone: result.tone, usage: result.usage };
    } catch (error) {
      if (!(error instanceof ApiError)) return { ok: false, failure: { kind: "failed", message: "Something went wrong." } };
      switch (error.code) {
        case "aborted":
          return { ok: false, failure: { kind: "aborted" } };
        case "unauthorized":
          await forgetToken();
          return { ok: false, failure: { kind: "not_connected" } };
        case "quota_exceeded":
          return {
            ok: false,
            failure: { kind: "quota", message: error.message, upgradeUrl: appLink(error.upgradeUrl ?? "/dashboard/subscription"), resetsAt: error.resetsAt },
          };
        case "rate_limited":
          return { ok: false, failure: { kind: "rate_limited", message: "Too many requests just now.", retryAfter: error.retryAfter } };
        case "network_error":
          return { ok: false, failure: { kind: "offline" } };
        case "engine_failed":
        case "engine_unavailable":
        case "service_unavailable":
          return { ok: false, failure: { kind: "failed", message: "Tonewise could not polish this message right now." } };
        default:
          return { ok: false, failure: { kind: "failed", message: error.message } };
      }
    } finally {
      inFlight.delete(message.requestId);
    }
  }

  /** The account, read (`GET /api/v1/me`) or with its defaults changed (`PATCH`). */
  async function account(change?: DefaultsChange): Promise<AccountResult> {
    const { token } = await stored();
    if (!token) return { ok: false, reason: "not_connected", message: "Not connected." };
    try {
      const me = change ? await api.saveDefaults(token, change) : await api.me(token);
      await browser.storage.local.set({ [KEYS.defaultTone]: me.settings.defaultTone satisfies Tone });
      return { ok: true, me };
    } catch (error) {
      if (error instanceof ApiError && error.code === "unauthorized") {
        await forgetToken();
        return { ok: false, reason: "unauthorized", message: "This browser's connection was revoked. Connect again." };
      }
      if (error instanceof ApiError && error.code === "network_error") {
        return { ok: false, reason: "offline", message: "Tonewise can't be reached. Check your connection." };
      }
      return { ok: false, reason: "failed", message: error instanceof Error ? error.message : "Something went wrong." };
    }
  }

  async function startConnect() {
    const verifier = createCodeVerifier();
    const state = createState();
    const challenge = await codeChallengeS256(verifier);
    await browser.storage.local.remove(KEYS.lastConnectError);
    const tab = await browser.tabs.create({ url: connectUrl(APP_URL, challenge, state) });
    if (tab.id === undefined) return;
    const pending: PendingConnect = { tabId: tab.id, verifier, state, startedAt: Date.now() };
    await sessionArea().set({ [PENDING_KEY]: pending });
  }

  async function finishConnect(tabId: number, url: string) {
    const pending = await pendingConnect();
    if (!pending || pending.tabId !== tabId) return;
    const landing = readConnectedUrl(url, APP_URL, pending.state);
    if (landing.kind === "elsewhere") return;
    await sessionArea().remove(PENDING_KEY);
    if (landing.kind === "error") {
      await browser.storage.local.set({
        [KEYS.lastConnectError]: landing.error === "access_denied" ? "Connection cancelled." : "The connection did not complete. Try again.",
      });
      return;
    }
    try {
      const { token } = await api.exchangeCode(landing.code, pending.verifier);
      await browser.storage.local.set({ [KEYS.token]: token });
      await account();
    } catch {
      await browser.storage.local.set({ [KEYS.lastConnectError]: "The connection did not complete. Try again." });
    }
  }

  async function disconnect(): Promise<{ ok: boolean }> {
    const { token } = await stored();
    if (!token) return { ok: true };
    let ok = true;
    try {
      await api.revokeToken(token);
    } catch (error) {
      // Already revoked counts as done; anything else is reported so the user can revoke it on the Account page.
      ok = error instanceof ApiError && error.code === "unauthorized";
    }
    await forgetToken();
    return { ok };
  }

  browser.tabs.onUpdated.addListener((tabId: number, changeInfo: Browser.tabs.OnUpdatedInfo) => {
    if (changeInfo.url) void finishConnect(tabId, changeInfo.url);
  });
  browser.tabs.onRemoved.addListener((tabId: number) => {
    void pendingConnect().then((pending) => (pending?.tabId === tabId ? sessionArea().remove(PENDING_KEY) : undefined));
  });

  async function handle(message: Request, sender: Browser.runtime.MessageSender): Promise<ResponseMap[Request["type"]]> {
    switch (message.type) {
      case "suggest":
        return suggest(message, sender.url ?? sender.tab?.url);
      case "abort":
        inFlight.get(message.requestId)?.abort();
        return null;
      case "status":
        return status(message.host ?? hostOf(sender.url ?? sender.tab?.url));
      case "connect":
        await startConnect();
        return null;
      case "disconnect":
        return disconnect();
      case "account":
        return account();
      case "saveDefaults":
        return account(message.settings);
      case "setPaused":
        await browser.storage.local.set({ [KEYS.paused]: message.paused });
        return null;
      case "setSiteEnabled": {
        const { disabledSites } = await stored();
        await browser.storage.local.set({ [KEYS.disabledSites]: withSite(disabledSites, message.host, message.enabled) });
        return null;
      }
      case "openApp":
        await browser.tabs.create({ url: appLink(message.path) });
        return null;
    }
  }

  browser.runtime.onMessage.addListener((message: unknown, sender: Browser.runtime.MessageSender, sendResponse: (response: unknown) => void) => {
    // Only this extension's own pages and content scripts talk to it.
    if (sender.id !== browser.runtime.id) return false;
    if (typeof message !== "object" || message === null || !("type" in message)) return false;
    handle(message as Request, sender).then(sendResponse, () => sendResponse(null));
    return true;
  });
});
