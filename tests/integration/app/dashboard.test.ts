import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";
import { tomorrowMorning } from "~/lib/follow-ups/schedule";
import { appForThisFile, signUpThroughApp, toastsIn } from "./app-harness.ts";

const app = appForThisFile();

async function userId(email: string): Promise<string> {
  const rows = (await app.backend.sql("select id from auth.users where email = $1", [email])) as Array<{ id: string }>;
  return rows[0]!.id;
}

async function setUsage(email: string, count: number) {
  await app.backend.sql(
    "insert into public.usage_tracking (user_id, month, tier, message_count) values ($1, to_char(now() at time zone 'utc', 'YYYY-MM'), 'free', $2) on conflict (user_id, month) do update set message_count = excluded.message_count",
    [await userId(email), count],
  );
}

async function makePro(email: string) {
  await app.backend.sql(
    "insert into public.subscriptions (id, user_id, customer_id, status, price_id, current_period_start, current_period_end) values ('sub_test_' || substr(md5(random()::text), 1, 8), $1, 'cus_test', 'active', 'price_tonewise_pro_monthly', now(), now() + interval '1 month')",
    [await userId(email)],
  );
}

describe("dashboard home", () => {
  it("free and plain below 80%", async () => {
    const client = await signUpThroughApp(app, "plain@example.com", "Paula Plain");
    await setUsage("plain@example.com", 23);
    const { html } = await client.html("/dashboard");
    expect(html).toContain('data-usage-state="plain"');
    expect(html).toContain('aria-valuenow="23"');
    expect(html).toContain(">FREE<");
    expect(html).toContain("Upgrade to Pro");
    expect(html).toMatch(/<a [^>]*href="\/extension\/download"[^>]*>Download Extension<\/a>/);
    expect(html).toContain("Getting started");
    // Without a store listing (EXTENSION_STORE_URL), the guide's first step sends no one to a store.
    expect(html).toContain("Use Download Extension above, then load Tonewise in your browser as the download page shows.");
    expect(html).not.toContain("Chrome Web Store");
    expect(html).toContain("What You Get");
  });

  it("warns at 80% and at the limit, and caps the count at 30", async () => {
    const client = await signUpThroughApp(app, "busy@example.com");
    await setUsage("busy@example.com", 24);
    const text = async () => (await client.html("/dashboard")).html.replaceAll("<!-- -->", "");
    expect(await text()).toContain("You&#x27;re approaching your monthly limit: 6 free messages left until ");
    await setUsage("busy@example.com", 29);
    expect(await text()).toContain("You&#x27;re approaching your monthly limit: 1 free message left until ");
    await setUsage("busy@example.com", 45);
    const { html } = await client.html("/dashboard");
    expect(html).toContain('data-usage-state="reached"');
    expect(html).toContain('aria-valuenow="30"');
    expect(html).toContain("You&#x27;ve reached your monthly limit of 30 free messages");
  });

  it("pro: unlimited, PRO badge, and no upgrade button", async () => {
    const client = await signUpThroughApp(app, "pro@example.com");
    await makePro("pro@example.com");
    await setUsage("pro@example.com", 120);
    const { html } = await client.html("/dashboard");
    expect(html).toContain("Unlimited messages available");
    expect(html).toContain(">PRO<");
    expect(html).not.toContain("Upgrade to Pro");
  });

  it("a failed summary read is logged and the page still shows Free (and the name from the session)", async () => {
    const client = await signUpThroughApp(app, "flaky@example.com", "Flora Flaky");
    await makePro("flaky@example.com");
    await setUsage("flaky@example.com", 29);
    app.server.use(http.post(`${LOCAL_SUPABASE_URL}/rest/v1/rpc/dashboard_summary`, () => HttpResponse.json({ message: "down" }, { status: 500 })));
    const page = await client.html("/dashboard");
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-usage-state="plain"');
    expect(page.html).toContain(">FREE<");
    expect(toastsIn(page.html)).toEqual([]);
    const account = await client.html("/dashboard/account");
    expect(account.status).toBe(200);
    expect(account.html).toContain('value="Flora Flaky"');
  });

  it("shows a payment issue from the same summary", async () => {
    const client = await signUpThroughApp(app, "late@example.com");
    await makePro("late@example.com");
    await app.backend.sql("update public.subscriptions set status = 'past_due' where user_id = $1", [await userId("late@example.com")]);
    const { html } = await client.html("/dashboard");
    expect(html).toContain(">PRO<");
    expect(html).toContain('data-payment-issue="past_due"');
  });
});

describe("account", () => {
  it("shows the read-only email and member-since date and saves the full name", async () => {
    const client = await signUpThroughApp(app, "acct@example.com", "Old Name");
    const page = await client.html("/dashboard/account");
    expect(page.html).toContain("Email cannot be changed for security reasons");
    expect(page.html).toContain(new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }));
    const saved = await client.post("/dashboard/account", { fullName: "New Name" });
    expect(toastsIn(await saved.text())).toEqual(["Success / Profile updated successfully"]);
    expect((await client.html("/dashboard/account")).html).toContain('value="New Name"');
  });

  it("a failed save says so and keeps the typed name", async () => {
    const client = await signUpThroughApp(app, "acct2@example.com", "Old Name");
    app.server.use(http.patch(`${LOCAL_SUPABASE_URL}/rest/v1/profiles`, () => HttpResponse.json({ message: "Database unavailable" }, { status: 503 })));
    const html = await (await client.post("/dashboard/account", { fullName: "Typed Name" })).text();
    // Our words, never the database's (security finding 10).
    expect(toastsIn(html)).toEqual(["Error / Failed to update profile"]);
    expect(html).toContain('value="Typed Name"');
  });

  it("an empty name is a validation error", async () => {
    const client = await signUpThroughApp(app, "acct3@example.com");
    const html = await (await client.post("/dashboard/account", { fullName: "  " })).text();
    expect(toastsIn(html)).toEqual(["Validation Error / Please enter your full name"]);
  });
});

describe("settings", () => {
  it("starts from the spec's defaults and persists changes", async () => {
    const client = await signUpThroughApp(app, "prefs@example.com");
    const before = (await client.html("/dashboard/settings")).html;
    expect(before).toMatch(/<input[^>]*id="notifications"[^>]*\schecked=""/);
    expect(before).toMatch(/<option value="professional" selected/);
    expect(before).toMatch(/<option value="text" selected/);
    const saved = await client.post("/dashboard/settings", { defaultTone: "casual", defaultMessageType: "linkedin", usageAnalytics: "on" });
    expect(toastsIn(await saved.text())).toEqual(["Settings saved / Your preferences have been updated."]);
    const after = (await client.html("/dashboard/settings")).html;
    expect(after).not.toMatch(/<input[^>]*id="notifications"[^>]*\schecked=""/);
    expect(after).toMatch(/<option value="casual" selected/);
    expect(after).toMatch(/<option value="linkedin" selected/);
    expect(after).toMatch(/<input[^>]*id="usageAnalytics"[^>]*\schecked=""/);
  });

  it("rejects values outside the options and reports a failed save", async () => {
    const client = await signUpThroughApp(app, "prefs2@example.com");
    const invalid = await (await client.post("/dashboard/settings", { defaultTone: "angry", defaultMessageType: "text" })).text();
    expect(toastsIn(invalid)).toEqual(["Validation Error / Choose a tone"]);
    app.server.use(http.patch(`${LOCAL_SUPABASE_URL}/rest/v1/user_settings`, () => HttpResponse.json({ message: "down" }, { status: 500 })));
    const failed = await (await client.post("/dashboard/settings", { defaultTone: "friendly", defaultMessageType: "text" })).text();
    expect(toastsIn(failed)).toEqual(["Error / Failed to save settings"]);
  });

  it("answers an invalid save with 400 and the page as it was sent; a valid one still saves", async () => {
    const client = await signUpThroughApp(app, "prefs3@example.com");
    const id = await userId("prefs3@example.com");
    const stored = () =>
      app.backend.sql("select notifications, default_tone, default_message_type, usage_analytics, time_zone from public.user_settings where user_id = $1", [id]);
    const before = await stored();
    // As a browser without JavaScript posts it: a box left unticked is not sent.
    const sent = { notifications: "on", defaultTone: "angry", defaultMessageType: "linkedin", timeZone: "Asia/Tokyo" };

    const refused = await client.post("/dashboard/settings", sent);
    expect(refused.status).toBe(400);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(toastsIn(html)).toEqual(["Validation Error / Choose a tone"]);
    // What was sent, not what is stored (text, no time zone, analytics on).
    expect(html).toMatch(/<option value="linkedin" selected/);
    expect(html).toMatch(/<option value="Asia\/Tokyo" selected/);
    expect(html).toMatch(/<input[^>]*id="notifications"[^>]*\schecked=""/);
    expect(html).not.toMatch(/<input[^>]*id="usageAnalytics"[^>]*\schecked=""/);
    // The tone's own error, beside it.
    expect(html).toMatch(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="defaultTone-error"[^>]*name="defaultTone"/);
    expect(html).toContain('<p id="defaultTone-error" class="mt-1.5 text-sm font-medium text-red-700">Choose a tone</p>');
    expect(await stored()).toEqual(before);

    const saved = await client.post("/dashboard/settings", { ...sent, defaultTone: "casual" });
    expect(saved.status).toBe(200);
    expect(toastsIn(await saved.text())).toEqual(["Settings saved / Your preferences have been updated."]);
    expect(await stored()).toEqual([
      { notifications: true, default_tone: "casual", default_message_type: "linkedin", usage_analytics: false, time_zone: "Asia/Tokyo" },
    ]);
    const after = (await client.html("/dashboard/settings")).html;
    expect(after).toMatch(/<option value="casual" selected/);
    expect(after).toMatch(/<option value="Asia\/Tokyo" selected/);
    expect(after).not.toMatch(/<input[^>]*id="usageAnalytics"[^>]*\schecked=""/);
  });
});

describe("the extension download page", () => {
  it("offers the Chrome and Firefox packages with the steps to install each", async () => {
    const { status, html } = await app.client().html("/extension/download");
    expect(status).toBe(200);
    expect(html).toContain("Install the Tonewise extension");
    expect(html).toContain('href="/downloads/tonewise-chrome.zip"');
    expect(html).toContain('href="/downloads/tonewise-firefox.zip"');
    expect(html).toContain("Load unpacked");
    expect(html).toContain("Install Add-on From File");
    expect(html).not.toContain("Get it from the store");
  });
});

describe("the reminder form's quick choices", () => {
  /** A fixed-offset zone where it is now between 1:00 and 6:00, and that hour. */
  function zoneInTheSmallHours(now: Date): { zone: string; hour: number } {
    for (let east = -12; east <= 14; east++) {
      const hour = (now.getUTCHours() + east + 24) % 24;
      if (hour >= 1 && hour <= 6) return { zone: east === 0 ? "UTC" : `Etc/GMT${east > 0 ? "-" : "+"}${Math.abs(east)}`, hour };
    }
    throw new Error("no such zone");
  }

  async function createFrom(email: string, shownAt: string) {
    const client = await signUpThroughApp(app, email);
    const now = new Date();
    const { zone, hour } = zoneInTheSmallHours(now);
    const [user] = await app.backend.sql<{ id: string }>("select id from auth.users where email = $1", [email]);
    await app.backend.sql("update public.user_settings set time_zone = $2 where user_id = $1", [user!.id, zone]);
    const response = await client.post("/dashboard/follow-ups", { intent: "create", label: "Call Dana", when: "tomorrow", at: "", shownAt: shownAt || new Date(now.getTime() - (hour + 1) * 3_600_000).toISOString() });
    expect(response.status).toBe(303);
    const [row] = await app.backend.sql<{ due_at: Date }>("select due_at from public.follow_ups where user_id = $1", [user!.id]);
    return { dueAt: new Date(row!.due_at), zone, now, hour };
  }

  it("save the time they showed: a page opened before midnight keeps the 'Tomorrow morning' it offered", async () => {
    const { dueAt, zone, now, hour } = await createFrom("midnight@example.com", "");
    const shownAt = new Date(now.getTime() - (hour + 1) * 3_600_000);
    // Shown the evening before, "tomorrow" was this morning, 9:00, still ahead; recomputed now it would be a day later.
    expect(tomorrowMorning(shownAt, zone).getTime()).not.toBe(tomorrowMorning(now, zone).getTime());
    expect(Math.abs(dueAt.getTime() - tomorrowMorning(shownAt, zone).getTime())).toBeLessThan(60_000);
  });

  it("are computed for now when the shown instant cannot be believed", async () => {
    const { dueAt, zone, now } = await createFrom("forged@example.com", "2020-01-01T00:00:00Z");
    expect(Math.abs(dueAt.getTime() - tomorrowMorning(now, zone).getTime())).toBeLessThan(60_000);
  });
});

describe("the reminder limits on the Follow-ups page", () => {
  it("say which limit refused a new reminder: open ones (mark some done), or all of them (delete some)", async () => {
    const client = await signUpThroughApp(app, "limits@example.com");
    const id = await userId("limits@example.com");
    const create = () => client.post("/dashboard/follow-ups", { intent: "create", label: "One more", when: "tomorrow", at: "", shownAt: new Date().toISOString() });
    await app.backend.sql(
      "insert into public.follow_ups (user_id, label, due_at) select $1, 'Lead ' || n, now() + n * interval '1 hour' from generate_series(1, 200) n",
      [id],
    );
    expect(toastsIn(await (await create()).text())).toEqual(["Error / You can have up to 200 open reminders. Mark some done or delete them first."]);

    await app.backend.sql("update public.follow_ups set completed_at = now() where user_id = $1", [id]);
    await app.backend.sql(
      "insert into public.follow_ups (user_id, label, due_at, completed_at) select $1, 'Old ' || n, now() - interval '1 day', now() - interval '1 day' from generate_series(1, 800) n",
      [id],
    );
    expect(toastsIn(await (await create()).text())).toEqual([
      "Error / You can keep up to 1,000 reminders, done ones included (they go 90 days after they were done). Delete some first.",
    ]);
  });
});

describe("the Follow-ups page when the database fails", () => {
  it("keeps a new reminder's values and says to try again, whether reading the time zone or saving failed", async () => {
    const client = await signUpThroughApp(app, "remind-later@example.com");
    const id = await userId("remind-later@example.com");
    await app.backend.sql("update public.user_settings set time_zone = 'Asia/Tokyo' where user_id = $1", [id]);
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const form = { intent: "create", label: "Call Dana at Northwind", when: "custom", at: `${day}T09:30`, shownAt: new Date().toISOString() };
    for (const pathPrefix of ["/rest/v1/user_settings", "/rest/v1/follow_ups"]) {
      app.backend.injectFault({ service: "supabase", mode: "fail", count: 1, pathPrefix });
      const failed = await client.post("/dashboard/follow-ups", form);
      expect(failed.status, pathPrefix).toBe(503);
      const html = (await failed.text()).replaceAll("<!-- -->", "");
      expect(toastsIn(html), pathPrefix).toEqual(["Error / The reminder could not be saved. Please try again in a moment."]);
      expect(html, pathPrefix).toContain('value="Call Dana at Northwind"');
      expect(await app.backend.sql("select id from public.follow_ups where user_id = $1", [id]), pathPrefix).toEqual([]);
    }
    // Tried again, it is saved at 9:30 in the account's zone (never UTC for want of the zone).
    expect((await client.post("/dashboard/follow-ups", form)).status).toBe(303);
    const [row] = await app.backend.sql<{ due_at: Date }>("select due_at from public.follow_ups where user_id = $1", [id]);
    expect(new Date(row!.due_at).toISOString()).toBe(`${day}T00:30:00.000Z`);
  });

  it("saves a reminder form sent again once, and keeps the form's one-time id when it comes back refused", async () => {
    const client = await signUpThroughApp(app, "sent-twice@example.com");
    const id = await userId("sent-twice@example.com");
    const formId = async () => {
      const { html } = await client.html("/dashboard/follow-ups");
      return /<input type="hidden" name="requestId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
    };
    const requestId = await formId();
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await formId()).not.toBe(requestId);

    // Refused by the database, the form comes back with the id it was sent with.
    const form = { intent: "create", label: "Call Dana at Northwind", when: "tomorrow", at: "", shownAt: new Date().toISOString(), requestId: requestId! };
    app.backend.injectFault({ service: "supabase", mode: "fail", count: 1, pathPrefix: "/rest/v1/follow_ups" });
    const failed = await client.post("/dashboard/follow-ups", form);
    expect(failed.status).toBe(503);
    expect(await failed.text()).toContain(`<input type="hidden" name="requestId" value="${requestId}"/>`);

    // Sent twice (the first answer lost), it is one reminder, and both say it is set.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await client.post("/dashboard/follow-ups", form)).status).toBe(303);
      expect(toastsIn((await client.html("/dashboard/follow-ups")).html.replaceAll("<!-- -->", ""))[0]).toMatch(/^Reminder set \/ We'll remind you /);
    }
    expect(await app.backend.sql("select label from public.follow_ups where user_id = $1", [id])).toEqual([{ label: "Call Dana at Northwind" }]);

    // The same form with another label is another reminder; a form id that is not a UUID is ignored.
    expect((await client.post("/dashboard/follow-ups", { ...form, label: "Call Sam" })).status).toBe(303);
    expect((await client.post("/dashboard/follow-ups", { ...form, label: "Call Sam", requestId: "not-an-id" })).status).toBe(303);
    expect(await app.backend.sql("select label from public.follow_ups where user_id = $1 order by label", [id])).toEqual([
      { label: "Call Dana at Northwind" },
      { label: "Call Sam" },
      { label: "Call Sam" },
    ]);
  });

  it("says a change could not be made and leaves the reminder as it was", async () => {
    const client = await signUpThroughApp(app, "change-later@example.com");
    const id = await userId("change-later@example.com");
    const [{ id: reminder }] = (await app.backend.sql<{ id: string }>(
      "insert into public.follow_ups (user_id, label, due_at) values ($1, 'Send the quote', now() - interval '1 hour') returning id",
      [id],
    )) as [{ id: string }];
    app.backend.injectFault({ service: "supabase", mode: "fail", count: 1, pathPrefix: "/rest/v1/follow_ups" });
    const response = await client.post("/dashboard/follow-ups", { intent: "done", id: reminder });
    expect(response.status).toBe(303);
    const page = (await client.html("/dashboard/follow-ups")).html.replaceAll("<!-- -->", "");
    expect(toastsIn(page)).toEqual(["Error / The reminder could not be changed. Please try again in a moment."]);
    const [row] = await app.backend.sql<{ completed_at: Date | null }>("select completed_at from public.follow_ups where id = $1", [reminder]);
    expect(row!.completed_at).toBeNull();

    // Mark done needs no time zone: it works while the settings cannot be read.
    app.backend.injectFault({ service: "supabase", mode: "fail", count: 1, pathPrefix: "/rest/v1/user_settings" });
    await client.post("/dashboard/follow-ups", { intent: "done", id: reminder });
    expect(toastsIn((await client.html("/dashboard/follow-ups")).html.replaceAll("<!-- -->", ""))).toEqual(["Marked done / Nice work. You'll find it under Done."]);
    const [after] = await app.backend.sql<{ completed_at: Date | null }>("select completed_at from public.follow_ups where id = $1", [reminder]);
    expect(after!.completed_at).not.toBeNull();
  });
});
