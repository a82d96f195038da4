/**
 * The Cloudflare Worker's request handling without a build: bindings become the app's env
 * (through envContext), parsed once per isolate; bad configuration answers 500 without details.
 */
import { describe, expect, it, vi } from "vitest";
import { envContext, type AppEnv } from "~/lib/env.server";
import { createWorkerHandler, MISCONFIGURED_MESSAGE } from "../../workers/handler.ts";
import { VALID_ENV } from "./support/valid-env.ts";

/** As wrangler binds them: an unset var arrives as "". */
const bindings = {
  ...VALID_ENV,
  STRIPE_API_URL: "",
  ASSETS: { fetch: async () => new Response("asset") },
};

function setup() {
  const seen: AppEnv[] = [];
  const log = vi.fn<(message: string) => void>();
  const worker = createWorkerHandler(async (_request, context) => {
    const env = context.get(envContext);
    if (env) seen.push(env);
    return new Response("from the app");
  }, log);
  return { worker, seen, log };
}

describe("Worker handler", () => {
  it("hands the parsed bindings to the app as its env, once per bindings object", async () => {
    const { worker, seen } = setup();
    const first = await worker.fetch(new Request("https://tonewise.app/"), bindings);
    await worker.fetch(new Request("https://tonewise.app/about"), bindings);

    expect(await first.text()).toBe("from the app");
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ APP_URL: "https://tonewise.app", STRIPE_API_URL: undefined, NODE_ENV: "production" });
    expect(seen[1]).toBe(seen[0]);
  });

  it("answers 500 'Service misconfigured' and logs the reason, without leaking it", async () => {
    const { worker, seen, log } = setup();
    const broken = { ...bindings, STRIPE_SECRET_KEY: "", COOKIE_SECRET: "short" };
    const responses = [
      await worker.fetch(new Request("https://tonewise.app/healthz"), broken),
      await worker.fetch(new Request("https://tonewise.app/"), broken),
    ];

    for (const response of responses) {
      expect(response.status).toBe(500);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.text()).toBe(MISCONFIGURED_MESSAGE);
    }
    expect(seen).toHaveLength(0);
    expect(log).toHaveBeenCalledOnce();
    expect(log).toHaveBeenCalledWith("Configuration error: Missing environment variable: STRIPE_SECRET_KEY");
  });

  it("reports a missing Supabase key as 'supabaseKey is required.'", async () => {
    const { worker, log } = setup();
    const { SUPABASE_ANON_KEY: _anon, ...withoutKey } = bindings;
    expect((await worker.fetch(new Request("https://tonewise.app/"), withoutKey)).status).toBe(500);
    expect(log).toHaveBeenCalledWith("Configuration error: supabaseKey is required.");
  });

  it("reads and drops a body the app answered without reading", async () => {
    const { worker } = setup();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled++ >= 3) return controller.close();
        controller.enqueue(new TextEncoder().encode("email=victim%40example.com&"));
      },
    });
    const request = new Request("https://tonewise.app/blog", { method: "POST", body, duplex: "half" } as RequestInit);
    const response = await worker.fetch(request, bindings);
    expect(await response.text()).toBe("from the app");
    expect(request.bodyUsed).toBe(true);
    expect(pulled).toBe(4);
  });

  it("hands Workers AI to the app when it is bound", async () => {
    const { workersAiContext } = await import("~/lib/optimize/engine.server");
    const ai = { run: async () => ({}) };
    let seenBinding: unknown;
    const worker = createWorkerHandler(async (_request, context) => {
      seenBinding = context.get(workersAiContext);
      return new Response("ok");
    });
    await worker.fetch(new Request("https://tonewise.app/"), { ...bindings, AI: ai });
    expect(seenBinding).toBe(ai);
  });
});
