import type Stripe from "stripe";
import { describe, expect, it } from "vitest";

import { LOCAL_STRIPE_URL } from "../../../emulators/config.ts";
import { APP_URL, eventTypes, openPage, openPortal, harnessForEachTest, submitForm, subscribeToPro } from "./harness.ts";

const h = harnessForEachTest();

/** Moves the shared clock just past the subscription's current period end and lets Stripe catch up. */
async function passPeriodEnd(subscription: Stripe.Subscription): Promise<void> {
  const end = subscription.items.data[0]?.current_period_end ?? 0;
  h.clock.advance(Math.max(0, end * 1000 - h.clock.now()) + 60_000);
  await h.emulator.advanceClock();
}

function periodOf(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  return { start: item?.current_period_start ?? 0, end: item?.current_period_end ?? 0 };
}

async function pressPortalButton(customerId: string, label: string): Promise<Response> {
  const portal = await openPortal(h, customerId);
  const form = portal.button(label);
  if (!form) throw new Error(`No "${label}" button on the portal page:\n${portal.html}`);
  return submitForm(h.emulator, form);
}

describe("billing portal", () => {
  it("creates portal sessions and shows the plan with its renewal date", async () => {
    const { customer, subscription } = await subscribeToPro(h);
    const portal = await openPortal(h, customer.id);
    expect(portal.session).toMatchObject({
      object: "billing_portal.session",
      customer: customer.id,
      return_url: `${APP_URL}/settings`,
      url: `${LOCAL_STRIPE_URL}/portal/${portal.session.id}`,
      livemode: false,
    });
    expect(portal.session.id).toMatch(/^bps_/);
    const renews = new Date(periodOf(subscription).end * 1000).toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    expect(portal.html).toContain("Tonewise Pro");
    expect(portal.html).toContain("$14.99 per month");
    expect(portal.html).toContain("Active");
    expect(portal.html).toContain(`Renews on ${renews}.`);
    expect(portal.html).toContain(`<a href="${APP_URL}/settings">Return to Tonewise</a>`);
    expect(portal.html).not.toMatch(/<script/i);
    expect(portal.button("Cancel plan")).toBeDefined();
    expect(portal.button("Cancel immediately")).toBeDefined();
    expect(portal.button("Update payment method")).toBeUndefined();

    await expect(h.stripe.billingPortal.sessions.create({ customer: "cus_missing" })).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
    });
  });

  it("cancel plan → canceled at period end → subscription.deleted when the clock passes it", async () => {
    const { customer, subscription } = await subscribeToPro(h);
    h.receiver.received.length = 0;

    const response = await pressPortalButton(customer.id, "Cancel plan");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/portal\/bps_/);
    expect(eventTypes(h.receiver)).toEqual(["customer.subscription.updated"]);
    const updated = h.receiver.received[0]?.event.data;
    expect(updated?.object).toMatchObject({ cancel_at_period_end: true, status: "active" });
    expect(updated?.previous_attributes).toMatchObject({ cancel_at_period_end: false });

    const page = await openPage(h.emulator, new URL(response.headers.get("Location") ?? "", LOCAL_STRIPE_URL).href);
    expect(page.html).toMatch(/Your plan will be canceled on \w+ \d{1,2}, \d{4}\./);
    expect(page.html).toContain(">Renew plan</button>");

    await passPeriodEnd(subscription);
    expect(eventTypes(h.receiver)).toEqual(["customer.subscription.updated", "customer.subscription.deleted"]);
    const ended = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(ended.status).toBe("canceled");
    expect(ended.ended_at).toBe(periodOf(subscription).end);
    expect((await h.stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
  });

  it("renew plan undoes the cancellation, so the clock renews instead", async () => {
    const { customer, subscription } = await subscribeToPro(h);
    await pressPortalButton(customer.id, "Cancel plan");
    await pressPortalButton(customer.id, "Renew plan");
    const resumed = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, status: "active" });
    h.receiver.received.length = 0;

    await passPeriodEnd(subscription);
    expect(eventTypes(h.receiver)).toEqual(["customer.subscription.updated", "invoice.paid"]);
    const renewed = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(periodOf(renewed).start).toBe(periodOf(subscription).end);
    expect(periodOf(renewed).end).toBeGreaterThan(periodOf(subscription).end + 27 * 24 * 3600);
    expect(h.receiver.received[0]?.event.data.previous_attributes).toHaveProperty("items");
    const invoice = h.receiver.received[1]?.event.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: "paid", billing_reason: "subscription_cycle", amount_paid: 1499 });
    expect(renewed.latest_invoice).toBe(invoice.id);
  });

  it("cancel immediately ends the subscription now", async () => {
    const { customer, subscription } = await subscribeToPro(h);
    h.receiver.received.length = 0;
    await pressPortalButton(customer.id, "Cancel immediately");
    expect(eventTypes(h.receiver)).toEqual(["customer.subscription.deleted"]);
    const ended = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(ended.status).toBe("canceled");
    expect(Math.abs((ended.ended_at ?? 0) - Date.now() / 1000)).toBeLessThan(5);
    const portal = await openPortal(h, customer.id);
    expect(portal.html).toContain("Your plan ended on");
    expect(portal.button("Cancel plan")).toBeUndefined();
  });

  it("fail-next-payment → past_due with an open invoice → update payment method → active", async () => {
    const { customer, subscription } = await subscribeToPro(h);
    const hook = await h.emulator.handle(
      new Request(`${LOCAL_STRIPE_URL}/__stripe/subscriptions/${subscription.id}/fail-next-payment`, { method: "POST" }),
    );
    expect(await hook.json()).toEqual({ id: subscription.id, object: "subscription", fail_next_payment: true });
    h.receiver.received.length = 0;

    await passPeriodEnd(subscription);
    expect(eventTypes(h.receiver)).toEqual(["customer.subscription.updated", "invoice.payment_failed"]);
    const pastDue = await h.stripe.subscriptions.retrieve(subscription.id, { expand: ["latest_invoice"] });
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.latest_invoice).toMatchObject({ status: "open", amount_due: 1499, amount_paid: 0 });
    expect(h.receiver.received[0]?.event.data.previous_attributes).toMatchObject({ status: "active" });

    const portal = await openPortal(h, customer.id);
    expect(portal.html).toContain("Past due");
    expect(portal.html).toContain("Your last payment failed.");
    h.receiver.received.length = 0;
    await pressPortalButton(customer.id, "Update payment method");

    expect(eventTypes(h.receiver)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    const recovered = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(recovered.status).toBe("active");
    expect((await h.stripe.invoices.list({ subscription: subscription.id, status: "open" })).data).toEqual([]);

    // The flag was used up: the next period renews normally.
    h.receiver.received.length = 0;
    await passPeriodEnd(recovered);
    expect(eventTypes(h.receiver)).toEqual(["customer.subscription.updated", "invoice.paid"]);
  });

  it("advanceClock catches up several periods at once, in order", async () => {
    const { subscription } = await subscribeToPro(h);
    h.receiver.received.length = 0;
    h.clock.advance(3 * 31 * 24 * 3600 * 1000);
    await h.emulator.advanceClock();
    expect(eventTypes(h.receiver)).toEqual([
      "customer.subscription.updated",
      "invoice.paid",
      "customer.subscription.updated",
      "invoice.paid",
      "customer.subscription.updated",
      "invoice.paid",
    ]);
    const caughtUp = await h.stripe.subscriptions.retrieve(subscription.id);
    expect(periodOf(caughtUp).end * 1000).toBeGreaterThan(h.clock.now());
    expect(periodOf(caughtUp).start * 1000).toBeLessThanOrEqual(h.clock.now());
    // Calling it again with nothing due does nothing.
    await h.emulator.advanceClock();
    expect(h.receiver.received).toHaveLength(6);
  });

  it("answers the fail-next-payment hook for an unknown subscription with 404", async () => {
    const response = await h.emulator.handle(
      new Request(`${LOCAL_STRIPE_URL}/__stripe/subscriptions/sub_missing/fail-next-payment`, { method: "POST" }),
    );
    expect(response.status).toBe(404);
  });
});
