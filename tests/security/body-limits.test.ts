/**
 * Finding 3 (issue 10): no request body is read past its limit — 64 KB for forms and the API,
 * 1 MB for the Stripe webhook — whatever route it is sent to, with or without a length.
 */
import { describe, expect, it } from "vitest";
import { appForThisFile, createTokenThroughApp, signUpThroughApp } from "../integration/app/app-harness.ts";

const app = appForThisFile();
const EXTENSION_ORIGIN = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";

function endlessBody(): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (++pulled > 100_000) return controller.close();
      controller.enqueue(new Uint8Array(1024).fill(97));
    },
  });
  return { body, pulled: () => pulled };
}

describe("request body limits", () => {
  it("refuses a form post over 64 KB with 413, on every kind of route", async () => {
    const big = new URLSearchParams({ email: "a@example.com", filler: "x".repeat(70 * 1024) }).toString();
    for (const path of ["/auth", "/auth/forgot-password", "/blog", "/dashboard/settings", "/nowhere"]) {
      const response = await app.client().fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(big.length) },
        body: big,
      });
      expect(response.status, path).toBe(413);
    }
  });

  it("accepts a normal form post", async () => {
    const response = await app.client().post("/auth/forgot-password", { email: "someone@example.com" });
    expect(response.status).toBe(200);
  });

  it("refuses a form post with no length (chunked) with 411, without reading it", async () => {
    const { body, pulled } = endlessBody();
    const response = await app.client().fetch("/auth", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body, duplex: "half" } as RequestInit);
    expect(response.status).toBe(411);
    expect(pulled()).toBeLessThan(5);
  });

  it("lets the Stripe webhook carry up to 1 MB, not more", async () => {
    const underLimit = JSON.stringify({ id: "evt_x", filler: "x".repeat(200 * 1024) });
    const fine = await app.client().fetch("/api/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(underLimit.length), "Stripe-Signature": "t=1,v1=bad" },
      body: underLimit,
    });
    expect(fine.status).toBe(400); // read, and refused for its signature
    const overLimit = "x".repeat(1024 * 1024 + 1);
    const tooBig = await app.client().fetch("/api/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(overLimit.length) },
      body: overLimit,
    });
    expect(tooBig.status).toBe(413);
  });

  it("answers the API's own shape for an oversized API call", async () => {
    const client = await signUpThroughApp(app, "api-size@example.com");
    const big = JSON.stringify({ text: "x".repeat(70 * 1024) });
    const response = await client.fetch("/api/v1/optimize", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(big.length) },
      body: big,
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
  });

  it("lets the extension read the refusal: an oversized call from its origin answers with CORS", async () => {
    const client = await signUpThroughApp(app, "api-size-cors@example.com");
    const token = await createTokenThroughApp(client, "Browser extension");
    const big = JSON.stringify({ text: "x".repeat(70 * 1024) });
    const response = await app.client().fetch("/api/v1/optimize", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        Origin: EXTENSION_ORIGIN,
        "Content-Type": "application/json",
        "Content-Length": String(big.length),
      },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(EXTENSION_ORIGIN);
    expect((await response.json()).error.code).toBe("payload_too_large");
  });
});
