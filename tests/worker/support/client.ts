/**
 * A cookie-keeping HTTP client for the Worker, like a browser with JavaScript off: redirects are
 * returned, not followed, so tests can check them; cookies set by a response go with the next
 * request. Sign-in flows keep one client per user.
 */
import { decodeEntities } from "../../../emulators/html.ts";
import { emailsTo } from "./backend.ts";
import { WORKER_URL } from "./worker.ts";

export class WorkerClient {
  readonly baseUrl: string;
  readonly #cookies = new Map<string, string>();

  constructor(baseUrl = WORKER_URL) {
    this.baseUrl = baseUrl;
  }

  get origin(): string {
    return new URL(this.baseUrl).origin;
  }

  cookie(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.#cookies.size > 0 && !headers.has("Cookie")) {
      headers.set("Cookie", [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: "manual" });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = setCookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return response;
  }

  get(path: string, headers: HeadersInit = {}): Promise<Response> {
    return this.request(path, { headers });
  }

  /**
   * Follows an emailed link as a person does: opens the page (which signs no one in), then
   * presses its Continue button (a same-origin form post of the page's hidden fields).
   */
  async followEmailLink(link: URL): Promise<Response> {
    const page = await this.get(`${link.pathname}${link.search}`);
    if (page.status !== 200) return page;
    const html = await page.text();
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map(([, name, value]) => [name!, decodeEntities(value!)]),
    );
    return this.postForm(link.pathname, fields);
  }

  /** Submits a form as a browser does (urlencoded, with its Origin); `origin` fakes another site. */
  postForm(path: string, fields: Record<string, string>, options: { origin?: string } = {}): Promise<Response> {
    return this.request(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: options.origin ?? this.origin,
      },
      body: new URLSearchParams(fields),
    });
  }
}

/** The nonce in a Content-Security-Policy's script-src. */
export function cspNonce(csp: string | null): string | undefined {
  return /script-src[^;]*'nonce-([^']+)'/.exec(csp ?? "")?.[1];
}

/** The attributes of every <script> tag in a page. */
export function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
}

/** The text of the page's first <h1>, tags stripped. */
export function firstHeading(html: string): string | undefined {
  const inner = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  return inner?.replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim();
}

/** A new account signed up and confirmed through the Worker: its client, signed in. */
export async function signedUpOnWorker(address: string, fullName: string): Promise<WorkerClient> {
  const browser = new WorkerClient();
  const signUp = await browser.postForm("/auth?mode=signup", { mode: "signup", fullName, email: address, password: "Sup3rSecret" });
  if (signUp.status !== 200) throw new Error(`Sign-up answered ${signUp.status}`);
  const [email] = await emailsTo(address);
  const link = email?.links.find((href) => href.includes("/auth/confirm?"));
  if (!link) throw new Error(`No confirmation email for ${address}`);
  const confirmed = await browser.followEmailLink(new URL(link));
  if (confirmed.status !== 302) throw new Error(`Confirmation answered ${confirmed.status}`);
  return browser;
}
