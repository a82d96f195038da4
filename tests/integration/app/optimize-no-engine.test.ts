/**
 * With no AI engine configured (the Worker without AI_BASE_URL or a Workers AI binding), the
 * optimize API answers 503 engine_unavailable, counts nothing, and logs why once.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { appForThisFile, signUpThroughApp } from "./app-harness.ts";

delete process.env.AI_BASE_URL;
delete process.env.AI_MODEL;

const app = appForThisFile();
afterEach(() => vi.restoreAllMocks());

describe("no engine configured", () => {
  it("answers 503 engine_unavailable, counts nothing, and says why in the log", async () => {
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    const client = await signUpThroughApp(app, "noengine@example.com");
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await client.fetch("/api/v1/optimize", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text: "hello, checking in about the invoice" }),
      });
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe("engine_unavailable");
    }
    expect(logged.filter((line) => line.includes("No AI engine configured: set AI_BASE_URL and AI_MODEL"))).toHaveLength(1);
    const usage = await app.backend.sql("select * from public.usage_tracking");
    expect(usage).toEqual([]);
  });
});
