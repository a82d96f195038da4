/** Typed messaging to the service worker, for the content script and the popup. */
import { browser } from "wxt/browser";
import type { Reply, Request, ResponseMap } from "./messages";

/**
 * Sends a request to the service worker; never rejects. Null when no answer came: the service
 * worker failed while handling it (and answered null), or could not be reached (the extension was
 * reloaded or updated under this page), so every caller says so rather than waiting for ever.
 */
export async function send<T extends Request>(message: T): Promise<Reply<T["type"]>> {
  try {
    return ((await browser.runtime.sendMessage(message)) as ResponseMap[T["type"]] | undefined) ?? null;
  } catch {
    return null;
  }
}
