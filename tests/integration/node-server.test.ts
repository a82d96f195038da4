/**
 * The Node server (`server.ts`) as an operator sees it: it refuses to start without
 * configuration, serves the build with compression and immutable caching for hashed assets,
 * answers /healthz, logs requests, and exits cleanly on SIGTERM. Needs `npm run build`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  LOCAL_COOKIE_SECRET,
  LOCAL_STRIPE_PRO_PRICE_ID,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  LOCAL_SUPABASE_ANON_KEY,
  LOCAL_SUPABASE_SERVICE_ROLE_KEY,
} from "../../emulators/config.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function configuration(port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    // Nothing listens here: the stats call fails fast and the page shows its placeholder.
    SUPABASE_URL: "http://127.0.0.1:9",
    SUPABASE_ANON_KEY: LOCAL_SUPABASE_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
    STRIPE_PRO_PRICE_ID: LOCAL_STRIPE_PRO_PRICE_ID,
    COOKIE_SECRET: LOCAL_COOKIE_SECRET,
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

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

describe("the Node server", () => {
  it("refuses to start without the Supabase key, with the spec's message", async () => {
    const env = configuration(await freePort());
    delete env.SUPABASE_ANON_KEY;
    const server = start(env);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("supabaseKey is required.");
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

    // The log line is written when the response finishes; it may reach us just after the body.
    await expect.poll(server.output, { timeout: 5_000 }).toMatch(/GET \/blog 200 [\d.]+ms/);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    await expect.poll(server.output, { timeout: 5_000 }).toContain("SIGTERM received");
  });
});
