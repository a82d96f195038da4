import { describe, expect, it } from "vitest";
import { senderHosts, senderMay } from "../../extension/lib/message-senders";

const EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/";
const POPUP = { url: `${EXTENSION}popup.html` };
const PAGE = { url: "https://mail.example.com/inbox", tab: { url: "https://mail.example.com/inbox" } };

describe("what a sender may ask the service worker", () => {
  it("lets the popup send everything, also when it is open in a tab", () => {
    for (const type of ["disconnect", "account", "saveDefaults", "setPaused", "setSiteEnabled", "followUps", "suggest", "status"] as const) {
      expect(senderMay(type, POPUP, EXTENSION), type).toBe(true);
      expect(senderMay(type, { ...POPUP, tab: { url: POPUP.url } }, EXTENSION), type).toBe(true);
    }
  });

  it("keeps a content script to what the in-page card needs", () => {
    for (const type of ["suggest", "abort", "status", "connect", "openApp", "createFollowUp"] as const) {
      expect(senderMay(type, PAGE, EXTENSION), type).toBe(true);
    }
    for (const type of ["disconnect", "account", "saveDefaults", "setPaused", "setSiteEnabled", "followUps"] as const) {
      expect(senderMay(type, PAGE, EXTENSION), type).toBe(false);
    }
  });

  it("refuses a popup-only message from another extension's page or a sender without an address", () => {
    expect(senderMay("disconnect", { url: "chrome-extension://bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/popup.html" }, EXTENSION)).toBe(false);
    expect(senderMay("disconnect", {}, EXTENSION)).toBe(false);
    expect(senderMay("disconnect", { url: "not a url" }, EXTENSION)).toBe(false);
  });
});

describe("the sites a content script's message belongs to", () => {
  it("names the tab's host as the page (and the platform), and counts the frame's host too", () => {
    expect(senderHosts({ url: "https://widget.example.net/compose", tab: { url: "https://crm.example.com/deals/7" } })).toEqual({
      page: "crm.example.com",
      all: ["crm.example.com", "widget.example.net"],
    });
  });

  it("names the frame's host as the page when the tab's address is unknown or unreadable", () => {
    expect(senderHosts({ url: "https://widget.example.net/compose" })).toEqual({ page: "widget.example.net", all: ["widget.example.net"] });
    expect(senderHosts({ url: "https://widget.example.net/compose", tab: { url: "" } }).page).toBe("widget.example.net");
    expect(senderHosts({ url: "https://widget.example.net/compose", tab: { url: "not a url" } }).page).toBe("widget.example.net");
    expect(senderHosts({})).toEqual({ page: "", all: [] });
  });

  it("judges a frame without an address (about:srcdoc, about:blank) by the origin of the site that made it", () => {
    expect(senderHosts({ url: "about:srcdoc", origin: "https://editor.example.net", tab: { url: "https://crm.example.com/deals/7" } })).toEqual({
      page: "crm.example.com",
      all: ["crm.example.com", "editor.example.net"],
    });
    expect(senderHosts({ url: "about:blank", origin: "null", tab: { url: "https://crm.example.com/" } })).toEqual({ page: "crm.example.com", all: ["crm.example.com"] });
  });

  it("counts a top-level page's host once", () => {
    expect(senderHosts(PAGE)).toEqual({ page: "mail.example.com", all: ["mail.example.com"] });
  });
});
