// @vitest-environment happy-dom
/**
 * The content script with its status known: what it sends, and what its icon says, when the page
 * changes things behind the user's back — a chat box that sends on Enter and empties itself, a
 * script writing into another field, the user pausing Tonewise while a suggestion is written — and
 * on a page without `crypto.randomUUID` (plain http). The service worker is WXT's fake browser:
 * it answers the status at once and holds each suggestion until the test answers it.
 */
import { fakeBrowser } from "wxt/testing/fake-browser";
import { browser } from "wxt/browser";
import { ContentScriptContext } from "wxt/utils/content-script-context";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import contentScript from "../../extension/entrypoints/content";
import { type ExtensionStatus, STATUS_CHANGED, type SuggestResult } from "../../extension/lib/messages";
import { PAUSE_MS } from "../../extension/lib/pause";

const TYPED = "see you at the meeting tomorrow then";
const SUGGESTION = "See you at tomorrow's meeting.";
const ON: ExtensionStatus = { connected: true, paused: false, siteEnabled: true, defaultTone: "professional", timeZone: "UTC" };
const READY: SuggestResult = { ok: true, suggestion: SUGGESTION, tone: "professional" } as SuggestResult;

interface Suggest {
  type: "suggest";
  text: string;
  draftId: string;
}

// The overlay's shadow root is closed: keep a handle on it as it is made, to read the icon's state.
let overlayRoot: ShadowRoot | null = null;
const attachShadow = HTMLElement.prototype.attachShadow;
HTMLElement.prototype.attachShadow = function (init: ShadowRootInit) {
  const root = attachShadow.call(this, init);
  if (this.tagName === "TONEWISE-OVERLAY") overlayRoot = root;
  return root;
};
const iconState = () => overlayRoot?.querySelector<HTMLElement>(".icon")?.dataset.state;

/** An event as the browser makes it for the user's own key or edit (a page's script cannot make one). */
function trusted<E extends Event>(event: E): E {
  Object.defineProperty(event, "isTrusted", { value: true });
  return event;
}

/** The user types `text` into `field`: a key, the beforeinput while the field still holds what it held, then the input. */
function userTypes(field: HTMLTextAreaElement, text: string) {
  field.dispatchEvent(trusted(new KeyboardEvent("keydown", { key: "a", bubbles: true, composed: true })));
  field.dispatchEvent(trusted(new InputEvent("beforeinput", { bubbles: true, composed: true, cancelable: true, inputType: "insertText" })));
  field.value = text;
  field.dispatchEvent(trusted(new InputEvent("input", { bubbles: true, composed: true, inputType: "insertText" })));
}

const settle = async () => {
  await vi.advanceTimersByTimeAsync(0);
  await vi.advanceTimersByTimeAsync(0);
};

function textarea(label: string): HTMLTextAreaElement {
  const field = document.createElement("textarea");
  field.setAttribute("aria-label", label);
  document.body.append(field);
  return field;
}

describe("the content script, its status known", () => {
  let context: ContentScriptContext;
  let status: ExtensionStatus;
  let statusRequests: number;
  let suggests: Suggest[];
  let replies: Array<(result: SuggestResult) => void>;

  beforeEach(() => {
    vi.useFakeTimers();
    fakeBrowser.reset();
    document.body.innerHTML = "";
    overlayRoot = null;
    status = ON;
    statusRequests = 0;
    suggests = [];
    replies = [];
    browser.runtime.onMessage.addListener((message: unknown, _sender: unknown, sendResponse: (reply: unknown) => void) => {
      const request = message as { type?: string };
      if (request?.type === "status") {
        statusRequests++;
        sendResponse(status);
        return true;
      }
      if (request?.type === "suggest") {
        suggests.push(request as Suggest);
        replies.push(sendResponse);
        return true;
      }
      return undefined;
    });
  });

  afterEach(() => {
    context.abort();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  async function start(focused?: HTMLElement) {
    focused?.focus();
    context = new ContentScriptContext("content");
    void contentScript.main(context);
    focused?.dispatchEvent(new FocusEvent("focusin", { bubbles: true, composed: true }));
    await settle();
  }

  async function statusChanged(next: ExtensionStatus) {
    status = next;
    await browser.runtime.sendMessage(STATUS_CHANGED);
    await settle();
  }

  it("sends nothing for a chat message sent with Enter before the pause ended (the page emptied the box by script)", async () => {
    const field = textarea("Message");
    await start(field);
    userTypes(field, TYPED);
    await vi.advanceTimersByTimeAsync(300);
    field.dispatchEvent(trusted(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, composed: true })));
    field.value = "";
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(suggests).toEqual([]);

    // The next message in the same box is asked for as usual.
    userTypes(field, "thanks again for the quick reply today");
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(suggests.map((request) => request.text)).toEqual(["thanks again for the quick reply today"]);
  });

  it("asks nothing while an input method's composition is open, and asks for the committed text once it ends", async () => {
    const field = textarea("Message");
    await start(field);
    field.dispatchEvent(trusted(new CompositionEvent("compositionstart", { bubbles: true, composed: true })));
    field.dispatchEvent(trusted(new KeyboardEvent("keydown", { key: "Process", bubbles: true, composed: true })));
    field.value = "明日の会議の件でごれんらく";
    field.dispatchEvent(trusted(new InputEvent("input", { bubbles: true, composed: true, inputType: "insertCompositionText", isComposing: true })));
    // Choosing a candidate takes a while: nothing is sent meanwhile.
    await vi.advanceTimersByTimeAsync(PAUSE_MS * 4);
    expect(suggests).toEqual([]);
    field.value = "明日の会議の件でご連絡します";
    field.dispatchEvent(trusted(new InputEvent("input", { bubbles: true, composed: true, inputType: "insertCompositionText", isComposing: true })));
    field.dispatchEvent(trusted(new CompositionEvent("compositionend", { bubbles: true, composed: true, data: "連絡します" })));
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(suggests.map((request) => request.text)).toEqual(["明日の会議の件でご連絡します"]);
  });

  it("does not offer a suggestion that arrives after its message was sent", async () => {
    const field = textarea("Message");
    await start(field);
    userTypes(field, TYPED);
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(iconState()).toBe("loading");
    field.value = "";
    replies[0]!(READY);
    await settle();
    expect(iconState()).toBe("idle");
  });

  it("pausing Tonewise while a suggestion is written leaves the field at rest when switched back on", async () => {
    const field = textarea("Message");
    await start(field);
    userTypes(field, TYPED);
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(iconState()).toBe("loading");
    await statusChanged({ ...ON, paused: true });
    await statusChanged(ON);
    expect(iconState()).toBe("idle");
  });

  it("keeps the icon on the user's field when the page writes into another one, and moves it when the user writes there", async () => {
    const message = textarea("Message");
    const notes = textarea("Notes");
    await start(message);
    userTypes(message, TYPED);
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    replies[0]!(READY);
    await settle();
    expect(iconState()).toBe("ready");

    // The page mirrors a draft into the notes field by script.
    notes.value = "draft saved at 10:42 for the account";
    notes.dispatchEvent(new Event("input", { bubbles: true }));
    await settle();
    expect(iconState()).toBe("ready");

    // The user writes in it (a click there moved the focus first).
    notes.focus();
    notes.dispatchEvent(new FocusEvent("focusin", { bubbles: true, composed: true }));
    userTypes(notes, "call the client back about the renewal terms");
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(suggests.map((request) => request.text)).toEqual([TYPED, "call the client back about the renewal terms"]);
    expect(iconState()).toBe("loading");
  });

  it("a status change with no field in use asks nothing until a field is focused", async () => {
    const field = textarea("Message");
    await start();
    expect(statusRequests).toBe(0);
    await statusChanged({ ...ON, paused: true });
    await statusChanged(ON);
    expect(statusRequests).toBe(0);

    field.focus();
    field.dispatchEvent(new FocusEvent("focusin", { bubbles: true, composed: true }));
    await settle();
    expect(statusRequests).toBe(1);
    expect(iconState()).toBe("idle");
  });

  it("works on a page without crypto.randomUUID (served over plain http): each message gets its own draft id", async () => {
    vi.stubGlobal("crypto", { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const field = textarea("Message");
    await start(field);
    userTypes(field, TYPED);
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    replies[0]!(READY);
    await settle();
    field.value = "";
    userTypes(field, "thanks again for the quick reply today");
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);

    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(suggests).toHaveLength(2);
    for (const request of suggests) expect(request.draftId).toMatch(uuid);
    expect(suggests[0]!.draftId).not.toBe(suggests[1]!.draftId);
  });
});
