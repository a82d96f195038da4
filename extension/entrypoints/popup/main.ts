import { browser } from "wxt/browser";
import { MESSAGE_TYPES, TONES, type DefaultsChange, type Me } from "../../lib/api";
import { appLink } from "../../lib/config";
import { formatDue } from "../../lib/follow-up-time";
import { MESSAGE_TYPE_NAMES, resetLine, TONE_NAMES, usageLine } from "../../lib/format";
import type { FollowUpsResult, Reply, Request } from "../../lib/messages";
import { isDue, safeLink, upcoming } from "../../lib/reminders";
import { send } from "../../lib/runtime";
import { isSiteEnabled, KEYS, type StoredState } from "../../lib/settings";

const app = document.getElementById("app")!;

type Props = Record<string, string | boolean | number>;

function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node: HTMLElementTagNameMap[K] = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function link(text: string, path: string, className = "") {
  const a = h("a", { href: appLink(path), textContent: text, className, target: "_blank", rel: "noopener" });
  return a;
}

function privacyNote(onDone: () => void): HTMLElement {
  const ok = h("button", { type: "button", textContent: "Got it", className: "primary" });
  ok.addEventListener("click", () => void browser.storage.local.set({ [KEYS.privacyNoteSeen]: true }).then(onDone));
  return h(
    "section",
    { className: "note" },
    h("p", {}, h("strong", {}, "Your text stays yours. ")),
    h(
      "p",
      { className: "muted" },
      "Text leaves the page only from a field you are typing in, on a site you have not switched off, while Tonewise is connected and not paused. The extension never stores the text of a message or a suggestion.",
    ),
    ok,
  );
}

async function activeHost(): Promise<string> {
  try {
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    const url = tab?.url ? new URL(tab.url) : null;
    return url && (url.protocol === "http:" || url.protocol === "https:") ? url.hostname : "";
  } catch {
    return "";
  }
}

/**
 * A labelled drop-down of the account's defaults; a change is saved to the account at once. The
 * service worker saves them in the order chosen (arrow keys on a closed menu change it at every
 * step), so the account ends with the last choice even if the popup closes first. When the newest
 * save fails (resolves false), the menu goes back to the last value saved, and choosing the same
 * value again tries again.
 */
function defaultSelect<Value extends string>(
  id: string,
  label: string,
  values: readonly Value[],
  names: Record<Value, string>,
  current: Value,
  save: (value: Value) => Promise<boolean>,
) {
  const select = h("select", { id });
  for (const value of values) select.append(h("option", { value, textContent: names[value], selected: value === current }));
  let saved = current;
  let newest = 0;
  select.addEventListener("change", () => {
    const value = select.value as Value;
    const mine = ++newest;
    void save(value).then((ok) => {
      if (ok) saved = value;
      else if (mine === newest) select.value = saved;
    });
  });
  return h("div", { className: "field" }, h("label", { htmlFor: id, textContent: label }), select);
}

/**
 * A switch whose change is saved by `save`; when that fails (resolves false), the switch goes back
 * to what is still true.
 */
function switchRow(label: string, checked: boolean, save: (checked: boolean) => Promise<boolean>) {
  const input = h("input", { type: "checkbox", checked });
  input.setAttribute("role", "switch");
  input.addEventListener("change", () => {
    const wanted = input.checked;
    void save(wanted).then((saved) => {
      if (!saved && input.checked === wanted) input.checked = !wanted;
    });
  });
  return h("label", { className: "switch" }, h("span", {}, label), input);
}

/** Where a part of the popup says what went wrong; empty (and taking no room) until then. */
function problemSlot(): HTMLElement {
  return h("div", { className: "problem" });
}

/** Says `text` in `slot` as an alert (a screen reader announces it at once), or clears it (null). */
function showProblem(slot: HTMLElement, text: string | null) {
  slot.replaceChildren(...(text ? [h("p", { className: "error", role: "alert", textContent: text })] : []));
}

/** How many open reminders the popup lists (the dashboard has them all). */
const POPUP_FOLLOW_UPS = 3;

function followUpItems(result: FollowUpsResult): Node[] {
  if (!result.ok) return [h("p", { className: "error", role: "alert", textContent: result.message })];
  const next = upcoming(result.followUps, POPUP_FOLLOW_UPS);
  if (next.length === 0) return [h("p", { className: "muted", textContent: "No open follow-ups. After Replace, choose \u201cRemind me to follow up\u201d." })];
  const now = new Date();
  const list = h("ul", { className: "reminders" });
  for (const followUp of next) {
    const url = safeLink(followUp.url);
    const label = url ? h("a", { href: url, target: "_blank", rel: "noopener", textContent: followUp.label }) : h("span", { textContent: followUp.label });
    const when = h("span", { className: "muted", textContent: formatDue(new Date(followUp.dueAt), result.timeZone, now) });
    const item = h("li", {}, label, h("span", { className: "when" }, ...(isDue(followUp, now.getTime()) ? [h("strong", { className: "due", textContent: "Due now" }), " "] : []), when));
    list.append(item);
  }
  const nodes: Node[] = [list];
  const more = result.followUps.length - next.length;
  if (more > 0) nodes.push(h("p", { className: "muted", textContent: `and ${more} more` }));
  if (result.stale) nodes.push(h("p", { className: "muted", textContent: "Tonewise can't be reached: this is the last list it read." }));
  return nodes;
}

/** The next few open reminders (the service worker syncs them as it answers) and the way to all of them. */
function followUpsSection(followUps: Promise<Reply<"followUps">>): HTMLElement {
  const body = h("div", { className: "reminders-body" }, h("p", { className: "muted", textContent: "Loading follow-ups…" }));
  void followUps.then((result) =>
    body.replaceChildren(...(result ? followUpItems(result) : [h("p", { className: "error", role: "alert", textContent: "Your follow-ups could not be loaded." })])),
  );
  const section = h("section", { className: "followups" }, h("h2", { id: "follow-ups-heading", textContent: "Follow-ups" }), body, h("div", { className: "links" }, link("All follow-ups", "/dashboard/follow-ups")));
  section.setAttribute("aria-labelledby", "follow-ups-heading");
  return section;
}

function header(...extra: Node[]) {
  return h("h1", {}, "Tonewise", ...extra);
}

function renderDisconnected(state: StoredState) {
  const connect = h("button", { type: "button", textContent: "Connect to Tonewise", className: "primary" });
  const problem = problemSlot();
  connect.addEventListener("click", () => {
    connect.disabled = true;
    showProblem(problem, null);
    void send({ type: "connect" }).then((result) => {
      if (result) {
        window.close();
        return;
      }
      showProblem(problem, "Could not start connecting. Try again.");
      connect.disabled = false;
    });
  });
  app.replaceChildren(
    header(),
    h("p", { className: "muted" }, "Connect the extension to your Tonewise account to get suggestions where you type. You'll approve it on the Tonewise site."),
    ...(state.lastConnectError ? [h("p", { className: "error", role: "alert", textContent: state.lastConnectError })] : []),
    connect,
    problem,
    h("div", { className: "links" }, link("Create a free account", "/auth?mode=signup")),
  );
}

function renderConnected(me: Me, state: StoredState, host: string, followUps: Promise<Reply<"followUps">>) {
  // Says that a change of the defaults is being saved, then that it was (announced to screen readers); a failure is an alert.
  const saved = h("p", { className: "muted", role: "status" });
  const defaultsProblem = problemSlot();
  const saveDefaults = async (change: DefaultsChange): Promise<boolean> => {
    saved.textContent = "Saving…";
    showProblem(defaultsProblem, null);
    const result = await send({ type: "saveDefaults", settings: change });
    if (result && !result.ok && (result.reason === "unauthorized" || result.reason === "not_connected")) {
      // The connection is gone (revoked meanwhile): the popup shows what is true now.
      void render(h("p", { className: "error", role: "alert", textContent: result.message }), true);
      return false;
    }
    saved.textContent = result?.ok ? "Saved to your Tonewise settings." : "";
    if (!result?.ok) showProblem(defaultsProblem, result?.message ?? "Your change could not be saved. Try again.");
    return result?.ok === true;
  };
  const badge = h("span", { className: `badge ${me.tier === "pro" ? "pro" : ""}`, textContent: me.tier === "pro" ? "Pro" : "Free" });
  app.replaceChildren(
    header(badge),
    h("p", { className: "muted", textContent: me.email }),
    h(
      "div",
      {},
      h("p", { className: "usage", textContent: usageLine(me.usage) }),
      ...(resetLine(me.usage) ? [h("p", { className: "muted", textContent: resetLine(me.usage) })] : []),
    ),
    h("hr"),
    followUpsSection(followUps),
    h("hr"),
    defaultSelect("default-tone", "Default tone", TONES, TONE_NAMES, me.settings.defaultTone, (defaultTone) => saveDefaults({ defaultTone })),
    defaultSelect("default-type", "Message type", MESSAGE_TYPES, MESSAGE_TYPE_NAMES, me.settings.defaultMessageType, (defaultMessageType) =>
      saveDefaults({ defaultMessageType }),
    ),
    saved,
    defaultsProblem,
    h("hr"),
    ...localSwitches(state, host),
    h("hr"),
    h(
      "div",
      { className: "links" },
      link("Dashboard", "/dashboard"),
      ...(me.tier === "pro" ? [] : [link("Upgrade", "/dashboard/subscription", "button primary")]),
    ),
    ...disconnectControls(),
  );
}

/** Disconnect, and where its failure is said. */
function disconnectControls(): HTMLElement[] {
  const disconnect = h("button", { type: "button", textContent: "Disconnect" });
  const disconnectProblem = problemSlot();
  disconnect.addEventListener("click", () => {
    disconnect.disabled = true;
    showProblem(disconnectProblem, null);
    void send({ type: "disconnect" }).then((result) => {
      if (!result) {
        // Nothing says the token was forgotten: still connected, as far as this popup knows.
        showProblem(disconnectProblem, "Tonewise could not disconnect. Try again.");
        disconnect.disabled = false;
      } else if (result.ok) void render(h("p", { className: "muted", role: "status", textContent: "Disconnected." }), true);
      else {
        void render(h("p", { className: "error", role: "alert", textContent: "Disconnected here, but the server could not be reached: revoke the token on your Account page." }), true);
      }
    });
  });
  return [disconnect, disconnectProblem];
}

/**
 * The switches kept in this browser (the site's, Pause everywhere), and where a failure is said:
 * they need no answer from the app.
 */
function localSwitches(state: StoredState, host: string): HTMLElement[] {
  // The switches' changes are saved by the service worker; one it fails to save is said here.
  const switchesProblem = problemSlot();
  const saveSwitch = async (change: Extract<Request, { type: "setSiteEnabled" | "setPaused" }>, failure: string): Promise<boolean> => {
    showProblem(switchesProblem, null);
    const done = (await send(change)) !== null;
    if (!done) showProblem(switchesProblem, failure);
    return done;
  };
  const siteSwitch = host
    ? [
        switchRow(`On for ${host}`, isSiteEnabled(state.disabledSites, host), (enabled) =>
          saveSwitch({ type: "setSiteEnabled", host, enabled }, `Could not turn Tonewise ${enabled ? "on" : "off"} for ${host}. Try again.`),
        ),
      ]
    : [];
  const pause = switchRow("Pause everywhere", state.paused === true, (paused) =>
    saveSwitch({ type: "setPaused", paused }, paused ? "Could not pause Tonewise. Try again." : "Could not turn Tonewise back on. Try again."),
  );
  return [...siteSwitch, pause, switchesProblem];
}

/**
 * Draws the popup for what is stored now. `keepFocus`: it follows the user's own press (Got it,
 * Disconnect), whose button is gone, so focus goes to the new view's first control rather than
 * being dropped on the page.
 */
async function render(notice?: HTMLElement, keepFocus = false) {
  await draw(notice);
  if (keepFocus) (app.querySelector<HTMLElement>("button.primary") ?? app.querySelector<HTMLElement>("button, select, a"))?.focus();
}

async function draw(notice?: HTMLElement) {
  const state = (await browser.storage.local.get(Object.values(KEYS))) as StoredState;
  if (!state.privacyNoteSeen) {
    app.replaceChildren(header(), privacyNote(() => void render(undefined, true)));
    return;
  }
  if (!state.token) {
    renderDisconnected(state);
    if (notice) app.append(notice);
    return;
  }
  // Opening the popup syncs the reminders too (alarms, notifications of those due).
  const followUps = send({ type: "followUps" });
  const [account, host] = await Promise.all([send({ type: "account" }), activeHost()]);
  if (account?.ok) renderConnected(account.me, state, host, followUps);
  else if (account?.reason === "not_connected" || account?.reason === "unauthorized") {
    renderDisconnected({ ...state, lastConnectError: account.reason === "unauthorized" ? account.message : undefined });
  } else {
    const retry = h("button", { type: "button", className: "primary", textContent: "Try again" });
    retry.addEventListener("click", () => {
      // One try at a time, said on the button, which keeps focus (a disabled one would drop it)
      // until the popup shows what comes next.
      if (retry.getAttribute("aria-disabled") === "true") return;
      retry.setAttribute("aria-disabled", "true");
      retry.textContent = "Trying again…";
      void render(undefined, true);
    });
    // The account could not be read: what this browser keeps still works (the last synced
    // follow-ups, the switches, Disconnect).
    app.replaceChildren(
      header(),
      h("p", { className: "error", role: "alert", textContent: account?.message ?? "Your account could not be loaded." }),
      retry,
      h("hr"),
      followUpsSection(followUps),
      h("hr"),
      ...localSwitches(state, host),
      h("hr"),
      h("div", { className: "links" }, link("Dashboard", "/dashboard")),
      ...disconnectControls(),
    );
  }
}

void render();
