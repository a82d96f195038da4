/**
 * Row-level security and grants, checked through the REST API with the real supabase-js client as
 * anon, two different users and the service role.
 */
import { describe, expect, it } from "vitest";
import { anonClient, createConfirmedUser, serviceClient, localBackendForThisFile, type SignedInUser } from "./local-backend-fixture.ts";

const harness = localBackendForThisFile();
const FUTURE = "2999-01-01T00:00:00Z";

async function twoUsersWithData(): Promise<{ ann: SignedInUser; bob: SignedInUser }> {
  const ann = await createConfirmedUser(harness.backend, "ann@example.com", "Ann");
  const bob = await createConfirmedUser(harness.backend, "bob@example.com", "Bob");
  const service = serviceClient();
  for (const [user, n] of [
    [ann, 1],
    [bob, 2],
  ] as const) {
    expect((await service.from("billing_customers").insert({ user_id: user.id, customer_id: `cus_${n}` })).error).toBeNull();
    expect(
      (
        await service.from("subscriptions").insert({
          id: `sub_${n}`,
          user_id: user.id,
          customer_id: `cus_${n}`,
          status: "canceled",
          price_id: "price_tonewise_pro_monthly",
          current_period_end: FUTURE,
        })
      ).error,
    ).toBeNull();
    expect((await user.client.rpc("consume_message")).error).toBeNull();
  }
  expect((await service.from("stripe_events").insert({ id: "evt_1", type: "checkout.session.completed" })).error).toBeNull();
  return { ann, bob };
}

const OWNED: ReadonlyArray<[table: string, owner: string]> = [
  ["profiles", "id"],
  ["user_settings", "user_id"],
  ["usage_tracking", "user_id"],
  ["billing_customers", "user_id"],
  ["subscriptions", "user_id"],
];

describe("what a signed-in user can read", () => {
  it("sees only their own row in every table", async () => {
    const { ann, bob } = await twoUsersWithData();
    for (const [table, owner] of OWNED) {
      for (const user of [ann, bob]) {
        const { data, error } = await user.client.from(table).select("*");
        expect(error, table).toBeNull();
        expect(data, table).toHaveLength(1);
        expect(data![0][owner], table).toBe(user.id);
      }
    }
  });

  it("cannot read processed Stripe events", async () => {
    const { ann } = await twoUsersWithData();
    const { data, error, status } = await ann.client.from("stripe_events").select("*");
    expect(data).toBeNull();
    expect(status).toBe(403);
    expect(error?.code).toBe("42501");
  });

  it("asks for their own tier only", async () => {
    const { ann, bob } = await twoUsersWithData();
    expect(await ann.client.rpc("current_tier", { p_user_id: ann.id })).toMatchObject({ data: "free", error: null });
    const other = await ann.client.rpc("current_tier", { p_user_id: bob.id });
    expect(other.status).toBe(403);
    expect(other.error?.code).toBe("42501");
  });
});

describe("what a signed-in user cannot write", () => {
  const protectedWrites: ReadonlyArray<[table: string, row: Record<string, unknown>, change: Record<string, unknown>, owner: string]> = [
    ["usage_tracking", { month: "2030-01", tier: "pro", message_count: 0 }, { message_count: 0, tier: "pro" }, "user_id"],
    ["subscriptions", { id: "sub_x", customer_id: "cus_x", status: "active" }, { status: "active" }, "user_id"],
    ["billing_customers", { customer_id: "cus_x" }, { customer_id: "cus_x" }, "user_id"],
    ["stripe_events", { id: "evt_x", type: "forged" }, { type: "forged" }, "id"],
  ];

  it.each(protectedWrites)("cannot insert, update or delete %s", async (table, row, change, owner) => {
    const { ann } = await twoUsersWithData();
    const before = (await serviceClient().from(table).select("*").order(owner)).data;

    const inserted = await ann.client.from(table).insert({ ...row, ...(owner === "user_id" ? { user_id: ann.id } : {}) });
    expect(inserted.error?.code).toBe("42501");
    const updated = await ann.client.from(table).update(change).eq(owner, owner === "user_id" ? ann.id : "evt_1");
    expect(updated.error?.code).toBe("42501");
    const deleted = await ann.client.from(table).delete().eq(owner, owner === "user_id" ? ann.id : "evt_1");
    expect(deleted.error?.code).toBe("42501");
    const upserted = await ann.client.from(table).upsert({ ...row, ...(owner === "user_id" ? { user_id: ann.id } : {}) });
    expect(upserted.error?.code).toBe("42501");

    expect((await serviceClient().from(table).select("*").order(owner)).data).toEqual(before);
  });

  it("cannot change their tier or message count", async () => {
    const { ann } = await twoUsersWithData();
    for (const change of [{ tier: "pro" }, { message_count: 0 }]) {
      const { error, status } = await ann.client.from("usage_tracking").update(change).eq("user_id", ann.id);
      expect(status).toBe(403);
      expect(error?.code).toBe("42501");
    }
    const { data } = await ann.client.from("usage_tracking").select("tier, message_count").single();
    expect(data).toEqual({ tier: "free", message_count: 1 });
  });
});

describe("profiles", () => {
  it("lets the owner change full_name and nothing else", async () => {
    const { ann } = await twoUsersWithData();
    const renamed = await ann.client.from("profiles").update({ full_name: "Ann Lee" }).eq("id", ann.id).select("full_name").single();
    expect(renamed).toMatchObject({ data: { full_name: "Ann Lee" }, error: null });

    for (const change of [{ id: crypto.randomUUID() }, { created_at: "2000-01-01T00:00:00Z" }, { full_name: "X", updated_at: "2000-01-01T00:00:00Z" }]) {
      const { error } = await ann.client.from("profiles").update(change).eq("id", ann.id);
      expect(error?.code).toBe("42501");
    }
    expect((await ann.client.from("profiles").insert({ id: ann.id, full_name: "Twin" })).error?.code).toBe("42501");
    expect((await ann.client.from("profiles").delete().eq("id", ann.id)).error?.code).toBe("42501");
    expect((await ann.client.from("profiles").select("full_name").single()).data).toEqual({ full_name: "Ann Lee" });
  });

  it("does not let a user rename someone else", async () => {
    const { ann, bob } = await twoUsersWithData();
    const attempt = await ann.client.from("profiles").update({ full_name: "Hacked" }).eq("id", bob.id).select();
    expect(attempt).toMatchObject({ data: [], error: null });
    expect((await bob.client.from("profiles").select("full_name").single()).data).toEqual({ full_name: "Bob" });
  });

  it("was created from the sign-up metadata, with default settings", async () => {
    const { ann } = await twoUsersWithData();
    expect((await ann.client.from("profiles").select("full_name").single()).data).toEqual({ full_name: "Ann" });
    expect((await ann.client.from("user_settings").select("notifications, default_tone, default_message_type, usage_analytics").single()).data).toEqual({
      notifications: true,
      default_tone: "professional",
      default_message_type: "text",
      usage_analytics: true,
    });
  });
});

describe("user_settings", () => {
  it("lets the owner change the four preferences, within the allowed values", async () => {
    const { ann, bob } = await twoUsersWithData();
    const saved = await ann.client
      .from("user_settings")
      .update({ notifications: false, default_tone: "casual", default_message_type: "crm", usage_analytics: false })
      .eq("user_id", ann.id)
      .select("notifications, default_tone, default_message_type, usage_analytics")
      .single();
    expect(saved).toMatchObject({
      data: { notifications: false, default_tone: "casual", default_message_type: "crm", usage_analytics: false },
      error: null,
    });

    const invalid = await ann.client.from("user_settings").update({ default_tone: "rude" }).eq("user_id", ann.id);
    expect(invalid.status).toBe(400);
    expect(invalid.error?.code).toBe("23514");
    expect((await ann.client.from("user_settings").update({ user_id: bob.id }).eq("user_id", ann.id)).error?.code).toBe("42501");

    await ann.client.from("user_settings").update({ default_tone: "friendly" }).eq("user_id", bob.id);
    expect((await bob.client.from("user_settings").select("default_tone").single()).data).toEqual({ default_tone: "professional" });
  });
});

describe("anon", () => {
  it("reads nothing private and gets only total_users from get_platform_stats", async () => {
    await twoUsersWithData();
    const anon = anonClient();
    for (const table of [...OWNED.map(([name]) => name), "stripe_events"]) {
      const { data, error, status } = await anon.from(table).select("*");
      expect(data, table).toBeNull();
      expect(status, table).toBe(401);
      expect(error?.code, table).toBe("42501");
    }
    const stats = await anon.rpc("get_platform_stats");
    expect(stats).toMatchObject({ data: [{ total_users: 2 }], error: null });
    expect(Object.keys(stats.data![0])).toEqual(["total_users"]);

    expect((await anon.rpc("consume_message")).error?.code).toBe("42501");
    expect((await anon.rpc("current_tier", { p_user_id: crypto.randomUUID() })).error?.code).toBe("42501");
  });
});

describe("service role", () => {
  it("writes the billing tables", async () => {
    const { ann } = await twoUsersWithData();
    const service = serviceClient();
    const upserted = await service
      .from("subscriptions")
      .upsert({ id: "sub_1", user_id: ann.id, customer_id: "cus_1", status: "active", current_period_end: FUTURE })
      .select("id, status")
      .single();
    expect(upserted).toMatchObject({ data: { id: "sub_1", status: "active" }, error: null });
    expect((await ann.client.from("subscriptions").select("status").single()).data).toEqual({ status: "active" });

    const duplicateEvent = await service.from("stripe_events").insert({ id: "evt_1", type: "again" });
    expect(duplicateEvent.status).toBe(409);
    expect(duplicateEvent.error?.code).toBe("23505");

    const duplicateCustomer = await service.from("billing_customers").insert({ user_id: crypto.randomUUID(), customer_id: "cus_1" });
    expect(duplicateCustomer.error?.code).toMatch(/^23(505|503)$/);

    expect((await service.from("billing_customers").delete().eq("user_id", ann.id)).error).toBeNull();
    expect((await ann.client.from("billing_customers").select("*")).data).toEqual([]);
  });
});
