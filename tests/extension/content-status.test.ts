// @vitest-environment happy-dom
/**
 * The content script before it knows its status (decision 044): words the user types while the
 * service worker's first answer is on its way are weighed once it comes; a page filling a field by
 * itself asks nothing; an older answer arriving after a newer one is not taken. The service worker
 * is WXT's fake browser, whose answers the test holds and releases.
 */
import { fakeBrowser } from "wxt/testing/fake-browser";
import { browser } from "wxt/browser";
import { ContentScriptContext } from "wxt/utils/content-script-context";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import contentScript from "../../extension/entrypoints/content";
import { type ExtensionStatus, STATUS_CHANGED } from "../../extension/lib/messages";
import { PAUSE_MS } from "../../extension/lib/pause";

const TYPED = "hey just checking if you got the report i sent yesterday";

const ON: ExtensionStatus = { connected: true, paused: false, siteEnabled: true, defaultTone: "professional", timeZone: "UTC" };
const PAUSED: ExtensionStatus = { ...ON, paused: true };

interface Message {
  type: string;
  text?: string;
}

/** A service worker that keeps each status request waiting until the test answers it. */
function holdingServiceWorker() {
  const requests: Message[] = [];
  const statusReplies: Array<(status: ExtensionStatus | null) => void> = [];
  browser.runtime.onMessage.addListener((message: unknown, _sender: unknown, sendResponse: (reply: unknown) => void) => {
    const request = message as Message;
    if (typeof request?.type !== "string" || request.type === STATUS_CHANGED.type) return undefined;
    requests.push(request);
    if (request.type === "status") statusReplies.push(sendResponse);
    // Suggestions stay unanswered: what matters here is whether one was asked for.
    return true;
  });
  return {
    statusRequests: () => requests.filter((request) => request.type === "status").length,
    suggested: () => requests.filter((request) => request.type === "suggest").map((request) => request.text),
    answerStatus: (index: number, status: ExtensionStatus | null) => statusReplies[index]!(status),
  };
}

/** An event as the browser makes it for the user's own key or edit (a page's script cannot make one). */
function trusted<E extends Event>(event: E): E {
  Object.defineProperty(event, "isTrusted", { value: true });
  return event;
}

/** The user types `text` into `field`: a key, then the input it makes. */
function userTypes(field: HTMLTextAreaElement, text: string) {
  field.dispatchEvent(trusted(new KeyboardEvent("keydown", { key: "a", bubbles: true, composed: true })));
  field.value = text;
  field.dispatchEvent(trusted(new InputEvent("input", { bubbles: true, composed: true, inputType: "insertText" })));
}

/** Lets the messages in flight settle (the fake browser answers in promises). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe("the content script before it knows its status", () => {
  let context: ContentScriptContext;
  let field: HTMLTextAreaElement;

  beforeEach(() => {
    vi.useFakeTimers();
    fakeBrowser.reset();
    document.body.innerHTML = "";
    field = document.createElement("textarea");
    field.setAttribute("aria-label", "Message");
    document.body.append(field);
  });

  afterEach(() => {
    context.abort();
    vi.useRealTimers();
  });

  function start() {
    context = new ContentScriptContext("content");
    void contentScript.main(context);
  }

  it("weighs what the user typed while the first answer was on its way, once it comes", async () => {
    const worker = holdingServiceWorker();
    start();
    userTypes(field, TYPED);
    await settle();
    expect(worker.statusRequests()).toBe(1);

    worker.answerStatus(0, ON);
    await settle();
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(worker.suggested()).toEqual([TYPED]);
  });

  it("a first request left unanswered: a later answer does not send what was typed long before, and the next keystroke asks again", async () => {
    const worker = holdingServiceWorker();
    start();
    userTypes(field, TYPED);
    await settle();
    worker.answerStatus(0, null);
    await settle();
    // Long after, the service worker says to ask again (the user connected from the popup).
    await vi.advanceTimersByTimeAsync(10_000);
    await browser.runtime.sendMessage(STATUS_CHANGED);
    await settle();
    worker.answerStatus(1, ON);
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(worker.suggested()).toEqual([]);

    userTypes(field, `${TYPED} and the invoice`);
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(worker.suggested()).toEqual([`${TYPED} and the invoice`]);
  });

  it("asks nothing when the page fills a field by itself", async () => {
    const worker = holdingServiceWorker();
    start();
    field.value = TYPED;
    field.dispatchEvent(new InputEvent("input", { bubbles: true, composed: true, inputType: "insertText" }));
    await settle();
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(worker.statusRequests()).toBe(0);
    expect(worker.suggested()).toEqual([]);
  });

  it("takes only the latest answer: an older 'on' arriving after a newer 'paused' sends nothing", async () => {
    const worker = holdingServiceWorker();
    start();
    userTypes(field, TYPED);
    await settle();
    // The user pauses Tonewise from the popup meanwhile: the service worker says to ask again.
    await browser.runtime.sendMessage(STATUS_CHANGED);
    await settle();
    expect(worker.statusRequests()).toBe(2);

    worker.answerStatus(1, PAUSED);
    await settle();
    worker.answerStatus(0, ON);
    await settle();
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(worker.suggested()).toEqual([]);
    // Still paused for what the user types next.
    userTypes(field, `${TYPED} and the invoice for march`);
    await vi.advanceTimersByTimeAsync(PAUSE_MS + 100);
    expect(worker.suggested()).toEqual([]);
  });
});
