/**
 * public.consume_message(): the monthly quota, through the REST API with the real supabase-js
 * client. Free users get 30 messages per UTC month, Pro users are unlimited.
 */
import { describe, expect, it } from "vitest";
import { createConfirmedUser, serviceClient, localBackendForThisFile, type SignedInUser } from "./local-backend-fixture.ts";

const harness = localBackendForThisFile();

interface Consumed {
  allowed: boolean;
  tier: string;
  message_count: number;
  message_limit: number | null;
}

async function consume(user: SignedInUser): Promise<Consumed> {
  const { data, error } = await user.client.rpc("consume_message").single<Consumed>();
  if (error) throw error;
  return data;
}

const currentMonth = () => new Date(harness.backend.clock.now()).toISOString().slice(0, 7);

async function subscribe(user: SignedInUser, fields: Record<string, unknown>) {
  const { error } = await serviceClient()
    .from("subscriptions")
    .upsert({ id: `sub_${user.id.slice(0, 8)}`, user_id: user.id, customer_id: `cus_${user.id.slice(0, 8)}`, status: "active", ...fields });
  if (error) throw error;
}

async function usageRow(user: SignedInUser) {
  const { data, error } = await user.client.from("usage_tracking").select("month, tier, message_count").maybeSingle();
  if (error) throw error;
  return data;
}

describe("consume_message", () => {
  it("creates the month's row on first use, with the user's tier", async () => {
    const free = await createConfirmedUser(harness.backend, "free@example.com");
    expect(await usageRow(free)).toBeNull();
    expect(await consume(free)).toEqual({ allowed: true, tier: "free", message_count: 1, message_limit: 30 });
    expect(await usageRow(free)).toEqual({ month: currentMonth(), tier: "free", message_count: 1 });

    const pro = await createConfirmedUser(harness.backend, "pro@example.com");
    await subscribe(pro, { current_period_end: new Date(harness.backend.clock.now() + 86_400_000).toISOString() });
    expect(await consume(pro)).toEqual({ allowed: true, tier: "pro", message_count: 1, message_limit: null });
    expect(await usageRow(pro)).toEqual({ month: currentMonth(), tier: "pro", message_count: 1 });
  });

  it("gives a free user exactly 30 of 50 concurrent calls", async () => {
    const user = await createConfirmedUser(harness.backend, "rush@example.com");
    const results = await Promise.all(Array.from({ length: 50 }, () => consume(user)));
    expect(results.filter((result) => result.allowed)).toHaveLength(30);
    expect(results.filter((result) => !result.allowed)).toHaveLength(20);
    expect(new Set(results.filter((result) => result.allowed).map((result) => result.message_count)).size).toBe(30);
    expect(await usageRow(user)).toMatchObject({ tier: "free", message_count: 30 });
    expect(await consume(user)).toEqual({ allowed: false, tier: "free", message_count: 30, message_limit: 30 });
  });

  it("never limits a Pro user", async () => {
    const user = await createConfirmedUser(harness.backend, "unlimited@example.com");
    await subscribe(user, { status: "active", current_period_end: "2999-01-01T00:00:00Z" });
    await harness.backend.sql(
      `insert into public.usage_tracking (user_id, month, tier, message_count) values ($1, $2, 'pro', 30)`,
      [user.id, currentMonth()],
    );
    const results = await Promise.all(Array.from({ length: 20 }, () => consume(user)));
    expect(results.every((result) => result.allowed && result.tier === "pro" && result.message_limit === null)).toBe(true);
    expect(await usageRow(user)).toMatchObject({ tier: "pro", message_count: 50 });
  });

  it.each([
    ["canceled", { status: "canceled", ended_at: "2020-01-01T00:00:00Z", current_period_end: "2999-01-01T00:00:00Z" }],
    ["unpaid", { status: "unpaid", current_period_end: "2999-01-01T00:00:00Z" }],
    ["active but past its period", { status: "active", current_period_end: "2020-01-01T00:00:00Z" }],
  ])("treats a %s subscription as Free again", async (_label, fields) => {
    const user = await createConfirmedUser(harness.backend, "lapsed@example.com");
    await subscribe(user, { status: "active", current_period_end: "2999-01-01T00:00:00Z" });
    await harness.backend.sql(
      `insert into public.usage_tracking (user_id, month, tier, message_count) values ($1, $2, 'pro', 45)`,
      [user.id, currentMonth()],
    );
    expect((await consume(user)).allowed).toBe(true);

    await subscribe(user, fields);
    // The subscription trigger moved the month's row to the new tier at once.
    expect(await usageRow(user)).toMatchObject({ tier: "free", message_count: 46 });
    expect(await consume(user)).toEqual({ allowed: false, tier: "free", message_count: 46, message_limit: 30 });
    expect((await user.client.rpc("current_tier", { p_user_id: user.id })).data).toBe("free");
  });

  it("keeps Pro while a past_due subscription is still in its period", async () => {
    const user = await createConfirmedUser(harness.backend, "late@example.com");
    await subscribe(user, { status: "past_due", current_period_end: "2999-01-01T00:00:00Z" });
    expect(await consume(user)).toMatchObject({ allowed: true, tier: "pro" });
    await subscribe(user, { status: "past_due", current_period_end: "2020-01-01T00:00:00Z" });
    expect(await consume(user)).toMatchObject({ allowed: true, tier: "free", message_count: 2 });
  });

  it("starts again from zero in a new UTC month", async () => {
    const user = await createConfirmedUser(harness.backend, "monthly@example.com");
    await harness.backend.sql(
      `insert into public.usage_tracking (user_id, month, tier, message_count) values ($1, $2, 'free', 30)`,
      [user.id, currentMonth()],
    );
    expect((await consume(user)).allowed).toBe(false);
    const before = currentMonth();

    await harness.backend.advanceClock({ advanceMonths: 1 });
    expect(currentMonth()).not.toBe(before);
    // The access token outlives the month change only if it is still valid: sign in again.
    const { error } = await user.client.auth.signInWithPassword({ email: user.email, password: "Correct-Horse-9" });
    expect(error).toBeNull();
    expect(await consume(user)).toEqual({ allowed: true, tier: "free", message_count: 1, message_limit: 30 });
    const { data } = await user.client.from("usage_tracking").select("month, message_count").order("month");
    expect(data).toEqual([
      { month: before, message_count: 30 },
      { month: currentMonth(), message_count: 1 },
    ]);
  });
});
