/** Typed messaging to the service worker, for the content script and the popup. */
import { browser } from "wxt/browser";
import type { Request, ResponseMap } from "./messages";

export async function send<T extends Request>(message: T): Promise<ResponseMap[T["type"]]> {
  return (await browser.runtime.sendMessage(message)) as ResponseMap[T["type"]];
}
