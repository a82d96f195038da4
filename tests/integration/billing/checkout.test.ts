import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCAL_STRIPE_PRO_PRICE_ID, LOCAL_STRIPE_URL, LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { APP_ORIGIN, signUpThroughApp, toastsIn } from "../app/app-harness.ts";
import {
  appPath,
  billingAppForThisFile,
  billingForms,
  checkoutSessionIdFrom,
  manage,
  payCheckout,
  proUser,
  storedSubscriptions,
  stripe,
  subscribe,
  tierOf,
  upgrade,
  userIdOf,
} from "./billing-harness.ts";

const app = billingAppForThisFile();

afterEach(() => {
  vi.restoreAllMocks();
});

async function customersIn(): Promise<string[]> {
  return (await stripe.customers.list({ limit: 100 })).data.map((customer) => customer.id);
}

describe("upgrade", () => {
  it("creates one customer linked by user id and a Checkout Session for the Pro price", async () => {
    const client = await signUpThroughApp(app, "up@example.com");
    const userId = await userIdOf(app, "up@example.com");
    const { status, location } = await upgrade(client);
    expect(status).toBe(303);
    expect(location).toMatch(new RegExp(`^${LOCAL_STRIPE_URL}/checkout/cs_test_`));

    const links = await app.backend.sql<{ user_id: string; customer_id: string }>("select user_id, customer_id from public.billing_customers");
    expect(links).toEqual([{ user_id: userId, customer_id: expect.stringMatching(/^cus_/) }]);
    const customer = await stripe.customers.retrieve(links[0]!.customer_id);
    expect(customer).toMatchObject({ email: "up@example.com", metadata: { user_id: userId } });
    expect(await customersIn()).toEqual([links[0]!.customer_id]);

    const session = await stripe.checkout.sessions.retrieve(checkoutSessionIdFrom(location));
    expect(session).toMatchObject({
      mode: "subscription",
      status: "open",
      customer: links[0]!.customer_id,
      client_reference_id: userId,
      metadata: { user_id: userId },
      success_url: `${APP_ORIGIN}/dashboard/subscription?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_ORIGIN}/dashboard/subscription?canceled=true`,
    });
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((item) => [item.price?.id, item.quantity])).toEqual([[LOCAL_STRIPE_PRO_PRICE_ID, 1]]);
  });

  it("ignores a price, trial or user id sent by the browser", async () => {
    const client = await signUpThroughApp(app, "sneaky@example.com");
    const userId = await userIdOf(app, "sneaky@example.com");
    const response = await client.post("/dashboard/subscription", {
      intent: "upgrade",
      price: "price_free_forever",
      trial_period_days: "365",
      user_id: "00000000-0000-0000-0000-000000000000",
    });
    const session = await stripe.checkout.sessions.retrieve(checkoutSessionIdFrom(response.headers.get("Location")!));
    expect(session.client_reference_id).toBe(userId);
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data[0]?.price?.id).toBe(LOCAL_STRIPE_PRO_PRICE_ID);
  });

  it("a double submit gets the same Checkout Session and one customer", async () => {
    const client = await signUpThroughApp(app, "double@example.com");
    const [first, second] = await Promise.all([upgrade(client), upgrade(client)]);
    expect(first.location).toMatch(/\/checkout\/cs_test_/);
    expect(second.location).toBe(first.location);
    expect(await customersIn()).toHaveLength(1);
    expect((await stripe.checkout.sessions.list({ limit: 100 })).data).toHaveLength(1);
  });

  it("a later upgrade returns to the Checkout still open, so two sessions can never both be paid; once it expired, a new one", async () => {
    const client = await signUpThroughApp(app, "again@example.com");
    const first = await upgrade(client);
    // Another tab, or a page left open: half an hour later, the same session.
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, "now").mockImplementation(() => realNow() + 30 * 60 * 1000);
    expect((await upgrade(client)).location).toBe(first.location);
    vi.restoreAllMocks();
    expect((await stripe.checkout.sessions.list({ limit: 100 })).data).toHaveLength(1);

    // Stripe expires an unpaid session after 24 hours: the next upgrade (signed in again) gets a new one, same customer.
    await app.backend.advanceClock({ advanceMs: 25 * 60 * 60 * 1000 });
    expect((await stripe.checkout.sessions.retrieve(checkoutSessionIdFrom(first.location))).status).toBe("expired");
    const signIn = await client.post("/auth", { mode: "signin", email: "again@example.com", password: "Correct-Horse-9" });
    expect(signIn.status).toBe(302);
    const second = await upgrade(client);
    expect(second.location).toMatch(/\/checkout\/cs_test_/);
    expect(second.location).not.toBe(first.location);
    expect(await customersIn()).toHaveLength(1);
    const sessions = (await stripe.checkout.sessions.list({ limit: 100 })).data;
    expect(sessions.map((session) => session.status)).toEqual(["open", "expired"]);
    expect(new Set(sessions.map((session) => session.customer)).size).toBe(1);
  });

  it("a user who already subscribed goes to the billing portal, not a second checkout", async () => {
    const { client } = await proUser(app, "already@example.com");
    const again = await upgrade(client);
    expect(again.status).toBe(303);
    expect(again.location).toMatch(new RegExp(`^${LOCAL_STRIPE_URL}/portal/bps_`));
    expect((await stripe.checkout.sessions.list({ limit: 100 })).data).toHaveLength(1);
  });

  it("Stripe failing: 'Error' / 'Failed to create checkout session. Please try again.'", async () => {
    const client = await signUpThroughApp(app, "down@example.com");
    app.backend.injectFault({ service: "stripe", mode: "fail", count: 10, pathPrefix: "/v1/checkout" });
    const { status, location } = await upgrade(client);
    expect(status).toBe(303);
    expect(location).toBe("/dashboard/subscription");
    const { html } = await client.html(location);
    expect(toastsIn(html)).toEqual(["Error / Failed to create checkout session. Please try again."]);
    expect(html).toContain(">FREE<");
  });

  it("Stripe hanging: the same error once the client's deadline (10 s, one retry) has passed, not a request left waiting", { timeout: 60_000 }, async () => {
    const client = await signUpThroughApp(app, "hanging@example.com");
    app.backend.injectFault({ service: "stripe", mode: "hang", count: 2, pathPrefix: "/v1/checkout" });
    const { status, location } = await upgrade(client);
    expect(status).toBe(303);
    expect(location).toBe("/dashboard/subscription");
    expect(toastsIn((await client.html(location)).html)).toEqual(["Error / Failed to create checkout session. Please try again."]);
  });

  it("the database failing while linking the customer is the same error", async () => {
    const client = await signUpThroughApp(app, "nodb@example.com");
    app.server.use(
      http.post(`${LOCAL_SUPABASE_URL}/rest/v1/billing_customers`, () => HttpResponse.json({ message: "down" }, { status: 503 })),
    );
    const { location } = await upgrade(client);
    expect(toastsIn((await client.html(location)).html)).toEqual(["Error / Failed to create checkout session. Please try again."]);
  });

  it("without a session: /auth with 'Not Authenticated' / 'Please log in to upgrade.'", async () => {
    const client = app.client();
    const response = await client.post("/dashboard/subscription", { intent: "upgrade" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fdashboard%2Fsubscription");
    const { html } = await client.html("/auth?redirectTo=%2Fdashboard%2Fsubscription");
    expect(toastsIn(html)).toEqual(["Not Authenticated / Please log in to upgrade."]);
    expect(await customersIn()).toEqual([]);
  });

  it("Auth unreachable: 503 'try again in a moment', not 'Please log in' to someone still signed in", async () => {
    const client = await signUpThroughApp(app, "auth-down@example.com");
    app.backend.injectFault({ service: "supabase", mode: "fail", count: 2, pathPrefix: "/auth/v1/user" });
    for (const intent of ["upgrade", "manage"]) {
      const response = await client.post("/dashboard/subscription", { intent });
      expect(response.status, intent).toBe(503);
    }
    expect(await customersIn()).toEqual([]);
    // Auth back: the same click goes to Checkout.
    const { location } = await upgrade(client);
    expect(location).toMatch(new RegExp(`^${LOCAL_STRIPE_URL}/checkout/cs_test_`));
  });

  it("a session that expired between page load and click gets the same message", async () => {
    const client = await signUpThroughApp(app, "expired@example.com");
    await client.post("/auth/sign-out", {});
    const response = await client.post("/dashboard/subscription", { intent: "upgrade" });
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fdashboard%2Fsubscription");
    expect(toastsIn((await client.html("/auth")).html)).toContain("Not Authenticated / Please log in to upgrade.");
  });
});

describe("paying", () => {
  it("through the hosted page: webhooks make the user Pro, and the return says 'Welcome to Pro!'", async () => {
    const { client, userId, successUrl } = await subscribe(app, "payer@example.com");
    const deliveries = app.backend.stripe.deliveries();
    expect(deliveries.map((delivery) => [delivery.type, delivery.status])).toEqual([
      ["customer.subscription.created", 200],
      ["checkout.session.completed", 200],
      ["invoice.paid", 200],
    ]);
    expect(await tierOf(app, userId)).toBe("pro");

    const [stored] = await storedSubscriptions(app, userId);
    const live = await stripe.subscriptions.retrieve(stored!.id);
    expect(live.metadata).toEqual({ user_id: userId });
    expect(stored).toMatchObject({ status: "active", price_id: LOCAL_STRIPE_PRO_PRICE_ID, cancel_at_period_end: false });
    expect(stored!.current_period_end!.getTime()).toBe(live.items.data[0]!.current_period_end * 1000);
    expect(stored!.current_period_start!.getTime()).toBe(live.items.data[0]!.current_period_start * 1000);

    expect(successUrl).toMatch(/\?success=true&session_id=cs_test_/);
    const back = await client.fetch(appPath(successUrl));
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/dashboard/subscription");
    const page = await client.html("/dashboard/subscription");
    expect(toastsIn(page.html)).toEqual(["Welcome to Pro! / Your subscription is now active."]);
    expect(page.html).toContain(">PRO<");
    expect(page.html).toContain("Tonewise Pro is active");
    expect(page.html).toContain("Manage Subscription");
    expect(page.html).not.toContain("Upgrade to Pro");
    // A reload does not repeat the toast.
    expect(toastsIn((await client.html("/dashboard/subscription")).html)).toEqual([]);
  });

  it("returning before any webhook still shows Pro (the return syncs the session's subscription)", async () => {
    app.deliverWebhooks(false);
    const { client, userId, successUrl } = await subscribe(app, "early@example.com");
    expect(app.backend.stripe.deliveries()).toEqual([]);
    expect(await tierOf(app, userId)).toBe("free");
    await client.fetch(appPath(successUrl));
    expect(await tierOf(app, userId)).toBe("pro");
    const page = await client.html("/dashboard/subscription");
    expect(toastsIn(page.html)).toEqual(["Welcome to Pro! / Your subscription is now active."]);
    expect(page.html).toContain(">PRO<");
  });

  it("someone else's session id on the return changes nothing for this user", async () => {
    app.deliverWebhooks(false);
    const payer = await subscribe(app, "owner@example.com");
    const other = await signUpThroughApp(app, "other@example.com");
    const otherId = await userIdOf(app, "other@example.com");
    await other.fetch(appPath(payer.successUrl));
    expect(await tierOf(app, otherId)).toBe("free");
    expect(await tierOf(app, payer.userId)).toBe("free");
    expect(await storedSubscriptions(app, otherId)).toEqual([]);
  });

  it("Stripe failing on the return: the toast still shows and the webhook brings Pro later", async () => {
    app.deliverWebhooks(false);
    const { client, userId, successUrl } = await subscribe(app, "later@example.com");
    app.backend.injectFault({ service: "stripe", mode: "fail", count: 10, pathPrefix: "/v1/checkout" });
    const back = await client.fetch(appPath(successUrl));
    expect(back.headers.get("Location")).toBe("/dashboard/subscription");
    expect(toastsIn((await client.html("/dashboard/subscription")).html)).toEqual(["Welcome to Pro! / Your subscription is now active."]);
    expect(await tierOf(app, userId)).toBe("free");
  });

  it("a looped return link reads Stripe at most 10 times in 10 minutes, and still answers with its toast", async () => {
    const client = await signUpThroughApp(app, "looped@example.com");
    const stripeReads: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.url.startsWith(LOCAL_STRIPE_URL)) stripeReads.push(new URL(request.url).pathname);
    };
    app.server.events.on("request:start", listener);
    try {
      for (let visit = 1; visit <= 12; visit++) {
        const back = await client.fetch("/dashboard/subscription?success=true&session_id=cs_test_not_a_real_one");
        expect(back.headers.get("Location")).toBe("/dashboard/subscription");
      }
    } finally {
      app.server.events.removeListener("request:start", listener);
    }
    expect(stripeReads).toEqual(Array.from({ length: 10 }, () => "/v1/checkout/sessions/cs_test_not_a_real_one"));
    expect(toastsIn((await client.html("/dashboard/subscription")).html)).toContain("Welcome to Pro! / Your subscription is now active.");
  });

  it("a declined card stays on Stripe's page and the user stays Free", async () => {
    const client = await signUpThroughApp(app, "declined@example.com");
    const userId = await userIdOf(app, "declined@example.com");
    const { location } = await upgrade(client);
    const declined = await payCheckout(location, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(await tierOf(app, userId)).toBe("free");
  });

  it("?canceled=true: 'Checkout Canceled' once, then the clean page", async () => {
    const client = await signUpThroughApp(app, "cancel@example.com");
    const back = await client.fetch("/dashboard/subscription?canceled=true");
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/dashboard/subscription");
    const page = await client.html("/dashboard/subscription");
    expect(toastsIn(page.html)).toEqual(["Checkout Canceled / You can upgrade anytime from this page."]);
    expect(page.html).toContain(">FREE<");
    expect(toastsIn((await client.html("/dashboard/subscription")).html)).toEqual([]);
  });
});

describe("the subscription page", () => {
  it("free: both plans with their prices, 'Most Popular', and the upgrade control", async () => {
    const client = await signUpThroughApp(app, "plans@example.com");
    const { html } = await client.html("/dashboard/subscription");
    expect(html).toContain("$0");
    expect(html).toMatch(/\$14\.99/);
    expect(html).toMatch(/<s[^>]*>.*\$20<\/s>/);
    expect(html).toContain("Most Popular");
    for (const feature of ["Limited AI-enhanced messages", "Basic context analysis", "Limited customization", "Unlimited messages", "Tone mirror"]) {
      expect(html).toContain(feature);
    }
    const [upgradeForm, ...more] = billingForms(html, "upgrade");
    expect(more).toEqual([]);
    expect(upgradeForm!.attributes).toMatchObject({ method: "post", action: "/dashboard/subscription" });
    expect(upgradeForm!.attributes.target).toBeUndefined();
    expect(upgradeForm!.buttons[0]!.text).toBe("Upgrade to Pro");
    expect(billingForms(html, "manage")).toEqual([]);
    expect(html).not.toContain("Manage Subscription");
  });

  it("pro: the active-pro card with every benefit, the renewal date, and Manage Subscription in a new tab", async () => {
    const { client, subscriptionId } = await proUser(app, "card@example.com");
    const { html } = await client.html("/dashboard/subscription");
    // The spec's list, written out rather than imported from app/content/plans.ts: the page is
    // checked against the spec, so a change to the app's list cannot pass unnoticed.
    for (const benefit of [
      "Unlimited messages",
      "Expanded context analysis",
      "Tone mirror",
      "Additional customization",
      "Opportunities to test new features",
      "Advanced tone customization",
      "Priority support",
      "Early access to new features",
    ]) {
      expect(html).toContain(benefit);
    }
    const live = await stripe.subscriptions.retrieve(subscriptionId);
    const renews = new Date(live.items.data[0]!.current_period_end * 1000).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(html).toContain(`Renews on ${renews}.`);
    const [manageForm, ...more] = billingForms(html, "manage");
    expect(more).toEqual([]);
    expect(manageForm!.attributes).toMatchObject({ method: "post", action: "/dashboard/subscription", target: "_blank" });
    expect(manageForm!.buttons[0]!.text).toBe("Manage Subscription (opens in a new tab)");
    expect(billingForms(html, "upgrade")).toEqual([]);
  });

  it("the renewal date is the account's own: the day it renews where they are", async () => {
    const { client, userId, subscriptionId } = await proUser(app, "card-zone@example.com");
    const end = new Date((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end * 1000);
    // 25 hours apart: the two days always differ, so UTC can match at most one of them.
    for (const timeZone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      await app.backend.sql("update public.user_settings set time_zone = $1 where user_id = $2", [timeZone, userId]);
      const renews = end.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone });
      expect((await client.html("/dashboard/subscription")).html, timeZone).toContain(`Renews on ${renews}.`);
    }
  });
});

describe("manage subscription", () => {
  it("opens the billing portal for the user's customer, returning to the subscription page", async () => {
    const { client, customerId } = await proUser(app, "portal@example.com");
    const { status, location } = await manage(client);
    expect(status).toBe(303);
    expect(location).toMatch(new RegExp(`^${LOCAL_STRIPE_URL}/portal/bps_`));
    const page = await (await fetch(location)).text();
    expect(page).toContain("portal@example.com");
    expect(page).toContain(`href="${APP_ORIGIN}/dashboard/subscription"`);
    expect(customerId).toMatch(/^cus_/);
  });

  it("Stripe failing: 'Error' / 'Failed to open billing portal. Please try again.'", async () => {
    const { client } = await proUser(app, "portaldown@example.com");
    app.backend.injectFault({ service: "stripe", mode: "fail", count: 10, pathPrefix: "/v1/billing_portal" });
    const { location } = await manage(client);
    expect(location).toBe("/dashboard/subscription");
    expect(toastsIn((await client.html(location)).html)).toEqual(["Error / Failed to open billing portal. Please try again."]);
  });

  it("Stripe hanging: the same error once the client's deadline (10 s, one retry) has passed", { timeout: 60_000 }, async () => {
    const { client } = await proUser(app, "portalhang@example.com");
    app.backend.injectFault({ service: "stripe", mode: "hang", count: 2, pathPrefix: "/v1/billing_portal" });
    const { location } = await manage(client);
    expect(location).toBe("/dashboard/subscription");
    expect(toastsIn((await client.html(location)).html)).toEqual(["Error / Failed to open billing portal. Please try again."]);
  });

  it("a user with no billing customer gets the same error", async () => {
    const client = await signUpThroughApp(app, "nocustomer@example.com");
    const { location } = await manage(client);
    expect(toastsIn((await client.html(location)).html)).toEqual(["Error / Failed to open billing portal. Please try again."]);
  });

  it("without a session: 'Not Authenticated' / 'Please log in to manage your subscription.'", async () => {
    const client = app.client();
    const response = await client.post("/dashboard/subscription", { intent: "manage" });
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fdashboard%2Fsubscription");
    expect(toastsIn((await client.html("/auth")).html)).toEqual(["Not Authenticated / Please log in to manage your subscription."]);
  });
});
