/**
 * /api/v1/follow-ups through the production build with the local backend: creating, listing,
 * changing and deleting reminders with an access token, the error conventions shared with
 * /api/v1/optimize, each user seeing only their own, the per-user limits, and the time zone
 * in /api/v1/me.
 */
import { describe, expect, it } from "vitest";
import { appForThisFile, bearer, createTokenThroughApp, signUpThroughApp } from "./app-harness.ts";
import { FOLLOW_UP_LIMITS } from "~/lib/follow-ups/follow-up-schemas";
import { SYNC_LIMIT } from "../../../extension/lib/reminders.ts";

const app = appForThisFile();
const HOUR = 60 * 60_000;

async function connectedUser(email: string) {
  const client = await signUpThroughApp(app, email);
  const token = await createTokenThroughApp(client, "Browser extension");
  const call = async (path: string, method = "GET", body?: unknown, headers: Record<string, string> = {}) => {
    const response = await client.fetch(
      path,
      bearer(token, {
        method,
        ...(body === undefined ? { headers } : { headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) }),
      }),
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  return { client, token, call };
}

/**
 * Gives a user `count` open reminders straight in the database ("<label> 1", "<label> 2"…), the
 * n-th due n × `step` from now (a negative step: overdue).
 */
async function addOpenReminders(email: string, count: number, label: string, step: string) {
  await app.backend.sql(
    "insert into public.follow_ups (user_id, label, due_at) select u.id, $2 || ' ' || n, now() + n * $4::interval from auth.users u, generate_series(1, $3::int) n where u.email = $1",
    [email, label, count, step],
  );
}

const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe("/api/v1/follow-ups", () => {
  it("creates a reminder, lists it, changes it, marks it done, reopens it and deletes it", async () => {
    const { call } = await connectedUser("maria@example.com");
    const dueAt = inHours(48);
    const created = await call("/api/v1/follow-ups", "POST", {
      label: "  Maria Alvarez — demo recap ",
      url: "https://mail.example.com/mail/u/0/#inbox/abc",
      dueAt,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("Cache-Control")).toBe("private, no-store");
    expect(created.body.followUp).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      label: "Maria Alvarez — demo recap",
      url: "https://mail.example.com/mail/u/0/#inbox/abc",
      dueAt,
      followUpNumber: 1,
      done: false,
      completedAt: null,
      createdAt: expect.any(String),
    });
    const id = created.body.followUp.id as string;

    const overdue = await call("/api/v1/follow-ups", "POST", { label: "Acme renewal", dueAt: inHours(-2), followUpNumber: 2 });
    expect(overdue.status).toBe(201);
    expect(overdue.body.followUp).toMatchObject({ url: null, followUpNumber: 2 });

    const open = await call("/api/v1/follow-ups");
    expect(open.status).toBe(200);
    expect(open.body.followUps.map((item: { label: string }) => item.label)).toEqual(["Acme renewal", "Maria Alvarez — demo recap"]);
    expect(open.body.dueCount).toBe(1);

    expect((await call(`/api/v1/follow-ups/${id}`)).body.followUp.label).toBe("Maria Alvarez — demo recap");

    const moved = await call(`/api/v1/follow-ups/${id}`, "PATCH", { dueAt: inHours(72), followUpNumber: 2, label: "Maria — pricing" });
    expect(moved.status).toBe(200);
    expect(moved.body.followUp).toMatchObject({ label: "Maria — pricing", followUpNumber: 2, done: false });

    const done = await call(`/api/v1/follow-ups/${id}`, "PATCH", { done: true });
    expect(done.body.followUp).toMatchObject({ done: true, completedAt: expect.any(String) });
    expect((await call("/api/v1/follow-ups")).body.followUps.map((item: { id: string }) => item.id)).not.toContain(id);
    expect((await call("/api/v1/follow-ups?status=done")).body.followUps.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await call("/api/v1/follow-ups?status=all&limit=1")).body.followUps).toHaveLength(1);

    const reopened = await call(`/api/v1/follow-ups/${id}`, "PATCH", { done: false });
    expect(reopened.body.followUp).toMatchObject({ done: false, completedAt: null });

    const removed = await call(`/api/v1/follow-ups/${id}`, "DELETE");
    expect(removed.status).toBe(204);
    expect((await call(`/api/v1/follow-ups/${id}`)).status).toBe(404);
    expect((await call(`/api/v1/follow-ups/${id}`, "DELETE")).status).toBe(404);
  });

  it("refuses what a reminder cannot hold, naming the field, and never keeps message text", async () => {
    const { call } = await connectedUser("rules@example.com");
    const cases: [unknown, string][] = [
      [{ dueAt: inHours(1) }, "label"],
      [{ label: "", dueAt: inHours(1) }, "label"],
      [{ label: "x".repeat(121), dueAt: inHours(1) }, "label"],
      [{ label: "two\nlines", dueAt: inHours(1) }, "label"],
      [{ label: "Lead", url: "javascript:alert(1)", dueAt: inHours(1) }, "url"],
      [{ label: "Lead", url: "ftp://files.example.com/a", dueAt: inHours(1) }, "url"],
      [{ label: "Lead", url: `https://example.com/${"a".repeat(2048)}`, dueAt: inHours(1) }, "url"],
      [{ label: "Lead" }, "dueAt"],
      [{ label: "Lead", dueAt: "next tuesday" }, "dueAt"],
      [{ label: "Lead", dueAt: "2026-11-25T09:00:00" }, "dueAt"],
      [{ label: "Lead", dueAt: inHours(24 * 400) }, "dueAt"],
      [{ label: "Lead", dueAt: inHours(-30) }, "dueAt"],
      [{ label: "Lead", dueAt: inHours(1), followUpNumber: 0 }, "followUpNumber"],
      [{ label: "Lead", dueAt: inHours(1), followUpNumber: 1.5 }, "followUpNumber"],
      [{ label: "Lead", dueAt: inHours(1), text: "hi sam, following up on the proposal" }, "text"],
      // An unknown key named by the empty string is still the field at fault (found by fuzzing).
      [{ "": "", label: "Lead", dueAt: inHours(1) }, ""],
    ];
    for (const [body, field] of cases) {
      const response = await call("/api/v1/follow-ups", "POST", body);
      expect({ body, status: response.status, error: response.body.error }).toEqual({
        body,
        status: 400,
        error: { code: "invalid_request", message: expect.any(String), field },
      });
    }
    expect(await app.backend.sql("select id from public.follow_ups")).toEqual([]);

    const list = await call("/api/v1/follow-ups?status=later");
    expect(list.status).toBe(400);
    expect(list.body.error.field).toBe("status");
    expect((await call("/api/v1/follow-ups?limit=500")).body.error.field).toBe("limit");

    const created = await call("/api/v1/follow-ups", "POST", { label: "Lead", dueAt: inHours(1) });
    const patch = await call(`/api/v1/follow-ups/${created.body.followUp.id}`, "PATCH", { done: "yes" });
    expect(patch.status).toBe(400);
    expect(patch.body.error.field).toBe("done");
    expect((await call("/api/v1/follow-ups/not-a-uuid")).status).toBe(404);
    expect((await call("/api/v1/follow-ups", "PUT", {})).status).toBe(405);
  });

  it("answers 401 without a valid token and keeps every user's reminders to themselves", async () => {
    const owner = await connectedUser("owner@example.com");
    const other = await connectedUser("other@example.com");
    const created = await owner.call("/api/v1/follow-ups", "POST", { label: "Private lead", dueAt: inHours(5) });
    const id = created.body.followUp.id as string;

    const anonymous = await app.client().fetch("/api/v1/follow-ups");
    expect(anonymous.status).toBe(401);
    const forged = await app.client().fetch("/api/v1/follow-ups", bearer("tw_" + "A".repeat(43)));
    expect(forged.status).toBe(401);

    expect((await other.call("/api/v1/follow-ups")).body).toEqual({ followUps: [], dueCount: 0 });
    expect((await other.call(`/api/v1/follow-ups/${id}`)).status).toBe(404);
    expect((await other.call(`/api/v1/follow-ups/${id}`, "PATCH", { done: true })).status).toBe(404);
    expect((await other.call(`/api/v1/follow-ups/${id}`, "DELETE")).status).toBe(404);
    expect((await owner.call(`/api/v1/follow-ups/${id}`)).body.followUp).toMatchObject({ label: "Private lead", done: false });

    // The dashboard's own session may call the API too (same-origin, no token).
    const viaSession = await owner.client.fetch("/api/v1/follow-ups");
    expect((await viaSession.json()).followUps).toHaveLength(1);
  });

  it("lists every open reminder a user can have in one page, so overdue ones never hide the next", async () => {
    const { call } = await connectedUser("overdue@example.com");
    await addOpenReminders("overdue@example.com", 199, "Overdue", "-1 minute");
    await call("/api/v1/follow-ups", "POST", { label: "Next week's call", dueAt: inHours(24 * 7) });
    const listed = await call(`/api/v1/follow-ups?status=open&limit=${FOLLOW_UP_LIMITS.maxOpen}`);
    expect(listed.status).toBe(200);
    expect(listed.body.followUps).toHaveLength(200);
    expect(listed.body.followUps.at(-1).label).toBe("Next week's call");
    expect(SYNC_LIMIT).toBe(FOLLOW_UP_LIMITS.maxOpen);
    expect((await call(`/api/v1/follow-ups?limit=${FOLLOW_UP_LIMITS.maxOpen + 1}`)).body.error).toEqual({
      code: "invalid_request",
      message: "limit must be a whole number from 1 to 200.",
      field: "limit",
    });
  });

  it("refuses the 201st open reminder and reopening past the limit, with 409 limit_reached", async () => {
    const { call } = await connectedUser("busy@example.com");
    await addOpenReminders("busy@example.com", 199, "Lead", "1 hour");
    const last = await call("/api/v1/follow-ups", "POST", { label: "Lead 200", dueAt: inHours(1) });
    expect(last.status).toBe(201);
    const over = await call("/api/v1/follow-ups", "POST", { label: "Lead 201", dueAt: inHours(1) });
    expect(over.status).toBe(409);
    expect(over.body.error).toEqual({ code: "limit_reached", message: expect.stringContaining("200 open reminders") });

    expect((await call(`/api/v1/follow-ups/${last.body.followUp.id}`, "PATCH", { done: true })).status).toBe(200);
    const again = await call("/api/v1/follow-ups", "POST", { label: "Lead 201", dueAt: inHours(1) });
    expect(again.status).toBe(201);
    const reopen = await call(`/api/v1/follow-ups/${last.body.followUp.id}`, "PATCH", { done: false });
    expect(reopen.status).toBe(409);
    expect(reopen.body.error).toEqual({ code: "limit_reached", message: "You can have up to 200 open reminders. Mark some done or delete them first." });
  });

  it("saves a reminder sent again with the same Idempotency-Key once, and answers the first one", async () => {
    const { call } = await connectedUser("retry@example.com");
    const key = { "Idempotency-Key": "2f1c9b5e-8a47-4d0b-9c1e-6b7d3f2a9e10" };
    const reminder = { label: "Acme renewal", url: "https://mail.example.com/#inbox/1", dueAt: inHours(24) };
    const first = await call("/api/v1/follow-ups", "POST", reminder, key);
    expect(first.status).toBe(201);
    const again = await call("/api/v1/follow-ups", "POST", reminder, key);
    expect(again.status).toBe(201);
    expect(again.body.followUp).toEqual(first.body.followUp);

    // The same key with another reminder (the label changed before sending again) is a new one,
    // and so is the same reminder without a key or with another key.
    const changed = await call("/api/v1/follow-ups", "POST", { ...reminder, label: "Acme renewal call" }, key);
    const unkeyed = await call("/api/v1/follow-ups", "POST", reminder);
    const otherKey = await call("/api/v1/follow-ups", "POST", reminder, { "Idempotency-Key": "another-attempt-1" });
    expect([changed.status, unkeyed.status, otherKey.status]).toEqual([201, 201, 201]);
    const ids = new Set([first, changed, unkeyed, otherKey].map((answer) => answer.body.followUp.id));
    expect(ids.size).toBe(4);
    const listed = await call("/api/v1/follow-ups?status=all");
    expect(listed.body.followUps).toHaveLength(4);

    // Another user's same key and reminder are theirs: a new reminder.
    const other = await connectedUser("retry-other@example.com");
    const theirs = await other.call("/api/v1/follow-ups", "POST", reminder, key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.followUp.id).not.toBe(first.body.followUp.id);
  });

  it("answers a reminder sent again after it filled the 200 open ones, and refuses a bad Idempotency-Key", async () => {
    const { call } = await connectedUser("retry-full@example.com");
    await addOpenReminders("retry-full@example.com", 199, "Lead", "1 hour");
    const key = { "Idempotency-Key": "last-one-7" };
    const reminder = { label: "Lead 200", dueAt: inHours(1) };
    const last = await call("/api/v1/follow-ups", "POST", reminder, key);
    expect(last.status).toBe(201);
    const again = await call("/api/v1/follow-ups", "POST", reminder, key);
    expect(again.status).toBe(201);
    expect(again.body.followUp.id).toBe(last.body.followUp.id);
    expect((await call("/api/v1/follow-ups", "POST", { label: "Lead 201", dueAt: inHours(1) }, { "Idempotency-Key": "another-8" })).status).toBe(409);

    for (const bad of ["has spaces in it", "é", "x".repeat(256)]) {
      const refused = await call("/api/v1/follow-ups", "POST", { label: "Lead", dueAt: inHours(1) }, { "Idempotency-Key": bad });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual({
        code: "invalid_request",
        message: "Idempotency-Key must be 1 to 255 visible ASCII characters, e.g. a UUID.",
        field: "Idempotency-Key",
      });
    }
  });

  it("removes reminders done more than 90 days ago when a new one is set, and keeps the rest", async () => {
    const { call } = await connectedUser("tidy@example.com");
    await app.backend.sql(
      `insert into public.follow_ups (user_id, label, due_at, completed_at)
       select u.id, v.label, now() - v.age, now() - v.age
         from auth.users u, (values ('Done 91 days ago', interval '91 days'), ('Done 89 days ago', interval '89 days')) as v(label, age)
        where u.email = $1`,
      ["tidy@example.com"],
    );
    expect((await call("/api/v1/follow-ups", "POST", { label: "New one", dueAt: inHours(1) })).status).toBe(201);
    const rows = await app.backend.sql<{ label: string }>(
      "select label from public.follow_ups f join auth.users u on u.id = f.user_id where u.email = $1 order by label",
      ["tidy@example.com"],
    );
    expect(rows.map((row) => row.label)).toEqual(["Done 89 days ago", "New one"]);
  });

  it("refuses a new reminder past 1,000 in all, done ones included, saying that deleting is the way", async () => {
    const { call } = await connectedUser("archivist@example.com");
    await app.backend.sql(
      "insert into public.follow_ups (user_id, label, due_at, completed_at) select u.id, 'Old ' || n, now() - interval '1 day', now() - interval '1 day' from auth.users u, generate_series(1, 1000) n where u.email = $1",
      ["archivist@example.com"],
    );
    const over = await call("/api/v1/follow-ups", "POST", { label: "One more", dueAt: inHours(1) });
    expect(over.status).toBe(409);
    expect(over.body.error).toEqual({
      code: "limit_reached",
      message: "You can keep up to 1,000 reminders, done ones included (they go 90 days after they were done). Delete some first.",
    });
  });
});

describe("/api/v1/me and the time zone", () => {
  it("starts unset, takes an IANA name, refuses anything else, and counts due reminders", async () => {
    const { call } = await connectedUser("zone@example.com");
    const before = await call("/api/v1/me");
    expect(before.body.settings.timeZone).toBeNull();
    expect(before.body.followUps).toEqual({ due: 0 });

    const saved = await call("/api/v1/me", "PATCH", { settings: { timeZone: "Europe/Berlin" } });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ timeZone: "Europe/Berlin", defaultTone: "professional" });

    // An offset is not a zone (the runtime's Intl takes it; the database does not).
    for (const timeZone of ["Mars/Olympus_Mons", "", 5, "Europe/Berlin; drop table", "+05:00", "-0800"]) {
      const refused = await call("/api/v1/me", "PATCH", { settings: { timeZone } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.field).toBe("settings.timeZone");
    }
    expect((await call("/api/v1/me")).body.settings.timeZone).toBe("Europe/Berlin");
    // A name in the wrong case is the zone it names, stored as it is spelled.
    const lowerCase = await call("/api/v1/me", "PATCH", { settings: { timeZone: "america/new_york" } });
    expect(lowerCase.body.settings.timeZone).toBe("America/New_York");
    await call("/api/v1/me", "PATCH", { settings: { timeZone: "Europe/Berlin" } });

    await call("/api/v1/follow-ups", "POST", { label: "Due", dueAt: inHours(-1) });
    await call("/api/v1/follow-ups", "POST", { label: "Later", dueAt: inHours(3) });
    expect((await call("/api/v1/me")).body.followUps).toEqual({ due: 1 });
  });
  it("keeps a browser's zone only for an account without one, so a zone chosen meanwhile is never overwritten", async () => {
    const { call } = await connectedUser("offered-zone@example.com");
    const adopted = await call("/api/v1/me", "PATCH", { browserTimeZone: "america/chicago" });
    expect(adopted.status).toBe(200);
    expect(adopted.body.settings.timeZone).toBe("America/Chicago");

    // The user picks another zone in Settings; a second browser's offer, made on an old reading, changes nothing.
    await call("/api/v1/me", "PATCH", { settings: { timeZone: "Europe/Lisbon" } });
    const offered = await call("/api/v1/me", "PATCH", { browserTimeZone: "Asia/Tokyo" });
    expect(offered.status).toBe(200);
    expect(offered.body.settings.timeZone).toBe("Europe/Lisbon");

    // Both at once: the settings change is saved, the offer is moot.
    const both = await call("/api/v1/me", "PATCH", { settings: { defaultTone: "friendly" }, browserTimeZone: "Asia/Tokyo" });
    expect(both.body.settings).toMatchObject({ defaultTone: "friendly", timeZone: "Europe/Lisbon" });

    for (const browserTimeZone of ["Mars/Olympus_Mons", "", 5, null, "+05:00"]) {
      const refused = await call("/api/v1/me", "PATCH", { browserTimeZone });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: "invalid_request", field: "browserTimeZone" });
    }
    const empty = await call("/api/v1/me", "PATCH", {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual({ code: "invalid_request", message: "settings or browserTimeZone is required.", field: "settings" });
    expect((await call("/api/v1/me")).body.settings.timeZone).toBe("Europe/Lisbon");
  });
});
