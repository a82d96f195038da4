/**
 * Calls the app's loaders and actions the way a browser or the extension would: real Requests
 * through the production server build (every middleware included), with the local backend
 * mounted in-process by MSW so tests can break one service call at a time with `server.use()`.
 *
 * `npm test` builds the app first; run `npm run build` before running these files alone.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { NODE_CLIENT_ADDRESS_HEADER } from "../../../app/lib/client-address.server.ts";
import { localAppEnvironment } from "../../../emulators/config.ts";
import { decodeEntities } from "../../../emulators/html.ts";
import { localBackendForThisFile, type BackendHarness } from "../backend/local-backend-fixture.ts";

export const APP_ORIGIN = "http://localhost:3000";

Object.assign(process.env, {
  ...localAppEnvironment(APP_ORIGIN),
  EXTENSION_ORIGINS: "chrome-extension://abcdefghijklmnopabcdefghijklmnop",
});

const BUILD = path.resolve(import.meta.dirname, "../../../build/server/index.js");

/**
 * A browser-like client: keeps cookies, sends same-origin headers, never follows redirects. With
 * an `address`, its requests arrive as the Node server passes them on from that client's address.
 */
export class AppClient {
  readonly cookies = new Map<string, string>();
  private readonly handle: (request: Request) => Promise<Response>;
  private readonly address: string | undefined;
  constructor(handle: (request: Request) => Promise<Response>, address?: string) {
    this.handle = handle;
    this.address = address;
  }

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.address) headers.set(NODE_CLIENT_ADDRESS_HEADER, this.address);
    if (this.cookies.size > 0) {
      headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    if ((init.method ?? "GET").toUpperCase() !== "GET") {
      if (!headers.has("Origin")) headers.set("Origin", APP_ORIGIN);
      if (!headers.has("Sec-Fetch-Site")) headers.set("Sec-Fetch-Site", "same-origin");
      // Browsers (and HTTP clients) send the length of a body they have whole; a Request made in
      // process does not, so say it here as the wire would.
      if (!headers.has("Content-Length") && (typeof init.body === "string" || init.body instanceof URLSearchParams)) {
        headers.set("Content-Length", String(new TextEncoder().encode(init.body.toString()).byteLength));
      }
    }
    const response = await this.handle(new Request(new URL(pathname, APP_ORIGIN), { ...init, headers, redirect: "manual" }));
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Submits a form the way a browser with JavaScript off does. */
  post(pathname: string, fields: Record<string, string>, init: RequestInit = {}): Promise<Response> {
    return this.fetch(pathname, { ...init, method: "POST", body: new URLSearchParams(fields) });
  }

  /** The page's HTML, without the empty comments React puts between joined text pieces. */
  async html(pathname: string): Promise<{ status: number; html: string; response: Response }> {
    const response = await this.fetch(pathname);
    return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", ""), response };
  }
}

export type AppHarness = BackendHarness & { client: (options?: { address?: string }) => AppClient };

/** The backend (reset before each test) and a factory of fresh browser-like clients. */
export function appForThisFile(): AppHarness {
  const backendHarness = localBackendForThisFile();
  const harness = backendHarness as AppHarness;
  let handle: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    if (!existsSync(BUILD)) throw new Error("No server build: run `npm run build` first.");
    const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
    const handler = createRequestHandler(build, "production");
    handle = (request) => handler(request, new RouterContextProvider());
  });
  beforeEach(() => undefined);
  afterAll(() => undefined);
  harness.client = (options) => new AppClient((request) => handle(request), options?.address);
  return harness;
}

/**
 * Follows an emailed link as a person does: opens it (the page says whom it is for and signs no
 * one in), then presses Continue (a same-origin form post). Answers the post's response, or the
 * page's own when it is not the interstitial (an invalid link redirects at once).
 */
export async function followEmailLink(client: AppClient, link: string): Promise<Response> {
  const url = new URL(link);
  const page = await client.fetch(`${url.pathname}${url.search}`);
  if (page.status !== 200) return page;
  const html = await page.text();
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map(([, name, value]) => [name!, decodeEntities(value!)]),
  );
  return client.post("/auth/confirm", fields);
}

/** Signs up through the app, confirms through the emailed link, and returns the signed-in client. */
export async function signUpThroughApp(harness: AppHarness, email: string, fullName = "Test User", password = "Correct-Horse-9") {
  const client = harness.client();
  const signUp = await client.post("/auth?mode=signup", { mode: "signup", fullName, email, password });
  if (signUp.status !== 200) throw new Error(`Sign-up answered ${signUp.status}`);
  const [mail] = harness.backend.mailbox.messages(email);
  const link = mail?.links.find((candidate) => candidate.includes("/auth/confirm"));
  if (!link) throw new Error(`No confirmation email for ${email}`);
  const confirm = await followEmailLink(client, link);
  if (confirm.status !== 302) throw new Error(`Confirmation answered ${confirm.status}`);
  return client;
}

/** The toasts rendered into a page's HTML. */
export function toastsIn(html: string): string[] {
  return [...html.matchAll(/data-toast="[^"]*"[^>]*>[\s\S]*?<p class="text-sm font-semibold">([^<]*)<\/p>(?:<p class="mt-1 text-sm opacity-90">([^<]*)<\/p>)?/g)].map(
    ([, title, description]) => (description ? `${decodeEntities(title!)} / ${decodeEntities(description)}` : decodeEntities(title!)),
  );
}

/** Creates an access token on the Account page (as a browser with JavaScript off) and reads it from the page. */
export async function createTokenThroughApp(client: AppClient, name: string): Promise<string> {
  const response = await client.post("/dashboard/account", { intent: "create-token", name });
  if (response.status !== 200) throw new Error(`Token creation answered ${response.status}`);
  const token = /value="(tw_[A-Za-z0-9_-]{43})"/.exec(await response.text())?.[1];
  if (!token) throw new Error("No token in the page");
  return token;
}

/** `init` with the token as its Bearer credentials. */
export function bearer(token: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } };
}
