import { browser, type Browser } from "wxt/browser";
import { defineBackground } from "wxt/utils/define-background";
import { ApiError, createApiClient, isUnreachable, platformForHost, type DefaultsChange, type FollowUp, type Me, type Tone } from "../lib/api";
import { isTooLongToSend, MESSAGE_TOO_LONG } from "../../app/lib/optimize/message-length";
import { APP_URL, appLink } from "../lib/config";
import {
  codeChallengeS256,
  connectFailureMessage,
  connectUrl,
  createCodeVerifier,
  createState,
  isApprovalPage,
  liveAttempts,
  type PendingConnect,
  type PendingConnects,
  readConnectedUrl,
} from "../lib/connect";
import { browserTimeZone, effectiveTimeZone } from "../lib/follow-up-time";
import { inOrder } from "../lib/in-order";
import { suggestFailureOf } from "../lib/suggest-failure";
import {
  type AccountResult,
  type CreateFollowUpResult,
  type Done,
  type ExtensionStatus,
  type FollowUpFailure,
  type FollowUpsResult,
  type Request,
  type ResponseMap,
  STATUS_CHANGED,
  type SuggestResult,
} from "../lib/messages";
import { canReachApp } from "../lib/network";
import {
  alarmName,
  dueToNotify,
  FOLLOW_UP_KEYS,
  type FollowUpCache,
  notificationsFor,
  notifiedKey,
  planAlarms,
  reminderIdOf,
  rememberNotified,
  safeLink,
  SYNC_ALARM,
  SYNC_LIMIT,
  SUMMARY_NOTIFICATION,
  SYNC_PERIOD_MINUTES,
} from "../lib/reminders";
import { senderHosts, senderMay } from "../lib/message-senders";
import { allSitesEnabled, KEYS, type StoredState, withSite } from "../lib/settings";

const PENDING_KEY = "pendingConnect";
const DONE: Done = { ok: true };

export default defineBackground(() => {
  const api = createApiClient({ appUrl: APP_URL });
  const inFlight = new Map<string, AbortController>();

  async function stored(): Promise<StoredState> {
    return (await browser.storage.local.get(Object.values(KEYS))) as StoredState;
  }

  /** The attempt in progress lives in session storage: the service worker may sleep while the user signs in. */
  const sessionArea = () => browser.storage.session ?? browser.storage.local;

  async function pendingConnects(): Promise<PendingConnects> {
    return liveAttempts((await sessionArea().get(PENDING_KEY))[PENDING_KEY], Date.now());
  }

  /** Changes the attempts in progress; one change at a time (two Connects, or a tab landing meanwhile). */
  const attemptsChange = inOrder();
  function changeAttempts(change: (attempts: PendingConnects) => PendingConnects): Promise<void> {
    return attemptsChange(async () => {
      await sessionArea().set({ [PENDING_KEY]: change(await pendingConnects()) });
    });
  }

  /** Forgets the token and everything read with it: the account's zone, the reminders, their alarms and notifications. */
  async function forgetToken() {
    await browser.storage.local.remove([KEYS.token, KEYS.timeZone, KEYS.timeZoneOffered]);
    await clearReminders();
  }

  /**
   * The API refused `token` (revoked): forget it, unless another has been stored since (the user
   * reconnected while this request was on its way), which must not go with it.
   */
  async function forgetRefusedToken(token: string) {
    if ((await stored()).token === token) await forgetToken();
  }

  /** `hosts`: the sites whose switches count (the popup's tab; a content script's page and frame). */
  async function status(hosts: string[]): Promise<ExtensionStatus> {
    const state = await stored();
    return {
      connected: Boolean(state.token),
      paused: state.paused === true,
      siteEnabled: allSitesEnabled(state.disabledSites, hosts),
      defaultTone: state.defaultTone ?? "professional",
      timeZone: effectiveTimeZone(state.timeZone),
    };
  }

  async function suggest(message: Extract<Request, { type: "suggest" }>, { page, all }: { page: string; all: string[] }): Promise<SuggestResult> {
    // Known before the first await: an abort sent while the settings are read still reaches it.
    const controller = new AbortController();
    inFlight.set(message.requestId, controller);
    let token: string | undefined;
    try {
      const state = await stored();
      token = state.token;
      if (!token) return { ok: false, failure: { kind: "not_connected" } };
      if (state.paused) return { ok: false, failure: { kind: "paused" } };
      if (!allSitesEnabled(state.disabledSites, all)) return { ok: false, failure: { kind: "site_off" } };
      if (!canReachApp(APP_URL, navigator.onLine)) return { ok: false, failure: { kind: "offline" } };
      if (controller.signal.aborted) return { ok: false, failure: { kind: "aborted" } };
      // The API refuses it without counting; say so without a round trip, and without a Retry.
      if (isTooLongToSend(message.text)) return { ok: false, failure: { kind: "failed", message: `${MESSAGE_TOO_LONG} Nothing was sent.`, retry: false } };

      const result = await api.optimize(
        token,
        { text: message.text, tone: message.tone, platform: platformForHost(page), draftId: message.draftId },
        controller.signal,
      );
      return { ok: true, suggestion: result.suggestion, tone: result.tone, usage: result.usage };
    } catch (error) {
      const failure = suggestFailureOf(error, appLink);
      if (failure.kind === "not_connected" && token) await forgetRefusedToken(token);
      return { ok: false, failure };
    } finally {
      inFlight.delete(message.requestId);
    }
  }

  /** The account, read (`GET /api/v1/me`) or with its defaults changed (`PATCH`). */
  async function account(change?: DefaultsChange): Promise<AccountResult> {
    const { token } = await stored();
    if (!token) return { ok: false, reason: "not_connected", message: "Not connected." };
    try {
      const me = await rememberAccount(token, change ? await api.saveDefaults(token, change) : await api.me(token));
      return { ok: true, me };
    } catch (error) {
      if (error instanceof ApiError && error.code === "unauthorized") {
        await forgetRefusedToken(token);
        return { ok: false, reason: "unauthorized", message: "This browser's connection was revoked. Connect again." };
      }
      if (isUnreachable(error)) {
        return { ok: false, reason: "offline", message: "Tonewise can't be reached. Check your connection." };
      }
      return { ok: false, reason: "failed", message: error instanceof Error ? error.message : "Something went wrong." };
    }
  }

  /** Keeps what the account says that this browser uses (default tone, time zone); offers the browser's zone once to an account without one. */
  async function rememberAccount(token: string, me: Me): Promise<Me> {
    await browser.storage.local.set({ [KEYS.defaultTone]: me.settings.defaultTone satisfies Tone, [KEYS.timeZone]: me.settings.timeZone ?? null });
    // null: never set (undefined: a server without time zones, which is left alone).
    return me.settings.timeZone === null ? offerTimeZone(token, me) : me;
  }

  let offering: Promise<Me> | null = null;

  async function offerTimeZone(token: string, me: Me): Promise<Me> {
    if ((await browser.storage.local.get(KEYS.timeZoneOffered))[KEYS.timeZoneOffered] === true) return me;
    offering ??= (async () => {
      try {
        const updated = await api.offerTimeZone(token, browserTimeZone());
        await browser.storage.local.set({ [KEYS.timeZoneOffered]: true, [KEYS.timeZone]: updated.settings.timeZone ?? null });
        return updated;
      } catch (error) {
        // Refused (a server that does not take it): not asked again. Unreachable: asked at the next sync.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) await browser.storage.local.set({ [KEYS.timeZoneOffered]: true });
        return me;
      } finally {
        offering = null;
      }
    })();
    return offering;
  }

  // ---- Follow-up reminders (docs/decisions/023) ----

  const NOT_CONNECTED: FollowUpFailure = { ok: false, reason: "not_connected", message: "Connect Tonewise to your account to set reminders." };

  async function readLocal<T>(key: string): Promise<T | undefined> {
    return (await browser.storage.local.get(key))[key] as T | undefined;
  }

  async function clearReminders() {
    const alarms = await browser.alarms.getAll();
    await Promise.all(alarms.filter((alarm) => reminderIdOf(alarm.name) !== null).map((alarm) => browser.alarms.clear(alarm.name)));
    const shown = Object.keys(await browser.notifications.getAll());
    await Promise.all(shown.filter((id) => reminderIdOf(id) !== null || id === SUMMARY_NOTIFICATION).map((id) => browser.notifications.clear(id)));
    await browser.storage.local.remove([FOLLOW_UP_KEYS.cache, FOLLOW_UP_KEYS.links]);
  }

  /** One alarm per open reminder still ahead, at its time. */
  async function scheduleAlarms(followUps: FollowUp[]) {
    const plan = planAlarms(followUps, await browser.alarms.getAll(), Date.now());
    await Promise.all(plan.clear.map((name) => browser.alarms.clear(name)));
    for (const { name, when } of plan.create) await browser.alarms.create(name, { when });
  }

  /**
   * Notifies the reminders whose time has come, once per reminder and time: the record is written
   * before the notifications, so a worker stopped halfway misses one rather than repeating it.
   * With the account's notifications off they are recorded and not shown. Past the first few of
   * one sync, one notification stands for the rest.
   */
  async function notifyDue(followUps: FollowUp[], notificationsOn: boolean, timeZone: string) {
    const notified = (await readLocal<string[]>(FOLLOW_UP_KEYS.notified)) ?? [];
    const now = Date.now();
    const due = dueToNotify(followUps, notified, now);
    if (due.length === 0) return;
    await browser.storage.local.set({ [FOLLOW_UP_KEYS.notified]: rememberNotified(notified, due.map(notifiedKey)) });
    if (!notificationsOn) return;
    const shown = new Set(Object.keys(await browser.notifications.getAll()));
    const links: Record<string, string | null> = {};
    for (const [id, link] of Object.entries((await readLocal<Record<string, string | null>>(FOLLOW_UP_KEYS.links)) ?? {})) {
      if (shown.has(alarmName(id))) links[id] = link;
    }
    for (const followUp of due) links[followUp.id] = safeLink(followUp.url);
    await browser.storage.local.set({ [FOLLOW_UP_KEYS.links]: links });
    for (const { id, title, message } of notificationsFor(due, timeZone, new Date(now))) {
      await browser.notifications.create(id, { type: "basic", iconUrl: "icon/128.png", title, message, priority: 1 });
    }
  }

  /** Notifications of reminders no longer open (done or deleted elsewhere) go away. */
  async function clearStaleNotifications(followUps: FollowUp[]) {
    const open = new Set(followUps.map((followUp) => alarmName(followUp.id)));
    const shown = Object.keys(await browser.notifications.getAll());
    await Promise.all(shown.filter((id) => reminderIdOf(id) !== null && !open.has(id)).map((id) => browser.notifications.clear(id)));
  }

  async function syncNow(): Promise<FollowUpsResult> {
    const { token, timeZone: accountZone } = await stored();
    if (!token) return NOT_CONNECTED;
    const cache = await readLocal<FollowUpCache>(FOLLOW_UP_KEYS.cache);
    /** When the app cannot answer: what the last sync read (alarms that ring offline still notify). */
    const fromCache = async (failure: FollowUpFailure): Promise<FollowUpsResult> => {
      if (!cache) return failure;
      const zone = effectiveTimeZone(accountZone);
      await notifyDue(cache.followUps, cache.notifications, zone);
      const now = Date.now();
      return { ok: true, followUps: cache.followUps, dueCount: cache.followUps.filter((f) => Date.parse(f.dueAt) <= now).length, timeZone: zone, stale: true };
    };
    if (!canReachApp(APP_URL, navigator.onLine)) return fromCache({ ok: false, reason: "offline", message: "Tonewise can't be reached. Check your connection." });
    try {
      const [fetched, list] = await Promise.all([api.me(token), api.listFollowUps(token, { status: "open", limit: SYNC_LIMIT })]);
      // Disconnected (or another account connected) while it read: nothing of it is kept.
      if ((await stored()).token !== token) return NOT_CONNECTED;
      const me = await rememberAccount(token, fetched);
      const zone = effectiveTimeZone(me.settings.timeZone);
      const next: FollowUpCache = { followUps: list.followUps, notifications: me.settings.notifications, syncedAt: Date.now() };
      await browser.storage.local.set({ [FOLLOW_UP_KEYS.cache]: next });
      await scheduleAlarms(list.followUps);
      await clearStaleNotifications(list.followUps);
      await notifyDue(list.followUps, me.settings.notifications, zone);
      return { ok: true, followUps: list.followUps, dueCount: list.dueCount, timeZone: zone, stale: false };
    } catch (error) {
      if (error instanceof ApiError && error.code === "unauthorized") {
        await forgetRefusedToken(token);
        return NOT_CONNECTED;
      }
      if (isUnreachable(error)) {
        return fromCache({ ok: false, reason: "offline", message: "Tonewise can't be reached. Check your connection." });
      }
      return fromCache({ ok: false, reason: "failed", message: "Your follow-ups could not be loaded just now." });
    }
  }

  let running: Promise<FollowUpsResult> | null = null;
  let queued: Promise<FollowUpsResult> | null = null;

  /**
   * Syncs the open reminders: alarms, notifications of those due, the cache. One sync at a time;
   * asked while one runs, another runs after it (it may have read the list before a change).
   */
  function sync(): Promise<FollowUpsResult> {
    if (!running) {
      running = syncNow().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return sync();
      });
    return queued;
  }

  /** Until no sync runs or waits: what one read with a token is written before that token is forgotten. */
  async function syncsSettled(): Promise<void> {
    while (running || queued) await (queued ?? running)!.catch(() => undefined);
  }

  async function createFollowUp(message: Extract<Request, { type: "createFollowUp" }>): Promise<CreateFollowUpResult> {
    const { token } = await stored();
    if (!token) return NOT_CONNECTED;
    if (!canReachApp(APP_URL, navigator.onLine)) return { ok: false, reason: "offline", message: "You're offline: the reminder was not saved." };
    try {
      const followUp = await api.createFollowUp(token, { label: message.label, url: message.url, dueAt: message.dueAt }, message.requestId);
      void sync();
      return { ok: true, followUp };
    } catch (error) {
      if (!(error instanceof ApiError)) return { ok: false, reason: "failed", message: "The reminder could not be saved. Try again." };
      switch (error.code) {
        case "unauthorized":
          await forgetRefusedToken(token);
          return { ok: false, reason: "not_connected", message: "This browser's connection was revoked. Connect again." };
        case "limit_reached":
          // 200 open, or 1,000 in all: the server says which.
          return { ok: false, reason: "limit_reached", message: error.message };
        case "invalid_request":
          return { ok: false, reason: "invalid", message: error.message, field: error.field };
        case "network_error":
          return { ok: false, reason: "offline", message: "Tonewise can't be reached: the reminder was not saved." };
        case "timeout":
          // It may have been saved just before the deadline: sent again from the same form, it is
          // the reminder already saved (the form's one-time id), not a second one.
          return { ok: false, reason: "failed", message: "Tonewise took too long to answer. Try again." };
        case "rate_limited":
          return { ok: false, reason: "failed", message: "Too many requests just now. Try again in a moment." };
        default:
          return { ok: false, reason: "failed", message: "The reminder could not be saved. Try again." };
      }
    }
  }

  /** A click on a reminder's notification: its page in a new tab (the dashboard's list when it has none), and the notification goes. */
  async function openFromNotification(notificationId: string) {
    if (notificationId === SUMMARY_NOTIFICATION) {
      await openTab(appLink("/dashboard/follow-ups"));
      await browser.notifications.clear(notificationId);
      return;
    }
    const id = reminderIdOf(notificationId);
    if (id === null) return;
    const links = (await readLocal<Record<string, string | null>>(FOLLOW_UP_KEYS.links)) ?? {};
    const cached = (await readLocal<FollowUpCache>(FOLLOW_UP_KEYS.cache))?.followUps.find((followUp) => followUp.id === id);
    await openTab(safeLink(id in links ? links[id] : cached?.url) ?? appLink("/dashboard/follow-ups"));
    await browser.notifications.clear(notificationId);
    await forgetLink(id);
  }

  async function openTab(url: string) {
    try {
      await browser.tabs.create({ url });
    } catch {
      // No browser window is open (the browser runs in the background): open one.
      await browser.windows.create({ url });
    }
  }

  async function forgetLink(id: string) {
    const links = (await readLocal<Record<string, string | null>>(FOLLOW_UP_KEYS.links)) ?? {};
    if (!(id in links)) return;
    delete links[id];
    await browser.storage.local.set({ [FOLLOW_UP_KEYS.links]: links });
  }

  async function ensureSyncAlarm() {
    if (!(await browser.alarms.get(SYNC_ALARM))) await browser.alarms.create(SYNC_ALARM, { periodInMinutes: SYNC_PERIOD_MINUTES });
  }

  const onNotificationClicked = (notificationId: string) => void openFromNotification(notificationId);
  browser.notifications.onClicked.addListener(onNotificationClicked);
  browser.notifications.onClosed.addListener((notificationId: string) => {
    const id = reminderIdOf(notificationId);
    if (id !== null) void forgetLink(id);
  });
  browser.alarms.onAlarm.addListener((alarm: Browser.alarms.Alarm) => {
    if (alarm.name === SYNC_ALARM || reminderIdOf(alarm.name) !== null) void sync();
  });
  browser.runtime.onStartup.addListener(() => void sync());
  browser.runtime.onInstalled.addListener(() => void sync());
  void ensureSyncAlarm();
  if (import.meta.env.MODE === "e2e") {
    // The browser tests' way to "click" a notification, which nothing outside the browser's own UI
    // can do: the very listener registered above (docs/decisions/023). Not in release builds.
    Object.assign(globalThis, { __tonewiseE2E: { notificationClicked: onNotificationClicked } });
  }

  /**
   * Connect pressed again (the popup, or a field's card) while an attempt's tab shows the app's
   * approval page: that tab comes to the front instead of a second one. Anywhere else (signing in,
   * checking email, gone elsewhere) a new attempt starts; the earlier one keeps working in its tab.
   * Presses that come together share one attempt.
   */
  let starting: Promise<void> | null = null;
  function startConnect(): Promise<void> {
    starting ??= startConnectNow().finally(() => {
      starting = null;
    });
    return starting;
  }

  async function startConnectNow() {
    for (const attempt of Object.values(await pendingConnects())) {
      const tab = await browser.tabs.get(attempt.tabId).catch(() => undefined);
      if (tab?.id === undefined || !isApprovalPage(tab.url, APP_URL)) continue;
      await browser.tabs.update(tab.id, { active: true });
      if (tab.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true }).catch(() => undefined);
      return;
    }
    const verifier = createCodeVerifier();
    const state = createState();
    const challenge = await codeChallengeS256(verifier);
    await browser.storage.local.remove(KEYS.lastConnectError);
    const tab = await browser.tabs.create({ url: connectUrl(APP_URL, challenge, state) });
    if (tab.id === undefined) return;
    const attempt: PendingConnect = { tabId: tab.id, verifier, state, startedAt: Date.now() };
    await changeAttempts((attempts) => ({ ...attempts, [String(attempt.tabId)]: attempt }));
  }

  async function finishConnect(tabId: number, url: string) {
    const pending = (await pendingConnects())[String(tabId)];
    if (!pending) return;
    const landing = readConnectedUrl(url, APP_URL, pending.state);
    if (landing.kind === "elsewhere") return;
    await changeAttempts(({ [String(tabId)]: _landed, ...others }) => others);
    if (landing.kind === "error") {
      await browser.storage.local.set({ [KEYS.lastConnectError]: connectFailureMessage(landing.error) });
      return;
    }
    try {
      const { token } = await api.exchangeCode(landing.code, pending.verifier);
      await browser.storage.local.remove([KEYS.timeZone, KEYS.timeZoneOffered]);
      await browser.storage.local.set({ [KEYS.token]: token });
      await account();
      void sync();
    } catch (error) {
      // The account reached its token limit after approving: the same words as when the landing page found it.
      const code = error instanceof ApiError ? error.code : null;
      const reason = code === "limit_reached" ? "token_limit" : code === "service_unavailable" ? "temporarily_unavailable" : "exchange_failed";
      const message = connectFailureMessage(reason);
      await browser.storage.local.set({ [KEYS.lastConnectError]: message });
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
    // A sync that read the reminders before the revoke would otherwise write their labels, alarms
    // and notifications back after they were cleared; one that starts now is refused (401).
    await syncsSettled();
    await forgetToken();
    return { ok };
  }

  browser.tabs.onUpdated.addListener((tabId: number, changeInfo: Browser.tabs.OnUpdatedInfo) => {
    if (changeInfo.url) void finishConnect(tabId, changeInfo.url);
  });
  browser.tabs.onRemoved.addListener((tabId: number) => {
    void pendingConnects().then((attempts) => (String(tabId) in attempts ? changeAttempts(({ [String(tabId)]: _closed, ...others }) => others) : undefined));
  });

  /** The popup's changes of the defaults, saved in the order they were chosen: the account ends with the last one. */
  const defaultsSave = inOrder();

  async function handle(message: Request, sender: Browser.runtime.MessageSender): Promise<ResponseMap[Request["type"]]> {
    switch (message.type) {
      case "suggest":
        return suggest(message, senderHosts(sender));
      case "abort":
        inFlight.get(message.requestId)?.abort();
        return DONE;
      case "status":
        return status(message.host !== undefined ? [message.host] : senderHosts(sender).all);
      case "connect":
        await startConnect();
        return DONE;
      case "disconnect":
        return disconnect();
      case "account":
        return account();
      case "saveDefaults":
        return defaultsSave(() => account(message.settings));
      case "setPaused":
        await browser.storage.local.set({ [KEYS.paused]: message.paused });
        return DONE;
      case "setSiteEnabled": {
        const { disabledSites } = await stored();
        await browser.storage.local.set({ [KEYS.disabledSites]: withSite(disabledSites, message.host, message.enabled) });
        return DONE;
      }
      case "openApp":
        await browser.tabs.create({ url: appLink(message.path) });
        return DONE;
      case "createFollowUp":
        return createFollowUp(message);
      case "followUps":
        return sync();
    }
  }

  // The token lives in storage.local: only the extension's own pages and this worker may read it
  // (Chrome 140+; Firefox has no such setting yet). Content scripts ask for their status instead,
  // and are told when it may have changed, without being sent any of the stored values.
  try {
    void browser.storage.local.setAccessLevel?.({ accessLevel: "TRUSTED_CONTEXTS" })?.catch(() => undefined);
  } catch {
    // A browser that knows the method but not for this area: the listeners below must still be added.
  }
  const STATUS_KEYS: readonly string[] = [KEYS.token, KEYS.paused, KEYS.disabledSites, KEYS.defaultTone, KEYS.timeZone];
  browser.storage.onChanged.addListener((changes: Record<string, unknown>, area: string) => {
    if (area === "local" && STATUS_KEYS.some((key) => key in changes)) void tellContentScripts().catch(() => undefined);
    if (area === "local" && KEYS.paused in changes) void showPaused().catch(() => undefined);
  });
  void showPaused().catch(() => undefined);

  /**
   * Paused everywhere, the toolbar button says so ("off"): no icon appears in any field then, and
   * someone who forgot they paused would otherwise only see the extension do nothing.
   */
  async function showPaused() {
    const { paused } = await stored();
    await browser.action.setBadgeText({ text: paused ? "off" : "" });
    if (paused) await browser.action.setBadgeBackgroundColor({ color: "#475569" });
    await browser.action.setTitle({ title: paused ? "Tonewise: paused everywhere" : "Tonewise" });
  }
  async function tellContentScripts() {
    const tabs = await browser.tabs.query({});
    await Promise.all(
      tabs.map((tab: Browser.tabs.Tab) =>
        // Tabs without our script (the browser's own pages, the web store) refuse: nothing to tell.
        tab.id === undefined ? undefined : browser.tabs.sendMessage(tab.id, STATUS_CHANGED).catch(() => undefined),
      ),
    );
  }

  browser.runtime.onMessage.addListener((message: unknown, sender: Browser.runtime.MessageSender, sendResponse: (response: unknown) => void) => {
    // Only this extension's own pages and content scripts talk to it.
    if (sender.id !== browser.runtime.id) return false;
    if (typeof message !== "object" || message === null || !("type" in message)) return false;
    if (!senderMay((message as Request).type, sender, location.origin)) return false;
    // Anything thrown while handling it (a storage call that failed…) is answered with null, the
    // failure every sender's `Reply` type carries, so no sender waits for an answer that never comes.
    handle(message as Request, sender).then(sendResponse, () => sendResponse(null));
    return true;
  });
});
