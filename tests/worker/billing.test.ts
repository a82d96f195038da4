/**
 * Billing on the Worker: the Stripe SDK's fetch client creating a Checkout session from workerd,
 * the local Stripe's hosted page paid like a browser with JavaScript off, and the signed
 * webhook verified with Web Crypto inside the Worker — then the plan is Pro. Forged and unsigned
 * webhooks are refused.
 */
import { describe, expect, it } from "vitest";
import { LOCAL_STRIPE_URL } from "../../emulators/config.ts";
import { decodeEntities } from "../../emulators/html.ts";
import { signedStripeWebhook } from "./support/backend.ts";
import { signedUpOnWorker, WorkerClient } from "./support/client.ts";

describe("billing on the Worker", () => {
  it("upgrade → hosted checkout → signed webhook → Pro", async () => {
    const browser = await signedUpOnWorker(`worker-pay-${Date.now()}@example.com`, "Pat Payer");
    const upgrade = await browser.postForm("/dashboard/subscription", { intent: "upgrade" });
    expect(upgrade.status).toBe(303);
    const checkoutUrl = new URL(upgrade.headers.get("Location")!);
    expect(checkoutUrl.origin).toBe(LOCAL_STRIPE_URL);

    const checkoutPage = await fetch(checkoutUrl);
    expect(checkoutPage.status).toBe(200);
    const paid = await fetch(`${checkoutUrl.href}/pay`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        email: "pat@example.com",
        card_number: "4242 4242 4242 4242",
        card_expiry: "12 / 34",
        card_cvc: "123",
        cardholder_name: "Pat Payer",
      }),
    });
    expect(paid.status).toBe(303);
    const success = new URL(paid.headers.get("Location")!);
    expect(success.pathname).toBe("/dashboard/subscription");
    expect(success.searchParams.get("success")).toBe("true");

    const landing = await browser.get(`${success.pathname}${success.search}`);
    const page = landing.status === 302 || landing.status === 303 ? await browser.get(landing.headers.get("Location")!) : landing;
    const html = decodeEntities(await page.text());
    expect(html).toContain("Welcome to Pro!");
    expect(html).toContain(">PRO<");
    expect(html).not.toContain("Upgrade to Pro");
  });

  it("refuses a forged or unsigned webhook with 400 and accepts a signed one", async () => {
    const event = { id: `evt_worker_${Date.now()}`, object: "event", type: "customer.created", data: { object: { id: "cus_x", object: "customer" } }, created: Math.floor(Date.now() / 1000), livemode: false, api_version: "2026-10-28.endive", pending_webhooks: 1, request: { id: null, idempotency_key: null } };
    const client = new WorkerClient();
    const forged = await signedStripeWebhook(event, "whsec_not_the_real_secret");
    expect((await client.request("/api/webhooks/stripe", { method: "POST", headers: forged.headers, body: forged.body })).status).toBe(400);
    const unsigned = await client.request("/api/webhooks/stripe", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    const signed = await signedStripeWebhook(event);
    const accepted = await client.request("/api/webhooks/stripe", { method: "POST", headers: signed.headers, body: signed.body });
    expect(accepted.status).toBe(200);
  });
});
