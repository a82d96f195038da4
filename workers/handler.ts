/**
 * The Worker's request handling, apart from the build it serves (workers/app.ts wires in the
 * React Router server build), so it can be tested without one.
 *
 * The Worker has no process.env: its vars and secrets arrive as bindings with each request. They
 * are validated with the app's own `parseEnv` once per isolate (bindings object) and handed to
 * the app through `envContext`, which `getEnv(context)` reads.
 */
import { RouterContextProvider } from "react-router";
import { ConfigurationError, envContext, parseEnv, type AppEnv } from "../app/lib/env.server";
import { workersAiContext } from "../app/lib/optimize/engine.server";
import { clientAddressContext } from "../app/lib/client-address.server";
import { pageStoreContext } from "../app/lib/page-cache.server";
import { cacheApiPageStore } from "./page-store";

/** The part of Cloudflare's `ExecutionContext` the Worker relies on. */
export interface WorkerExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

/** The Worker's bindings: the vars and secrets named in wrangler.jsonc, and the assets binding. */
export type WorkerBindings = Record<string, unknown>;

export type AppRequestHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface WorkerHandler {
  fetch(request: Request, bindings: WorkerBindings, ctx?: WorkerExecutionContext): Promise<Response>;
}

export const MISCONFIGURED_MESSAGE = "Service misconfigured";

/** How much of a body nobody read is read (and dropped) before answering; the rest is cancelled. */
const DISCARD_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads and drops a request body the app answered without reading (a refused cross-site post, a
 * 405, a redirect). workerd otherwise leaves the body on the connection, and the proxy in front
 * of it (wrangler's dev server, seen here) can lose the connection: the next request on it then
 * fails with a 500 "Network connection lost" — a refusal that sometimes turned into a 500.
 */
export async function discardUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  try {
    for (let read = 0; read < DISCARD_LIMIT_BYTES; ) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // A body that fails to read is dropped all the same.
  }
}

type ParsedEnv = { ok: true; env: AppEnv } | { ok: false };

export function createWorkerHandler(
  handleRequest: AppRequestHandler,
  log: (message: string) => void = console.error,
): WorkerHandler {
  const parsedEnvs = new WeakMap<object, ParsedEnv>();

  function envFromBindings(bindings: WorkerBindings): ParsedEnv {
    const cached = parsedEnvs.get(bindings);
    if (cached) return cached;
    const strings: Record<string, string> = {};
    for (const [name, value] of Object.entries(bindings)) {
      if (typeof value === "string") strings[name] = value;
    }
    let parsed: ParsedEnv;
    try {
      parsed = { ok: true, env: parseEnv(strings) };
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      // The details go to the Worker's logs (wrangler tail, Workers Logs), never to the client.
      log(`Configuration error: ${error.message}`);
      parsed = { ok: false };
    }
    parsedEnvs.set(bindings, parsed);
    return parsed;
  }

  return {
    async fetch(request, bindings, ctx) {
      const parsed = envFromBindings(bindings);
      if (!parsed.ok) {
        return new Response(MISCONFIGURED_MESSAGE, {
          status: 500,
          headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
        });
      }
      const context = new RouterContextProvider();
      context.set(envContext, parsed.env);
      // Cloudflare writes CF-Connecting-IP; the client cannot set it.
      context.set(clientAddressContext, { address: request.headers.get("CF-Connecting-IP") });
      // Workers AI, when bound as `AI` (used when no AI_BASE_URL is configured).
      if (bindings.AI) context.set(workersAiContext, bindings.AI);
      // Public pages for anonymous visitors from the Cache API (docs/decisions/026).
      if (typeof caches !== "undefined") context.set(pageStoreContext, cacheApiPageStore(caches, ctx));
      const response = await handleRequest(request, context);
      await discardUnreadBody(request);
      return response;
    },
  };
}
