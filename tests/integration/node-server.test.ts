/**
 * The Node server (`server.ts`) as an operator sees it: it refuses to start without
 * configuration, serves the build with compression and immutable caching for hashed assets,
 * answers /healthz, logs requests, and exits cleanly on SIGTERM. Needs `npm run build`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readdirSync } from "node:fs";
import { get, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { localAppEnvironment } from "../../emulators/config.ts";
import { freePort } from "../../emulators/ports.ts";
import { createExpressApp } from "../../express-app.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];

/** Nothing listens here: the stats call fails fast and the page shows its placeholder. */
const NOTHING_LISTENS = "http://127.0.0.1:9";

/** The local configuration, with every backend address pointing where nothing answers. */
function configuration(port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: "127.0.0.1",
    ...localAppEnvironment(`http://127.0.0.1:${port}`, {
      supabase: NOTHING_LISTENS,
      stripe: NOTHING_LISTENS,
      ai: `${NOTHING_LISTENS}/v1`,
    }),
  };
}

function start(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ["server.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not become healthy");
}

const servers: Server[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const server of servers.splice(0)) server.close();
});

describe("the Node server", () => {
  it("refuses to start without the Supabase key, saying 'supabaseKey is required.'", async () => {
    const env = configuration(await freePort());
    delete env.SUPABASE_ANON_KEY;
    const server = start(env);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("supabaseKey is required.");
  });

  it("refuses to start in production without an AI engine, naming the variables", async () => {
    const env = configuration(await freePort());
    delete env.AI_BASE_URL;
    delete env.AI_MODEL;
    const server = start(env);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("No AI engine configured: set AI_BASE_URL and AI_MODEL");
  });

  it("names any other missing variable", async () => {
    const env = configuration(await freePort());
    delete env.STRIPE_WEBHOOK_SECRET;
    const server = start(env);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Missing environment variable: STRIPE_WEBHOOK_SECRET");
  });

  it("serves the build compressed, caches hashed assets for good, logs, and stops on SIGTERM", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = start(configuration(port));
    await waitForHealth(url);

    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });

    const home = await fetch(`${url}/blog`, { headers: { "Accept-Encoding": "gzip" } });
    expect(home.status).toBe(200);
    expect(home.headers.get("Content-Encoding")).toBe("gzip");
    expect(home.headers.get("X-Powered-By")).toBeNull();

    const asset = readdirSync(path.join(ROOT, "build/client/assets")).find((name) => name.endsWith(".js"))!;
    const assetResponse = await fetch(`${url}/assets/${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(assetResponse.headers.get("X-Content-Type-Options")).toBe("nosniff");

    // The build's other files (favicons, the social image) are served from its client folder.
    const favicon = await fetch(`${url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(favicon.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(favicon.headers.get("X-Content-Type-Options")).toBe("nosniff");

    // An email link's query (its token and its reader's address) never reaches the log.
    await fetch(`${url}/auth/confirm?token_hash=secret-token-hash&type=email&email=ada%40example.com`, { redirect: "manual" });

    // The log line is written when the response finishes; it may reach us just after the body.
    await expect.poll(server.output, { timeout: 5_000 }).toMatch(/GET \/blog 200 [\d.]+ms/);
    await expect.poll(server.output, { timeout: 5_000 }).toMatch(/GET \/auth\/confirm 200 [\d.]+ms/);
    expect(server.output()).not.toContain("secret-token-hash");
    expect(server.output()).not.toMatch(/ada(@|%40)example\.com/);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    await expect.poll(server.output, { timeout: 5_000 }).toContain("SIGTERM received");
  });

  it("answers a malformed Host with a plain 400 and no stack trace, even with NODE_ENV unset", async () => {
    const port = await freePort();
    const env = configuration(port);
    delete env.NODE_ENV;
    const server = start(env);
    await waitForHealth(`http://127.0.0.1:${port}`);
    for (const headers of ["Host: [bad", `Host: 127.0.0.1:${port}\r\nX-Forwarded-Host: [bad`]) {
      const raw = await rawRequest(port, `GET / HTTP/1.1\r\n${headers}\r\nConnection: close\r\n\r\n`);
      const [head = "", body = ""] = raw.split("\r\n\r\n");
      expect(head, headers).toMatch(/^HTTP\/1\.1 (200|400) /);
      // A stack frame ("at fn (file:line:col)" or "at file:line:col"), a path or an error name. The
      // page's own prose may say "at" and, further along the same line, "(" (one chunk since the
      // whole document is sent at once), so a frame is matched by its file:line:col.
      expect(raw).not.toMatch(/\bat (?:\S+ \()?\S+:\d+:\d+\)?|node_modules|\/build\/server|Error:/);
      if (head.startsWith("HTTP/1.1 400")) {
        expect(body).toBe("Bad request.");
        expect(head).toMatch(/content-security-policy: default-src 'none'/i);
        expect(head).toMatch(/x-content-type-options: nosniff/i);
      }
    }
    // The operator's log says what happened, in one line.
    await expect.poll(server.output, { timeout: 5_000 }).toContain("GET / failed: TypeError (answered 400)");
  });

  it("believes no proxy by default: a forged X-Forwarded-Host cannot pass the cross-site check", async () => {
    const port = await freePort();
    const server = start(configuration(port));
    await waitForHealth(`http://127.0.0.1:${port}`);
    const response = await fetch(`http://127.0.0.1:${port}/auth`, {
      method: "POST",
      headers: { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http", "Content-Type": "application/x-www-form-urlencoded" },
      body: "mode=signin&email=a%40b.co&password=x",
      redirect: "manual",
    });
    // The URL stays the socket's (127.0.0.1), so React Router's own origin check refuses the
    // action (400) before ours would (403); with every hop trusted it used to run.
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie()).toEqual([]);
    server.child.kill("SIGTERM");
  });

  it("refuses an oversized or unmeasured form body over real HTTP, without reading it", async () => {
    const port = await freePort();
    const server = start(configuration(port));
    await waitForHealth(`http://127.0.0.1:${port}`);
    const huge = await fetch(`http://127.0.0.1:${port}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${port}` },
      body: "email=" + "a".repeat(5 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    let pulled = 0;
    const chunked = await fetch(`http://127.0.0.1:${port}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${port}` },
      body: new ReadableStream({
        pull(controller) {
          if (++pulled > 2_000) return controller.close();
          controller.enqueue(new Uint8Array(1024).fill(97));
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
    server.child.kill("SIGTERM");
  });

  it("refuses TRUST_PROXY=true, which would believe any client", async () => {
    const env = configuration(await freePort());
    env.TRUST_PROXY = "true";
    const server = start(env);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("TRUST_PROXY=true would believe any client");
  });
});

describe("the Node server's Express app, in this process", () => {
  /** An APP_URL no other configuration of the test run uses. */
  const APP_URL = "http://localhost:4321";

  async function serve(): Promise<string> {
    const build = (await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href)) as ServerBuild;
    const appEnv = parseEnv({
      ...localAppEnvironment(APP_URL, { supabase: NOTHING_LISTENS, stripe: NOTHING_LISTENS, ai: `${NOTHING_LISTENS}/v1` }),
      NODE_ENV: "production",
    });
    const server = createExpressApp({ build, clientDirectory: path.join(ROOT, "build/client"), appEnv }).listen(0, "127.0.0.1");
    servers.push(server);
    await once(server, "listening");
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** One GET, its status, headers and body as sent (not decompressed). */
  function getRaw(url: string, headers: Record<string, string>) {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      }).on("error", reject);
    });
  }

  const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

  it("hands every request the environment server.ts parsed, through the build's own context key", async () => {
    const url = await serve();
    const about = await getRaw(`${url}/about`, { "Accept-Encoding": "identity" });
    expect(about.status).toBe(200);
    expect(about.body.toString()).toContain(`<link rel="canonical" href="${APP_URL}/about"/>`);
  });

  it("sends a stored page gzipped from kept bytes: valid gzip, the same page, a nonce of its own", async () => {
    const url = await serve();
    // An article has no script that runs (decision 037): the whole page goes out from kept bytes,
    // and only the header carries this response's nonce. Splicing a nonce into the page's kept
    // bytes (the landing page's scripts) is tests/unit/stored-page-gzip.test.ts's, in every shape.
    const article = `${url}/blog/48-hour-follow-up-rule`;
    const plain = await getRaw(article, { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const gzipped = [await getRaw(article, { "Accept-Encoding": "gzip, deflate, br" }), await getRaw(article, { "Accept-Encoding": "gzip" })];
    const pages = [plain, ...gzipped].map((response) => {
      const nonce = nonceOf(response.headers["content-security-policy"]);
      expect(nonce).toBeTruthy();
      const body = response.headers["content-encoding"] === "gzip" ? gunzipSync(response.body).toString() : response.body.toString();
      expect(body).not.toContain(nonce!);
      return { nonce, page: body };
    });
    for (const response of gzipped) {
      expect(response.status).toBe(200);
      expect(response.headers["x-cache"]).toBe("hit");
      expect(response.headers["content-encoding"]).toBe("gzip");
      expect(response.headers["content-length"]).toBe(String(response.body.byteLength));
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    }
    expect(new Set(pages.map(({ nonce }) => nonce)).size).toBe(3);
    expect(pages[1]!.page).toBe(pages[0]!.page);
    expect(pages[2]!.page).toBe(pages[0]!.page);
    // A client that refuses gzip gets the page as it is.
    const refused = await getRaw(article, { "Accept-Encoding": "gzip;q=0, identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toBe(pages[0]!.page);
  });

  it("sends a rendered page gzipped around the stylesheet compressed once: valid gzip, the page as rendered", async () => {
    const url = await serve();
    // A query string: rendered for this request, never stored.
    const about = `${url}/about?ref=newsletter`;
    const plain = await getRaw(about, { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const pageOf = (response: { headers: Record<string, string | string[] | undefined>; body: Buffer }) => {
      const body = response.headers["content-encoding"] === "gzip" ? gunzipSync(response.body).toString() : response.body.toString();
      return body.replaceAll(nonceOf(response.headers["content-security-policy"])!, "NONCE");
    };
    const page = pageOf(plain);
    // The whole stylesheet inside (decision 030).
    expect(page.indexOf("</style>") - page.indexOf("<style>")).toBeGreaterThan(10_000);
    for (const accept of ["gzip, deflate, br", "gzip", "br, gzip"]) {
      const response = await getRaw(about, { "Accept-Encoding": accept });
      expect(response.status).toBe(200);
      // Rendered for this request, not answered from the store.
      expect(response.headers["x-cache"]).toBeUndefined();
      expect(response.headers["content-encoding"]).toBe("gzip");
      expect(response.headers["content-length"]).toBe(String(response.body.byteLength));
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(pageOf(response)).toBe(page);
      expect(response.body.byteLength).toBeLessThan(Buffer.byteLength(page) / 4);
    }
    // Not a page: left to the server's compression as before.
    const robots = await getRaw(`${url}/robots.txt?x=1`, { "Accept-Encoding": "gzip" });
    expect(robots.status).toBe(200);
    expect(gunzipSync(robots.body).toString()).toContain("Sitemap:");
  });
});

function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let data = "";
    socket.on("data", (chunk) => (data += chunk));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
}
