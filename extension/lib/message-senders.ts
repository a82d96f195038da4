/**
 * Who sent a message to the service worker, and what that sender may ask for. Content scripts run
 * in every page and every frame; the popup is one of the extension's own pages. Chrome and Firefox
 * already refuse messages from other extensions and from web pages (no externally_connectable);
 * this keeps the in-page script to what the in-page card needs, so a page that ever got hold of
 * that script's messaging could not disconnect the account, change its defaults or switch sites.
 */
import type { Request } from "./messages";

export interface SenderInfo {
  /** The sending frame's (or extension page's) address. */
  url?: string;
  /** The sending frame's origin (Chrome): a frame without an address (about:blank, about:srcdoc) has its creator's. */
  origin?: string;
  /** The tab it lives in, with the address in its bar (content scripts only). */
  tab?: { url?: string };
}

/** Messages only the extension's own pages send (the popup). */
const EXTENSION_PAGES_ONLY: ReadonlySet<Request["type"]> = new Set([
  "disconnect",
  "account",
  "saveDefaults",
  "setPaused",
  "setSiteEnabled",
  "followUps",
]);

/** Whether `sender` may send a message of this type; `extensionOrigin` is e.g. `chrome-extension://<id>`. */
export function senderMay(type: Request["type"], sender: SenderInfo, extensionOrigin: string): boolean {
  if (!EXTENSION_PAGES_ONLY.has(type)) return true;
  try {
    if (sender.url === undefined) return false;
    // Scheme and host, not URL.origin: that is "null" for chrome-extension: outside the browser.
    const from = new URL(sender.url);
    const own = new URL(extensionOrigin);
    return from.protocol === own.protocol && from.host === own.host && own.host !== "";
  } catch {
    return false;
  }
}

function hostOf(address: string | undefined): string {
  if (!address) return "";
  try {
    return new URL(address).hostname;
  } catch {
    return "";
  }
}

/**
 * The hosts a content script's message belongs to. `page`: the tab's, as the popup's "On for …"
 * switch names it (the frame's own when the tab's is unknown), which also names the platform.
 * `all`: every host whose switch counts, the page's and the frame's: a field is on only when both
 * are, so switching a site off covers the frames its pages embed from other hosts, and that site
 * itself wherever another page embeds it.
 */
export function senderHosts(sender: SenderInfo): { page: string; all: string[] } {
  // A frame without an address of its own belongs to the site that made it.
  const frame = hostOf(sender.url) || hostOf(sender.origin);
  const page = hostOf(sender.tab?.url) || frame;
  return { page, all: [...new Set([page, frame].filter(Boolean))] };
}
