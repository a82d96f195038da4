/**
 * The extension tests' fixtures: a Chromium with the e2e build of the extension loaded (a
 * persistent context, the only kind that loads extensions), its id, the fixture pages on a local
 * port, and connecting the extension to a fresh account through /extension/connect.
 */
import { createReadStream, existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type BrowserContext, type Page, type Worker } from "@playwright/test";
import { expect, test as base } from "../../support/test";
import { EXTENSION_DIR, type Fixture, FIXTURES_DIR } from "./paths";

export { expect };

const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

/** Serves the bundled fixture pages on 127.0.0.1 (the content script runs on every http page). */
async function serveFixtures(): Promise<Server> {
  const server = createServer((request, response) => {
    const name = path.basename(new URL(request.url ?? "/", "http://fixtures").pathname);
    const file = path.join(FIXTURES_DIR, name);
    const type = TYPES[path.extname(name)];
    if (!type || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

export interface Connected {
  email: string;
}

export const test = base.extend<
  { extensionId: string; openFixture: (name: Fixture) => Promise<Page>; connected: Connected },
  { fixturesOrigin: string }
>({
  fixturesOrigin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, provide) => {
      const server = await serveFixtures();
      await provide(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: "worker" },
  ],

  context: async ({ launchOptions, baseURL, extraHTTPHeaders, viewport }, provide) => {
    if (!existsSync(path.join(EXTENSION_DIR, "manifest.json"))) throw new Error("The e2e extension build is missing: run the extension-setup project.");
    const context = await chromium.launchPersistentContext("", {
      executablePath: launchOptions.executablePath,
      headless: true,
      args: [...(launchOptions.args ?? []), `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
      baseURL,
      extraHTTPHeaders,
      viewport,
    });
    await provide(context);
    await context.close();
  },

  extensionId: async ({ context }, provide) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    await provide(new URL(worker.url()).host);
  },

  openFixture: async ({ context, fixturesOrigin }, provide) => {
    await provide(async (name) => {
      const page = await context.newPage();
      await page.goto(`${fixturesOrigin}/${name}.html`);
      await expect.poll(() => page.evaluate(() => typeof window.__state)).toBe("function");
      return page;
    });
  },

  /** A fresh account (each test its own: the Free plan's monthly allowance), signed in and connected to the extension. */
  connected: async ({ context, signedInUser: { email }, extensionId }, provide) => {
    await connectExtension(context, extensionId, email);
    await provide({ email });
  },
});

/** The popup, opened as a tab (a toolbar popup cannot be opened by a test). */
/** The extension's service worker (the one running now: Chrome may have restarted it). */
export async function serviceWorker(context: BrowserContext, extensionId: string): Promise<Worker> {
  const running = context.serviceWorkers().find((worker) => new URL(worker.url()).host === extensionId);
  return running ?? (await context.waitForEvent("serviceworker"));
}

export async function openPopup(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  return popup;
}

/** Popup → Got it → Connect to Tonewise: the tab the extension opens on the app (the popup closes itself). */
export async function clickConnect(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await openPopup(context, extensionId);
  await popup.getByRole("button", { name: "Got it" }).click();
  const connectTab = context.waitForEvent("page");
  await popup.getByRole("button", { name: "Connect to Tonewise" }).click();
  const tab = await connectTab;
  if (!popup.isClosed()) await popup.close();
  return tab;
}

/**
 * A freshly opened popup, once it shows `text`: the service worker acts when the connect tab
 * lands, and the popup reads what it stored, so it is reloaded until the text is there.
 */
export async function popupShowing(context: BrowserContext, extensionId: string, text: string): Promise<Page> {
  const popup = await openPopup(context, extensionId);
  await expect(async () => {
    await popup.reload();
    await expect(popup.getByText(text, { exact: false })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return popup;
}

/** Popup → Connect to Tonewise → Approve on /extension/connect → the popup shows the account. */
export async function connectExtension(context: BrowserContext, extensionId: string, email: string): Promise<void> {
  const approval = await clickConnect(context, extensionId);
  await approval.waitForURL(/\/extension\/connect\?/);
  await expect(approval.getByRole("heading", { name: "Connect the Tonewise extension" })).toBeVisible();
  await approval.getByRole("button", { name: "Approve" }).click();
  await expect(approval).toHaveURL(/\/extension\/connected\?/);
  // The service worker exchanges the code once the tab lands; the popup shows the account when it has the token.
  await (await popupShowing(context, extensionId, email)).close();
}
