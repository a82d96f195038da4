/**
 * The metering functions behind POST /api/v1/optimize (migration 20251104000000), through the
 * REST API with the real supabase-js client as the service role: the per-minute limit, draft
 * counting ("one message is one message you write"), the Free limit under concurrency, usage
 * analytics, and who may call what.
 */
import { describe, expect, it } from "vitest";
import { anonClient, createConfirmedUser, localBackendForThisFile, serviceClient, type SignedInUser } from "./local-backend-fixture.ts";

const harness = localBackendForThisFile();

type Recorded = { allowed: boolean; counted: boolean; tier: string; used: number; message_limit: number | null };
type Begun = {
  rate_allowed: boolean;
  retry_after_seconds: number;
  tier: string;
  used: number;
  message_limit: number | null;
  would_count: boolean;
  default_tone: string;
  default_message_type: string;
  usage_analytics: boolean;
  draft_input_sketch: number[] | null;
  draft_output_sketch: number[] | null;
  draft_changed_share: number | null;
};

/** What begin_optimization answers for a new Free account's first request (default settings). */
const FIRST_FREE_START = {
  rate_allowed: true,
  retry_after_seconds: expect.any(Number),
  tier: "free",
  used: 0,
  message_limit: 30,
  would_count: true,
  default_tone: "professional",
  default_message_type: "text",
  usage_analytics: true,
  draft_input_sketch: null,
  draft_output_sketch: null,
  draft_changed_share: null,
};

async function begin(user: SignedInUser, draftId: string | null = null): Promise<Begun> {
  const { data, error } = await serviceClient().rpc("begin_optimization", { p_user_id: user.id, p_draft_id: draftId }).single<Begun>();
  if (error) throw error;
  return data;
}

/**
 * A delivered suggestion. `sameMessage`: the server's verdict that the text is still the draft's
 * message (by default it is, as when the user types on or switches tone).
 */
async function record(user: SignedInUser, draftId: string | null = null, sameMessage = true, changedShare = 0): Promise<Recorded> {
  const { data, error } = await serviceClient()
    .rpc("record_optimization", {
      p_user_id: user.id,
      p_draft_id: draftId,
      p_tone: "friendly",
      p_message_type: "email",
      p_platform: "gmail",
      p_input_length: 120,
      p_output_length: 140,
      p_latency_ms: 42,
      p_same_message: sameMessage,
      p_input_sketch: draftId === null ? null : [1, 2, 3],
      p_output_sketch: draftId === null ? null : [4095, 7],
      p_changed_share: changedShare,
    })
    .single<Recorded>();
  if (error) throw error;
  return data;
}

async function advanceMinutes(minutes: number) {
  await harness.backend.advanceClock({ advanceMs: minutes * 60_000 });
}

describe("begin_optimization", () => {
  it("returns the tier, this month's count and the user's settings, counting nothing", async () => {
    const user = await createConfirmedUser(harness.backend, "begin@example.com");
    await user.client.from("user_settings").update({ default_tone: "casual", default_message_type: "linkedin" }).eq("user_id", user.id);
    expect(await begin(user)).toEqual({ ...FIRST_FREE_START, default_tone: "casual", default_message_type: "linkedin" });
    expect((await begin(user)).used).toBe(0);
  });

  it("allows 60 requests a minute per user, then says how long to wait", async () => {
    const user = await createConfirmedUser(harness.backend, "burst@example.com");
    const other = await createConfirmedUser(harness.backend, "calm@example.com");
    // The limit counts fixed one-minute windows: the burst starts at the beginning of one, so
    // however slow the machine, it cannot spread over two (61 allowed).
    harness.backend.clock.advanceToNextWindow(60_000);
    const results = await Promise.all(Array.from({ length: 61 }, () => begin(user)));
    expect(results.filter((result) => result.rate_allowed)).toHaveLength(60);
    const refused = results.find((result) => !result.rate_allowed)!;
    expect(refused.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expect(refused.retry_after_seconds).toBeLessThanOrEqual(60);
    expect((await begin(other)).rate_allowed).toBe(true);
    await advanceMinutes(1);
    expect((await begin(user)).rate_allowed).toBe(true);
  });
});

describe("begin_optimization_with_token", () => {
  const HASH = "a".repeat(64);

  async function beginWithToken(tokenHash: string, draftId: string | null = null) {
    const { data, error } = await serviceClient()
      .rpc("begin_optimization_with_token", { p_token_hash: tokenHash, p_draft_id: draftId })
      .maybeSingle<Begun & { user_id: string; token_id: string }>();
    if (error) throw error;
    return data;
  }

  async function rateCounters(): Promise<number> {
    const rows = await harness.backend.sql<{ count: number }>("select coalesce(sum(hits), 0)::int as count from public.rate_limits");
    return rows[0]!.count;
  }

  it("begins for the token's owner in the same call, and records the token's use", async () => {
    const user = await createConfirmedUser(harness.backend, "token-begin@example.com");
    await user.client.from("user_settings").update({ default_tone: "casual" }).eq("user_id", user.id);
    const [{ id: tokenId }] = (await harness.backend.sql<{ id: string }>(
      "insert into public.access_tokens (user_id, name, token_hash, hint) values ($1, 'Laptop', $2, 'abcd') returning id",
      [user.id, HASH],
    )) as [{ id: string }];
    expect(await beginWithToken(HASH)).toEqual({ user_id: user.id, token_id: tokenId, ...FIRST_FREE_START, default_tone: "casual" });
    const [token] = await harness.backend.sql<{ last_used_at: string | null }>("select last_used_at from public.access_tokens");
    expect(token!.last_used_at).not.toBeNull();
  });

  it("answers no row for an unknown, revoked or expired token, and holds nothing against any limit", async () => {
    const user = await createConfirmedUser(harness.backend, "token-refused@example.com");
    await harness.backend.sql(
      `insert into public.access_tokens (user_id, name, token_hash, hint, revoked_at, created_at) values
         ($1, 'Revoked', $2, 'rrrr', now(), now()),
         ($1, 'Idle', $3, 'iiii', null, now() - interval '91 days')`,
      [user.id, "b".repeat(64), "c".repeat(64)],
    );
    const before = await rateCounters();
    for (const hash of [HASH, "b".repeat(64), "c".repeat(64)]) expect(await beginWithToken(hash), hash).toBeNull();
    expect(await rateCounters()).toBe(before);
  });
});

describe("record_optimization", () => {
  it("counts a draft once, re-polishes within 30 minutes free, up to 10 suggestions", async () => {
    const user = await createConfirmedUser(harness.backend, "drafts@example.com");
    expect(await record(user, "draft-1")).toEqual({ allowed: true, counted: true, tier: "free", used: 1, message_limit: 30 });
    expect((await begin(user, "draft-1")).would_count).toBe(false);
    for (let suggestion = 2; suggestion <= 10; suggestion++) {
      expect(await record(user, "draft-1")).toMatchObject({ allowed: true, counted: false, used: 1 });
    }
    expect((await begin(user, "draft-1")).would_count).toBe(true);
    expect(await record(user, "draft-1")).toMatchObject({ allowed: true, counted: true, used: 2 });
    // Another draft, and no draft at all, count on their own.
    expect(await record(user, "draft-2")).toMatchObject({ counted: true, used: 3 });
    expect(await record(user)).toMatchObject({ counted: true, used: 4 });
    expect(await record(user)).toMatchObject({ counted: true, used: 5 });
  });

  it("keeps a draft's sketches, never its text, and counts another message under its id as a new one", async () => {
    const user = await createConfirmedUser(harness.backend, "sketches@example.com");
    await record(user, "draft-1");
    expect(await begin(user, "draft-1")).toMatchObject({ would_count: false, draft_input_sketch: [1, 2, 3], draft_output_sketch: [4095, 7], draft_changed_share: 0 });
    const columns = await harness.backend.sql<{ column_name: string }>(
      "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'optimization_drafts' order by ordinal_position",
    );
    expect(columns.map((column) => column.column_name)).toEqual(["user_id", "draft_id", "counted_at", "suggestions", "input_sketch", "output_sketch", "changed_share"]);
    // The server found the text is not the draft's message: counted, and the draft starts again.
    expect(await record(user, "draft-1", false)).toMatchObject({ counted: true, used: 2 });
    expect(await record(user, "draft-1")).toMatchObject({ counted: false, used: 2 });
    // A sketch that could carry more than 32 values of 12 bits is refused.
    await expect(harness.backend.sql("update public.optimization_drafts set input_sketch = array[4096] where user_id = $1", [user.id])).rejects.toThrow();
  });

  it("lets a draft's free re-polishes change at most half of its message in all, then counts it again", async () => {
    const user = await createConfirmedUser(harness.backend, "changes@example.com");
    expect(await record(user, "draft-1")).toMatchObject({ counted: true, used: 1 });
    // Each re-polish rewrote a fifth of the message: the first two are free (0.4 in all), the third would make 0.6.
    expect(await record(user, "draft-1", true, 0.2)).toMatchObject({ counted: false, used: 1 });
    expect(await record(user, "draft-1", true, 0.2)).toMatchObject({ counted: false, used: 1 });
    expect((await begin(user, "draft-1")).draft_changed_share).toBeCloseTo(0.4);
    expect(await record(user, "draft-1", true, 0.2)).toMatchObject({ counted: true, used: 2 });
    // Counted again, the draft starts afresh: typing on (nothing changed) is free again.
    expect((await begin(user, "draft-1")).draft_changed_share).toBe(0);
    expect(await record(user, "draft-1", true, 0)).toMatchObject({ counted: false, used: 2 });
    expect(await record(user, "draft-1", true, 0.5)).toMatchObject({ counted: false, used: 2 });
    expect(await record(user, "draft-1", true, 0.03125)).toMatchObject({ counted: true, used: 3 });
  });

  it("drops a user's drafts idle for a day, sketches and all, when their next message is counted", async () => {
    const user = await createConfirmedUser(harness.backend, "tidy@example.com");
    await record(user, "old-draft");
    await advanceMinutes(25 * 60);
    await record(user, "new-draft");
    const drafts = await harness.backend.sql<{ draft_id: string }>("select draft_id from public.optimization_drafts where user_id = $1", [user.id]);
    expect(drafts.map((draft) => draft.draft_id)).toEqual(["new-draft"]);
  });

  it("counts a draft again once 30 minutes have passed since it was counted", async () => {
    const user = await createConfirmedUser(harness.backend, "later@example.com");
    await record(user, "draft-1");
    await advanceMinutes(29);
    expect(await record(user, "draft-1")).toMatchObject({ counted: false, used: 1 });
    await advanceMinutes(2);
    expect(await record(user, "draft-1")).toMatchObject({ counted: true, used: 2 });
  });

  it("gives a Free user exactly 30 of 50 concurrent messages and refuses the rest without counting", async () => {
    const user = await createConfirmedUser(harness.backend, "rush@example.com");
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => record(user, `draft-${index}`)));
    expect(results.filter((result) => result.allowed)).toHaveLength(30);
    expect(results.filter((result) => !result.allowed)).toHaveLength(20);
    expect(results.filter((result) => !result.allowed).every((result) => !result.counted && result.used === 30)).toBe(true);
    expect(await record(user, "one-more")).toEqual({ allowed: false, counted: false, tier: "free", used: 30, message_limit: 30 });
    const events = await harness.backend.sql<{ n: number }>("select count(*)::int as n from public.message_events where user_id = $1", [user.id]);
    expect(events[0]!.n).toBe(30);
  });

  it("still lets a Free user at the limit re-polish a draft that was already counted", async () => {
    const user = await createConfirmedUser(harness.backend, "edge@example.com");
    await record(user, "counted-draft");
    await harness.backend.sql("update public.usage_tracking set message_count = 30 where user_id = $1", [user.id]);
    expect(await record(user, "counted-draft")).toMatchObject({ allowed: true, counted: false, used: 30 });
    expect(await record(user, "new-draft")).toMatchObject({ allowed: false, counted: false, used: 30 });
  });

  it("gives Pro users unlimited messages", async () => {
    const user = await createConfirmedUser(harness.backend, "pro@example.com");
    await serviceClient()
      .from("subscriptions")
      .insert({ id: "sub_pro", user_id: user.id, customer_id: "cus_pro", status: "active", current_period_end: new Date(harness.backend.clock.now() + 86_400_000).toISOString() });
    await harness.backend.sql("insert into public.usage_tracking (user_id, month, tier, message_count) values ($1, to_char(now() at time zone 'utc', 'YYYY-MM'), 'pro', 500)", [user.id]);
    expect(await record(user)).toEqual({ allowed: true, counted: true, tier: "pro", used: 501, message_limit: null });
    expect((await begin(user)).message_limit).toBeNull();
  });

  it("records metadata only while usage analytics is on", async () => {
    const user = await createConfirmedUser(harness.backend, "analytics@example.com");
    await record(user, "d");
    const [event] = await harness.backend.sql("select tone, message_type, platform, input_length, output_length, latency_ms, counted from public.message_events where user_id = $1", [user.id]);
    expect(event).toEqual({ tone: "friendly", message_type: "email", platform: "gmail", input_length: 120, output_length: 140, latency_ms: 42, counted: true });

    await user.client.from("user_settings").update({ usage_analytics: false }).eq("user_id", user.id);
    expect(await record(user)).toMatchObject({ counted: true, used: 2 });
    const count = await harness.backend.sql<{ n: number }>("select count(*)::int as n from public.message_events where user_id = $1", [user.id]);
    expect(count[0]!.n).toBe(1);
  });

  it("gives the owner their activity by day, platform and tone, and nobody else", async () => {
    const user = await createConfirmedUser(harness.backend, "owner@example.com");
    const other = await createConfirmedUser(harness.backend, "other@example.com");
    await record(user, "a");
    await record(user, "a"); // a free re-polish: recorded, not counted, not in the chart
    await record(user, "b");
    const { data, error } = await user.client.rpc("message_activity", { p_days: 30 });
    expect(error).toBeNull();
    expect(data).toEqual([{ day: expect.any(String), platform: "gmail", tone: "friendly", messages: 2 }]);
    const theirs = await other.client.rpc("message_activity", { p_days: 30 });
    expect(theirs.data).toEqual([]);
    const { data: rows } = await other.client.from("message_events").select("id");
    expect(rows).toEqual([]);
  });
});

describe("who may call the metering functions", () => {
  it("refuses users and anon: only the server (service role) meters", async () => {
    const user = await createConfirmedUser(harness.backend, "sneaky@example.com");
    for (const client of [user.client, anonClient()]) {
      for (const [name, args] of [
        ["begin_optimization", { p_user_id: user.id, p_draft_id: null }],
        ["begin_optimization_with_token", { p_token_hash: "0".repeat(64), p_draft_id: null }],
        ["record_optimization", { p_user_id: user.id, p_draft_id: null, p_tone: "casual", p_message_type: "text", p_platform: "web", p_input_length: 1, p_output_length: 1, p_latency_ms: 1 }],
        ["hit_rate_limit", { p_key: "x", p_limit: 1, p_window_seconds: 60 }],
      ] as const) {
        const { error } = await client.rpc(name, args);
        expect(error, name).not.toBeNull();
      }
    }
    const usage = await harness.backend.sql("select * from public.usage_tracking where user_id = $1", [user.id]);
    expect(usage).toEqual([]);
  });

  it("lets a user read their own account summary, and not anyone else's", async () => {
    const user = await createConfirmedUser(harness.backend, "me@example.com", "Maria Alvarez");
    const other = await createConfirmedUser(harness.backend, "them@example.com");
    const { data, error } = await user.client.rpc("account_summary", { p_user_id: user.id }).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ email: "me@example.com", full_name: "Maria Alvarez", tier: "free", used: 0, message_limit: 30 });
    const { error: refused } = await other.client.rpc("account_summary", { p_user_id: user.id }).single();
    expect(refused).not.toBeNull();
  });

  it("gives a signed-in user their dashboard summary, with their activity only when asked and analytics is on", async () => {
    const user = await createConfirmedUser(harness.backend, "dash@example.com", "Dana Dash");
    const other = await createConfirmedUser(harness.backend, "notdash@example.com");
    await record(user, "a");
    await record(user, "b");
    await harness.backend.sql(
      "insert into public.follow_ups (user_id, label, due_at) values ($1, 'Ping Acme', now() - interval '1 hour')",
      [user.id],
    );

    const plain = await user.client.rpc("dashboard_summary", {}).single();
    expect(plain.error).toBeNull();
    expect(plain.data).toMatchObject({ email: "dash@example.com", full_name: "Dana Dash", tier: "free", used: 2, message_limit: 30, due_follow_ups: 1, usage_analytics: true, activity: null });

    const withActivity = await user.client.rpc("dashboard_summary", { p_activity_days: 30 }).single();
    expect(withActivity.data).toMatchObject({
      used: 2,
      activity: [{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), platform: "gmail", tone: "friendly", messages: 2 }],
    });
    // Another user's summary is their own: no rows of the first user's.
    const theirs = await other.client.rpc("dashboard_summary", { p_activity_days: 30 }).single();
    expect(theirs.data).toMatchObject({ email: "notdash@example.com", used: 0, due_follow_ups: 0, activity: [] });

    await user.client.from("user_settings").update({ usage_analytics: false }).eq("user_id", user.id);
    const off = await user.client.rpc("dashboard_summary", { p_activity_days: 30 }).single();
    expect(off.data).toMatchObject({ usage_analytics: false, activity: null });

    // Anon and the service role have no "signed-in user" to summarize.
    expect((await anonClient().rpc("dashboard_summary", {})).error).not.toBeNull();
    expect((await serviceClient().rpc("dashboard_summary", {})).data).toEqual([]);
  });
});
