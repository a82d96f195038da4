import { browser } from "wxt/browser";
import { MESSAGE_TYPES, TONES, type DefaultsChange, type Me } from "../../lib/api";
import { appLink } from "../../lib/config";
import { formatDue } from "../../lib/follow-up-time";
import { MESSAGE_TYPE_NAMES, resetLine, TONE_NAMES, usageLine } from "../../lib/format";
import type { FollowUpsResult } from "../../lib/messages";
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
      "Text leaves the page only from a field you are typing in, on a site you have not switched off, while Tonewise is connected and not paused. The extension stores nothing of what you write.",
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

/** A labelled drop-down of the account's defaults; a change is saved to the account at once. */
function defaultSelect<Value extends string>(
  id: string,
  label: string,
  values: readonly Value[],
  names: Record<Value, string>,
  current: Value,
  save: (value: Value) => void,
) {
  const select = h("select", { id });
  for (const value of values) select.append(h("option", { value, textContent: names[value], selected: value === current }));
  select.addEventListener("change", () => save(select.value as Value));
  return h("div", { className: "field" }, h("label", { htmlFor: id, textContent: label }), select);
}

function switchRow(label: string, checked: boolean, onChange: (checked: boolean) => void) {
  const input = h("input", { type: "checkbox", checked });
  input.setAttribute("role", "switch");
  input.addEventListener("change", () => onChange(input.checked));
  return h("label", { className: "switch" }, h("span", {}, label), input);
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
function followUpsSection(followUps: Promise<FollowUpsResult>): HTMLElement {
  const body = h("div", { className: "reminders-body" }, h("p", { className: "muted", textContent: "Loading follow-ups…" }));
  void followUps.then(
    (result) => body.replaceChildren(...followUpItems(result)),
    () => body.replaceChildren(h("p", { className: "error", role: "alert", textContent: "Your follow-ups could not be loaded." })),
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
  connect.addEventListener("click", () => {
    void send({ type: "connect" }).then(() => window.close());
  });
  app.replaceChildren(
    header(),
    h("p", { className: "muted" }, "Connect the extension to your Tonewise account to get suggestions where you type. You'll approve it on the Tonewise site."),
    ...(state.lastConnectError ? [h("p", { className: "error", role: "alert", textContent: state.lastConnectError })] : []),
    connect,
    h("div", { className: "links" }, link("Create a free account", "/auth?mode=signup")),
  );
}

function renderConnected(me: Me, state: StoredState, host: string, followUps: Promise<FollowUpsResult>) {
  // Says whether a change of the defaults was saved (announced to screen readers).
  const saved = h("p", { className: "muted", role: "status" });
  const saveDefaults = (change: DefaultsChange) => {
    saved.textContent = "Saving…";
    void send({ type: "saveDefaults", settings: change }).then((result) => {
      saved.className = result.ok ? "muted" : "error";
      saved.textContent = result.ok ? "Saved to your Tonewise settings." : result.message;
    });
  };
  const badge = h("span", { className: `badge ${me.tier === "pro" ? "pro" : ""}`, textContent: me.tier === "pro" ? "Pro" : "Free" });
  const disconnect = h("button", { type: "button", textContent: "Disconnect" });
  const message = h("p", { className: "error", role: "alert" });
  disconnect.addEventListener("click", () => {
    disconnect.disabled = true;
    void send({ type: "disconnect" }).then((result) => {
      if (result.ok) void render();
      else {
        message.textContent = "Disconnected here, but the server could not be reached: revoke the token on your Account page.";
        void render(message);
      }
    });
  });

  const siteSwitch = host
    ? [switchRow(`On for ${host}`, isSiteEnabled(state.disabledSites, host), (enabled) => void send({ type: "setSiteEnabled", host, enabled }))]
    : [];
  const pause = switchRow("Pause everywhere", state.paused === true, (paused) => void send({ type: "setPaused", paused }));

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
    h("hr"),
    ...siteSwitch,
    pause,
    h("hr"),
    h(
      "div",
      { className: "links" },
      link("Dashboard", "/dashboard"),
      ...(me.tier === "pro" ? [] : [link("Upgrade", "/dashboard/subscription", "button primary")]),
    ),
    disconnect,
  );
}

async function render(notice?: HTMLElement) {
  const state = (await browser.storage.local.get(Object.values(KEYS))) as StoredState;
  if (!state.privacyNoteSeen) {
    app.replaceChildren(header(), privacyNote(() => void render()));
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
  if (account.ok) renderConnected(account.me, state, host, followUps);
  else if (account.reason === "not_connected" || account.reason === "unauthorized") {
    renderDisconnected({ ...state, lastConnectError: account.reason === "unauthorized" ? account.message : undefined });
  } else {
    const retry = h("button", { type: "button", textContent: "Try again" });
    retry.addEventListener("click", () => void render());
    app.replaceChildren(header(), h("p", { className: "error", role: "alert", textContent: account.message }), retry);
  }
}

void render();
