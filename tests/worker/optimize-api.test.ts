/**
 * The optimize API on the Worker: a signed-in session (the dashboard's credentials) asks
 * POST /api/v1/optimize, which runs in workerd through the AI SDK against the local AI stand-in
 * and meters through the local Supabase; GET /api/v1/me reflects the count.
 */
import { describe, expect, it } from "vitest";
import { signedUpOnWorker, WorkerClient } from "./support/client.ts";
import { WORKER_EXTENSION_ORIGIN } from "./support/worker.ts";

describe("the optimize API on the Worker", () => {
  it("answers a suggestion through the local AI stand-in and counts it", async () => {
    const browser = await signedUpOnWorker(`worker-api-${Date.now()}@example.com`, "Avery Api");
    const text = "hi priya, just following up on the demo from thursday. the team plan is $49 per seat. does next week work for a call?";
    const response = await browser.request("/api/v1/optimize", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: browser.origin },
      body: JSON.stringify({ text, tone: "persuasive", messageType: "email", platform: "gmail", draftId: "worker-draft" }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { suggestion: string; tone: string; usage: { used: number; limit: number } };
    expect(body.tone).toBe("persuasive");
    expect(body.suggestion).toContain("$49");
    expect(body.suggestion).not.toBe(text);
    expect(body.usage).toMatchObject({ used: 1, limit: 30 });

    const me = await browser.get("/api/v1/me");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ fullName: "Avery Api", usage: { used: 1, remaining: 29 } });
  });

  it("answers errors in the API's shape", async () => {
    const anonymous = await new WorkerClient().request("/api/v1/optimize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "hello there" }),
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("unauthorized");

    const browser = await signedUpOnWorker(`worker-api-${Date.now()}@example.com`, "Avery Api");
    const invalid = await browser.request("/api/v1/optimize", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: browser.origin },
      body: JSON.stringify({ text: "hello", tone: "shouty" }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: { code: "invalid_request", field: "tone" } });
  });

  it("allows CORS for the configured extension origin only (EXTENSION_ORIGINS), as on Node", async () => {
    const client = new WorkerClient();
    const preflight = await client.request("/api/v1/optimize", {
      method: "OPTIONS",
      headers: { Origin: WORKER_EXTENSION_ORIGIN, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe(WORKER_EXTENSION_ORIGIN);
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toMatch(/Authorization/i);
    expect(preflight.headers.get("Access-Control-Allow-Credentials")).toBeNull();

    const answer = await client.request("/api/v1/me", { headers: { Origin: WORKER_EXTENSION_ORIGIN } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe(WORKER_EXTENSION_ORIGIN);
    expect(answer.headers.get("Access-Control-Expose-Headers")).toContain("Retry-After");

    for (const origin of ["https://evil.example", "chrome-extension://someoneelseextensionidabcdefghij"]) {
      const refused = await client.request("/api/v1/optimize", { method: "OPTIONS", headers: { Origin: origin, "Access-Control-Request-Method": "POST" } });
      expect(refused.headers.get("Access-Control-Allow-Origin"), origin).toBeNull();
      const other = await client.request("/api/v1/me", { headers: { Origin: origin } });
      expect(other.headers.get("Access-Control-Allow-Origin"), origin).toBeNull();
    }
  });
});
