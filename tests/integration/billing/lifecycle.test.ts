import { createClient } from "@supabase/supabase-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCAL_STRIPE_URL, LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { toastsIn, type AppClient } from "../app/app-harness.ts";
import { billingAppForThisFile, billingForms, manage, proUser, storedSubscriptions, stripe, tierOf, upgrade, type BillingHarness } from "./billing-harness.ts";

const app = billingAppForThisFile();

afterEach(() => {
  vi.restoreAllMocks();
});
const PASSWORD = "Correct-Horse-9";
const DAY_MS = 24 * 3600_000;

/** Clicks a button on the local Stripe's portal page (its forms post to these paths). */
async function portalAction(client: AppClient, subscriptionId: string, action: "cancel" | "renew" | "cancel-now" | "update-payment") {
  const { location } = await manage(client);
  expect(location).toMatch(/\/portal\/bps_/);
  const response = await fetch(`${location}/subscriptions/${subscriptionId}/${action}`, { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
  await app.backend.stripe.idle();
}

/** After the shared clock jumps, old access tokens are expired for the local Supabase: sign in again. */
async function signInAgain(harness: BillingHarness, email: string): Promise<AppClient> {
  const client = harness.client();
  const response = await client.post("/auth", { mode: "signin", email, password: PASSWORD });
  expect(response.status).toBe(302);
  return client;
}

function longDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

async function periodEnd(subscriptionId: string): Promise<number> {
  return (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end;
}

describe("cancel at period end", () => {
  it("stays Pro until the period ends, can be resumed, and is Free after the period", async () => {
    const { client, userId, subscriptionId } = await proUser(app, "cancel@example.com");
    const end = await periodEnd(subscriptionId);

    await portalAction(client, subscriptionId, "cancel");
    expect(await tierOf(app, userId)).toBe("pro");
    let page = (await client.html("/dashboard/subscription")).html;
    expect(page).toContain(`Your plan ends on ${longDate(end)}.`);
    expect(page).toContain(">PRO<");
    expect(page).not.toContain("Upgrade to Pro");

    await portalAction(client, subscriptionId, "renew");
    page = (await client.html("/dashboard/subscription")).html;
    expect(page).toContain(`Renews on ${longDate(end)}.`);
    expect(page).not.toContain("Your plan ends on");

    await portalAction(client, subscriptionId, "cancel");
    await app.backend.advanceClock({ advanceMs: 32 * DAY_MS });
    expect((await storedSubscriptions(app, userId))[0]).toMatchObject({ status: "canceled" });
    expect(await tierOf(app, userId)).toBe("free");

    const again = await signInAgain(app, "cancel@example.com");
    page = (await again.html("/dashboard/subscription")).html;
    expect(page).toContain(">FREE<");
    expect(page).toContain("Upgrade to Pro");
    expect(page).not.toContain("Manage Subscription");
    const home = (await again.html("/dashboard")).html;
    expect(home).toContain('data-usage-state="plain"');
  });

  it("cancelling immediately makes the user Free at once", async () => {
    const { client, userId, subscriptionId } = await proUser(app, "now@example.com");
    await portalAction(client, subscriptionId, "cancel-now");
    expect(await tierOf(app, userId)).toBe("free");
    const page = (await client.html("/dashboard")).html;
    expect(page).toContain(">FREE<");
    expect(page).toContain("Upgrade to Pro");
  });

  it("a renewal keeps Pro and moves the renewal date", async () => {
    const { userId, subscriptionId } = await proUser(app, "renew@example.com");
    const firstEnd = await periodEnd(subscriptionId);
    await app.backend.advanceClock({ advanceMs: 32 * DAY_MS });
    const secondEnd = await periodEnd(subscriptionId);
    expect(secondEnd).toBeGreaterThan(firstEnd);
    expect(await tierOf(app, userId)).toBe("pro");
    const stored = (await storedSubscriptions(app, userId))[0]!;
    expect(stored.current_period_end!.getTime()).toBe(secondEnd * 1000);
    const page = (await (await signInAgain(app, "renew@example.com")).html("/dashboard/subscription")).html;
    expect(page).toContain(`Renews on ${longDate(secondEnd)}.`);
  });
});

describe("a renewal whose webhook is late", () => {
  it("keeps Pro for three days past the stored period; Upgrade clicked after that stores Stripe's renewal and opens the portal", async () => {
    const { userId, subscriptionId } = await proUser(app, "late-webhook@example.com");
    const firstEnd = await periodEnd(subscriptionId);
    app.deliverWebhooks(false);
    await app.backend.advanceClock({ advanceMs: 32 * DAY_MS });
    // Stripe renewed and charged; what is stored still ends at the first period's end.
    expect(await periodEnd(subscriptionId)).toBeGreaterThan(firstEnd);
    expect((await storedSubscriptions(app, userId))[0]!.current_period_end!.getTime()).toBe(firstEnd * 1000);
    expect(await tierOf(app, userId)).toBe("pro");
    const client = await signInAgain(app, "late-webhook@example.com");
    expect((await client.html("/dashboard")).html).toContain(">PRO<");

    // Past three days the stored period no longer vouches for it...
    await app.backend.advanceClock({ advanceMs: 4 * DAY_MS });
    expect(await tierOf(app, userId)).toBe("free");
    // ...and Upgrade, the button a paying customer shown Free clicks, puts it right.
    const again = await signInAgain(app, "late-webhook@example.com");
    const { location } = await upgrade(again);
    expect(location).toMatch(/\/portal\/bps_/);
    expect(await tierOf(app, userId)).toBe("pro");
    expect((await again.html("/dashboard")).html).toContain(">PRO<");
  });

  it("a subscription set to end is Free once its period is over, webhook or not", async () => {
    const { client, userId, subscriptionId } = await proUser(app, "ends-late@example.com");
    await portalAction(client, subscriptionId, "cancel");
    app.deliverWebhooks(false);
    await app.backend.advanceClock({ advanceMs: 32 * DAY_MS });
    expect((await storedSubscriptions(app, userId))[0]).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect(await tierOf(app, userId)).toBe("free");
  });
});

describe("an account deleted while subscribed", () => {
  it("its renewal is not stored, and the log says to cancel the subscription Stripe still charges", async () => {
    const { userId, subscriptionId } = await proUser(app, "deleted-subscriber@example.com");
    await app.backend.sql("delete from auth.users where id = $1", [userId]);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await app.backend.advanceClock({ advanceMs: 32 * DAY_MS });
    expect(errors.mock.calls.map(([line]) => String(line))).toContain(
      `Subscription ${subscriptionId} is active but belongs to no Tonewise user: cancel it in Stripe`,
    );
    expect(await app.backend.sql("select id from public.subscriptions where id = $1", [subscriptionId])).toEqual([]);
  });
});

describe("failed payment", () => {
  it("past due: still Pro, a dashboard notice with a way to fix it, gone once paid", async () => {
    const { userId, subscriptionId } = await proUser(app, "pastdue@example.com");
    const failing = await fetch(`${LOCAL_STRIPE_URL}/__stripe/subscriptions/${subscriptionId}/fail-next-payment`, { method: "POST" });
    expect(failing.status).toBe(200);
    await app.backend.advanceClock({ advanceMs: 32 * DAY_MS });
    expect((await storedSubscriptions(app, userId))[0]).toMatchObject({ status: "past_due" });
    expect(await tierOf(app, userId)).toBe("pro");

    const client = await signInAgain(app, "pastdue@example.com");
    for (const path of ["/dashboard", "/dashboard/subscription", "/dashboard/settings"]) {
      const { html } = await client.html(path);
      expect(html).toContain('data-payment-issue="past_due"');
      expect(html).toContain("Your last payment didn&#x27;t go through");
      expect(billingForms(html, "manage").map((form) => [form.attributes.target, form.buttons[0]!.text])).toContainEqual([
        "_blank",
        "Update payment method (opens in a new tab)",
      ]);
    }
    expect((await client.html("/dashboard/subscription")).html).toContain("Payment past due: your last payment failed.");

    await portalAction(client, subscriptionId, "update-payment");
    expect((await storedSubscriptions(app, userId))[0]).toMatchObject({ status: "active" });
    const { html } = await client.html("/dashboard");
    expect(html).not.toContain("data-payment-issue");
    expect(toastsIn(html)).toEqual([]);
  });
});

describe("unpaid", () => {
  it("is Free with a notice, and upgrading again goes to the portal to pay, not to a second checkout", async () => {
    const { client, userId, subscriptionId } = await proUser(app, "unpaid@example.com");
    // Stripe gave up retrying and, as configured, marked the subscription unpaid.
    await app.backend.sql("update public.subscriptions set status = 'unpaid' where id = $1", [subscriptionId]);
    expect(await tierOf(app, userId)).toBe("free");
    const { html } = await client.html("/dashboard/subscription");
    expect(html).toContain('data-payment-issue="unpaid"');
    expect(html).toContain("Your Pro plan is on hold");
    expect(html).toContain(">FREE<");
    expect(billingForms(html, "upgrade")).toHaveLength(1);
    expect((await upgrade(client)).location).toMatch(/\/portal\/bps_/);
  });
});

describe("tier and usage", () => {
  async function consumeAs(email: string) {
    const supabase = createClient(LOCAL_SUPABASE_URL, LOCAL_SUPABASE_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const signIn = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const { data, error } = await supabase.rpc("consume_message").single<{ allowed: boolean; tier: string; message_limit: number | null }>();
    expect(error).toBeNull();
    return data!;
  }

  async function usageRows(userId: string) {
    return app.backend.sql<{ month: string; tier: string }>("select month, tier from public.usage_tracking where user_id = $1 order by month", [userId]);
  }

  it("a new month's usage row starts with the tier the subscription gives, and follows it", async () => {
    const { client, userId, subscriptionId } = await proUser(app, "months@example.com");
    expect(await consumeAs("months@example.com")).toMatchObject({ allowed: true, tier: "pro", message_limit: null });

    await portalAction(client, subscriptionId, "cancel");
    await app.backend.advanceClock({ advanceMonths: 1 });
    // Cancelled at period end, and the period has not ended: the new month starts Pro.
    const stillPro = (await stripe.subscriptions.retrieve(subscriptionId)).status === "active";
    const next = await consumeAs("months@example.com");
    expect(next.tier).toBe(stillPro ? "pro" : "free");

    await app.backend.advanceClock({ advanceMonths: 1 });
    expect(await tierOf(app, userId)).toBe("free");
    expect(await consumeAs("months@example.com")).toMatchObject({ tier: "free", message_limit: 30 });
    const rows = await usageRows(userId);
    expect(rows).toHaveLength(3);
    expect(rows.at(-1)!.tier).toBe("free");
  });

  it("the current month's row follows a subscription that ends mid-month", async () => {
    const { client, userId, subscriptionId } = await proUser(app, "midmonth@example.com");
    await consumeAs("midmonth@example.com");
    expect((await usageRows(userId))[0]!.tier).toBe("pro");
    await portalAction(client, subscriptionId, "cancel-now");
    expect((await usageRows(userId))[0]!.tier).toBe("free");
  });
});
