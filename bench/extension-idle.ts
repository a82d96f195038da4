/**
 * What the extension costs a page the user only reads: the main thread's script time on a long
 * page with many text fields, loaded and then left idle, in headless Chromium with and without
 * the extension. The content script must not poll: idle, it should add nothing.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "@playwright/test";

export interface IdleCost {
  /** Script time (ms) while the page loads and settles (first 2 s). */
  loadScriptMs: number;
  /** Script time (ms) over the idle window that follows. */
  idleScriptMs: number;
}

export const IDLE_WINDOW_MS = 5_000;
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** A long article with 40 text fields of each kind the content script watches. */
function longPage(): string {
  const paragraphs = Array.from({ length: 400 }, (_, i) => `<p>Paragraph ${i}: a follow-up about the proposal, the timeline and next steps.</p>`).join("");
  const fields = Array.from(
    { length: 40 },
    (_, i) => `<label>Note ${i} <textarea>Draft ${i}</textarea></label><label>Subject ${i} <input type="text" value="Re: ${i}"></label><div contenteditable="true">Reply ${i}</div>`,
  ).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Idle page</title></head><body><main>${paragraphs}${fields}</main></body></html>`;
}

async function measure(url: string, chromiumPath: string, extensionDirectory?: string): Promise<IdleCost> {
  const args = extensionDirectory ? [...CHROMIUM_ARGS, `--disable-extensions-except=${extensionDirectory}`, `--load-extension=${extensionDirectory}`] : CHROMIUM_ARGS;
  const context = await chromium.launchPersistentContext("", { executablePath: chromiumPath, headless: true, args });
  try {
    if (extensionDirectory && context.serviceWorkers().length === 0) await context.waitForEvent("serviceworker");
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const scriptMs = async () => {
      const { metrics } = await cdp.send("Performance.getMetrics");
      return (metrics.find((metric) => metric.name === "ScriptDuration")?.value ?? 0) * 1000;
    };
    const start = await scriptMs();
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(2_000);
    const loaded = await scriptMs();
    await page.waitForTimeout(IDLE_WINDOW_MS);
    const idle = await scriptMs();
    return { loadScriptMs: loaded - start, idleScriptMs: idle - loaded };
  } finally {
    await context.close();
  }
}

/** Measures the page without, then with, the extension (`extensionDirectory`: the Chrome build). */
export async function measureIdleCost(extensionDirectory: string, chromiumPath: string): Promise<{ without: IdleCost; with: IdleCost }> {
  const html = longPage();
  const server = createServer((_request, response) => response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    const without = await measure(url, chromiumPath);
    const withExtension = await measure(url, chromiumPath, extensionDirectory);
    return { without, with: withExtension };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
