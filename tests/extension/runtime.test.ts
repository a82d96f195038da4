/**
 * The content script's and the popup's messaging to the service worker (extension/lib/runtime.ts),
 * on WXT's fake browser: an answer comes back as it was sent; no service worker to answer (the
 * extension reloaded under the page), or one that answered nothing, is null — never a rejection
 * that would leave a popup on "Saving…".
 */
import { fakeBrowser } from "wxt/testing/fake-browser";
import { browser } from "wxt/browser";
import { beforeEach, describe, expect, it } from "vitest";
import { send } from "../../extension/lib/runtime";

describe("send", () => {
  beforeEach(() => fakeBrowser.reset());

  it("answers what the service worker sent back", async () => {
    browser.runtime.onMessage.addListener((_message, _sender, sendResponse) => {
      sendResponse({ ok: true });
      return true;
    });
    expect(await send({ type: "setPaused", paused: true })).toEqual({ ok: true });
  });

  it("answers null when no service worker listens, or one answers null", async () => {
    expect(await send({ type: "setPaused", paused: true })).toBeNull();
    browser.runtime.onMessage.addListener((_message, _sender, sendResponse) => {
      sendResponse(null);
      return true;
    });
    expect(await send({ type: "setPaused", paused: true })).toBeNull();
  });
});
