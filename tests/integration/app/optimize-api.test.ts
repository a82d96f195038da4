/**
 * POST /api/v1/optimize and GET /api/v1/me through the production build, with the local backend
 * and the local AI stand-in mounted in-process (MSW), faults injected per test: every status the
 * API can answer, honest metering, and the promise that a message's text is never kept.
 */
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCAL_AI_URL } from "../../../emulators/config.ts";
import { appForThisFile, signUpThroughApp, type AppClient } from "./app-harness.ts";

const app = appForThisFile();
const COMPLETIONS = `${LOCAL_AI_URL}/chat/completions`;

const MESSAGE = "hi sam, just following up on the proposal i sent tuesday. the price is $1,200 per month. can we talk this week?";

function post(client: AppClient, body: unknown, init: RequestInit = {}) {
  return client.fetch("/api/v1/optimize", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

async function userId(email: string): Promise<string> {
  const rows = await app.backend.sql<{ id: string }>("select id from auth.users where email = $1", [email]);
  return rows[0]!.id;
}

async function used(email: string): Promise<number> {
  const rows = await app.backend.sql<{ message_count: number }>(
    "select message_count from public.usage_tracking where user_id = $1 and month = to_char(now() at time zone 'utc', 'YYYY-MM')",
    [await userId(email)],
  );
  return rows[0]?.message_count ?? 0;
}

async function setUsed(email: string, count: number) {
  await app.backend.sql(
    "insert into public.usage_tracking (user_id, month, tier, message_count) values ($1, to_char(now() at time zone 'utc', 'YYYY-MM'), 'free', $2) on conflict (user_id, month) do update set message_count = excluded.message_count",
    [await userId(email), count],
  );
}

async function makePro(email: string) {
  await app.backend.sql(
    "insert into public.subscriptions (id, user_id, customer_id, status, price_id, current_period_start, current_period_end) values ('sub_' || substr(md5(random()::text), 1, 8), $1, 'cus_test', 'active', 'price_tonewise_pro_monthly', now(), now() + interval '1 month')",
    [await userId(email)],
  );
}

/** An OpenAI-style completion answering `content`. */
function completion(content: string) {
  return HttpResponse.json({
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1,
    model: "tonewise-local",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
}

function nextMonthStart() {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

afterEach(() => vi.restoreAllMocks());

describe("POST /api/v1/optimize", () => {
  it("answers a suggestion with the tone, type and usage, and counts one message", async () => {
    const client = await signUpThroughApp(app, "first@example.com");
    const response = await post(client, { text: MESSAGE, tone: "friendly", messageType: "email", platform: "gmail" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await response.json();
    expect(body).toEqual({
      suggestion: expect.any(String),
      tone: "friendly",
      messageType: "email",
      usage: { tier: "free", used: 1, limit: 30, remaining: 29, resetsAt: nextMonthStart() },
    });
    expect(body.suggestion).not.toBe(MESSAGE);
    expect(body.suggestion).toContain("$1,200");
    expect(await used("first@example.com")).toBe(1);
  });

  it("defaults tone and type to the user's saved settings", async () => {
    const client = await signUpThroughApp(app, "defaults@example.com");
    await app.backend.sql("update public.user_settings set default_tone = 'casual', default_message_type = 'linkedin' where user_id = $1", [
      await userId("defaults@example.com"),
    ]);
    const body = await (await post(client, { text: MESSAGE })).json();
    expect(body).toMatchObject({ tone: "casual", messageType: "linkedin" });
  });

  it("refuses invalid requests with 400 naming the field, counting nothing", async () => {
    const client = await signUpThroughApp(app, "invalid@example.com");
    const cases: Array<[unknown, string | undefined]> = [
      [{ text: "" }, "text"],
      [{ text: "   \n " }, "text"],
      [{}, "text"],
      [{ text: 42 }, "text"],
      [{ text: "x".repeat(5_001) }, "text"],
      [{ text: MESSAGE, tone: "angry" }, "tone"],
      [{ text: MESSAGE, messageType: "fax" }, "messageType"],
      [{ text: MESSAGE, platform: "not a label!" }, "platform"],
      [{ text: MESSAGE, draftId: "d".repeat(65) }, "draftId"],
      ["{not json", undefined],
      ["[1,2,3]", undefined],
    ];
    for (const [body, field] of cases) {
      const response = await post(client, body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("invalid_request");
      expect(typeof error.message).toBe("string");
      expect(error.field).toBe(field);
    }
    // 5,000 characters is still fine (emoji count as one character each).
    expect((await post(client, { text: `${"🙂".repeat(4_990)} ok thanks` })).status).not.toBe(400);
    expect(await used("invalid@example.com")).toBeLessThanOrEqual(1);
  });

  it("refuses a request without credentials with 401", async () => {
    const response = await post(app.client(), { text: MESSAGE });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("unauthorized");
  });

  it("refuses malformed Bearer credentials with 401, even with a valid session cookie", async () => {
    const client = await signUpThroughApp(app, "bearer@example.com");
    for (const authorization of ["Bearer", "Bearer tw_nope", "Basic abc", "Bearer tw_" + "a".repeat(43)]) {
      const response = await post(client, { text: MESSAGE }, { headers: { Authorization: authorization } });
      expect(response.status, authorization).toBe(401);
      expect((await response.json()).error.code).toBe("unauthorized");
    }
    expect(await used("bearer@example.com")).toBe(0);
  });

  it("refuses a body over 64 KB with 413 before reading it whole", async () => {
    const client = await signUpThroughApp(app, "large@example.com");
    const large = JSON.stringify({ text: "a".repeat(70 * 1024) });
    const response = await post(client, large);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");

    // A chunked body with no Content-Length is counted as it arrives.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 10_000) return controller.close();
        controller.enqueue(new TextEncoder().encode("a".repeat(1024)));
      },
    });
    const chunked = await post(client, "", { body: stream, duplex: "half" } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(pulled).toBeLessThan(200);
    expect(await used("large@example.com")).toBe(0);
  });

  it("answers the 31st Free message with 429 quota_exceeded, an upgrade link, and nothing counted", async () => {
    const client = await signUpThroughApp(app, "limit@example.com");
    await setUsed("limit@example.com", 29);
    expect((await post(client, { text: MESSAGE })).status).toBe(200);
    expect(await used("limit@example.com")).toBe(30);
    const response = await post(client, { text: MESSAGE });
    expect(response.status).toBe(429);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: "quota_exceeded", upgradeUrl: "http://localhost:3000/dashboard/subscription", resetsAt: nextMonthStart() });
    expect(error.message).toContain("30 free messages");
    expect(error.message).toContain(new Date(nextMonthStart()).toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: "UTC" }));
    expect(await used("limit@example.com")).toBe(30);
  });

  it("serves 50 simultaneous drafts of a Free user with exactly 30 suggestions and 20 quota refusals", async () => {
    const client = await signUpThroughApp(app, "rush@example.com");
    const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => post(client, { text: MESSAGE, draftId: `draft-${index}` })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refusals = await Promise.all(responses.filter((response) => response.status === 429).map((response) => response.json()));
    expect(refusals.every((body) => body.error.code === "quota_exceeded")).toBe(true);
    expect(await used("rush@example.com")).toBe(30);
  });

  it("counts a draft once, and again on its 11th suggestion", async () => {
    const client = await signUpThroughApp(app, "draft@example.com");
    const tones = ["professional", "friendly", "persuasive", "casual"] as const;
    for (let suggestion = 1; suggestion <= 10; suggestion++) {
      const response = await post(client, { text: `${MESSAGE} (${suggestion})`, tone: tones[suggestion % 4], draftId: "draft-a" });
      expect(response.status).toBe(200);
      expect((await response.json()).usage.used).toBe(1);
    }
    const eleventh = await (await post(client, { text: MESSAGE, draftId: "draft-a" })).json();
    expect(eleventh.usage.used).toBe(2);
    expect(await used("draft@example.com")).toBe(2);
  });

  it("re-polishes a draft free only while it is the same message: another message under its id counts", async () => {
    const client = await signUpThroughApp(app, "draft-reuse@example.com");
    const first = await (await post(client, { text: MESSAGE, draftId: "draft-b" })).json();
    expect(first.usage.used).toBe(1);
    // Typing on, and the suggestion Replaced into the field and typed on: the same message, free.
    expect((await (await post(client, { text: `${MESSAGE} my calendar is open thursday and friday`, draftId: "draft-b" })).json()).usage.used).toBe(1);
    expect((await (await post(client, { text: `${first.suggestion}\nThanks again, Dana`, draftId: "draft-b" })).json()).usage.used).toBe(1);
    // Another message under the same draft id: counted as the new message it is.
    const other = "morning rita, the replacement parts shipped this morning and should reach your warehouse by wednesday";
    expect((await (await post(client, { text: other, draftId: "draft-b" })).json()).usage.used).toBe(2);
    expect(await used("draft-reuse@example.com")).toBe(2);

    // At the Free limit, another message under a counted draft's id is refused before the engine runs.
    await setUsed("draft-reuse@example.com", 30);
    expect((await (await post(client, { text: `${other} — and the invoice follows`, draftId: "draft-b" })).json()).usage.used).toBe(30);
    const refused = await post(client, { text: "quick question: does the pro plan include phone support for our night shift?", draftId: "draft-b" });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe("quota_exceeded");
  });

  it("counts a draft again when a block of text is kept in every call and the rest is another message each time", async () => {
    const client = await signUpThroughApp(app, "draft-carrier@example.com");
    const block =
      "please find below the usual summary of our service terms, the support hours we keep across the week, " +
      "how to reach the team when something breaks, where the shared folder lives and what each report in it covers";
    const messages = [
      "could you send over the signed order form when you get a chance so we can book the install",
      "the training session moved to the afternoon slot because the room was taken in the morning",
      "our new billing portal opens next month and every account owner will get an invite by email",
      "thanks for flagging the slow exports, the fix went out last night and should feel much quicker",
      "would your team like a short walkthrough of the reporting changes before the quarter closes",
      "we noticed the sync paused over the weekend and restarted it, nothing was lost on your side",
    ];
    for (const message of messages) {
      expect((await post(client, { text: `${block}\n\n${message}`, draftId: "carrier" })).status).toBe(200);
    }
    // Each call changes a third or more of the message: at most every other one rides free.
    expect(await used("draft-carrier@example.com")).toBeGreaterThanOrEqual(messages.length / 2);
  });

  it("gives Pro users unlimited messages, with null limit and remaining", async () => {
    const client = await signUpThroughApp(app, "pro@example.com");
    await makePro("pro@example.com");
    await setUsed("pro@example.com", 250);
    const body = await (await post(client, { text: MESSAGE })).json();
    expect(body.usage).toEqual({ tier: "pro", used: 251, limit: null, remaining: null, resetsAt: nextMonthStart() });
  });

  it("limits everyone to 60 requests a minute, with Retry-After", async () => {
    const client = await signUpThroughApp(app, "fast@example.com");
    await makePro("fast@example.com");
    // The limit counts fixed one-minute windows: the burst starts at the beginning of one, so
    // however slow the machine, it cannot spread over two (61 answered).
    app.backend.clock.advanceToNextWindow(60_000);
    const responses = await Promise.all(Array.from({ length: 61 }, () => post(client, { text: MESSAGE })));
    const limited = responses.filter((response) => response.status === 429);
    expect(limited).toHaveLength(1);
    const retryAfter = Number(limited[0]!.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await limited[0]!.json()).error.code).toBe("rate_limited");
  });

  describe("when the engine fails, answers 502 engine_failed and counts nothing", () => {
    it("the model errors twice (one retry)", async () => {
      const client = await signUpThroughApp(app, "fail@example.com");
      let calls = 0;
      app.server.use(http.post(COMPLETIONS, () => (calls++, HttpResponse.json({ error: { message: "overloaded" } }, { status: 500 }))));
      const response = await post(client, { text: MESSAGE });
      expect(response.status).toBe(502);
      expect((await response.json()).error.code).toBe("engine_failed");
      expect(calls).toBe(2);
      expect(await used("fail@example.com")).toBe(0);
    });

    it("the model fails once, then succeeds on the retry", async () => {
      const client = await signUpThroughApp(app, "retry@example.com");
      app.server.use(http.post(COMPLETIONS, () => HttpResponse.json({ error: { message: "busy" } }, { status: 503 }), { once: true }));
      expect((await post(client, { text: MESSAGE })).status).toBe(200);
      expect(await used("retry@example.com")).toBe(1);
    });

    it("the model answers something that is not a completion", async () => {
      const client = await signUpThroughApp(app, "malformed@example.com");
      app.server.use(http.post(COMPLETIONS, () => HttpResponse.text("<html>gateway</html>", { status: 200 })));
      expect((await post(client, { text: MESSAGE })).status).toBe(502);
      expect(await used("malformed@example.com")).toBe(0);
    });

    it("the rewrite breaks the guardrails (an invented price), an echo, or nothing", async () => {
      const client = await signUpThroughApp(app, "guard@example.com");
      for (const content of [
        "Hi Sam, following up on the proposal I sent Tuesday. The price is $900 per month. Can we talk this week?",
        MESSAGE,
        "   ",
      ]) {
        app.server.use(http.post(COMPLETIONS, () => completion(content)));
        const response = await post(client, { text: MESSAGE });
        expect(response.status).toBe(502);
        expect((await response.json()).error.code).toBe("engine_failed");
      }
      expect(await used("guard@example.com")).toBe(0);
    });

    it("says which: changed facts, the message given back unchanged, or nothing usable", async () => {
      const client = await signUpThroughApp(app, "why@example.com");
      const cases: Array<[string, string]> = [
        ["Hi Sam, following up on the proposal I sent Tuesday. The price is $900 per month. Can we talk this week?", "changed facts in your message"],
        [MESSAGE, "Your message already reads well: the writing engine found nothing to change. Nothing was counted."],
        ["   ", "The writing engine could not write a suggestion."],
      ];
      for (const [content, words] of cases) {
        app.server.use(http.post(COMPLETIONS, () => completion(content)));
        const response = await post(client, { text: MESSAGE });
        expect(response.status).toBe(502);
        expect((await response.json()).error.message).toContain(words);
      }
      expect(await used("why@example.com")).toBe(0);
    });

    it("the model stops at its output budget: the cut-off rewrite is never delivered", async () => {
      const client = await signUpThroughApp(app, "cutoff@example.com");
      let budget: unknown;
      app.server.use(
        http.post(COMPLETIONS, async ({ request }) => {
          budget = ((await request.json()) as { max_tokens?: unknown }).max_tokens;
          return HttpResponse.json({
            id: "chatcmpl-test",
            object: "chat.completion",
            created: 1,
            model: "tonewise-local",
            choices: [{ index: 0, message: { role: "assistant", content: "Hi Sam, I wanted to follow up on the proposal I sent on Tuesday and ask whether" }, finish_reason: "length" }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          });
        }),
      );
      const response = await post(client, { text: MESSAGE });
      expect(response.status).toBe(502);
      expect((await response.json()).error.message).toBe("The writing engine could not write a suggestion. Nothing was counted; please try again.");
      expect(await used("cutoff@example.com")).toBe(0);
      expect(typeof budget).toBe("number");
    });

    it("gives a message in a dense script room for a rewrite 2.5 times as long", async () => {
      const client = await signUpThroughApp(app, "dense@example.com");
      const text = "佐藤様、火曜日にお送りした提案書について確認させてください。今週中にお時間をいただけますか。";
      let budget = 0;
      app.server.use(
        http.post(COMPLETIONS, async ({ request }) => {
          budget = Number(((await request.json()) as { max_tokens?: unknown }).max_tokens);
          return HttpResponse.json({ error: { message: "stop here" } }, { status: 500 });
        }),
      );
      await post(client, { text });
      // A tokenizer spends about a token on each of these characters (often more).
      expect(budget).toBeGreaterThanOrEqual(Math.ceil([...text].length * 2.5));
    });

    it("the model hangs: the 15 s timeout answers", async () => {
      const client = await signUpThroughApp(app, "hang@example.com");
      app.backend.injectFault({ service: "ai", mode: "hang", count: 2 });
      const started = Date.now();
      const response = await post(client, { text: MESSAGE });
      expect(response.status).toBe(502);
      expect((await response.json()).error.message).toContain("took too long");
      // The engine's own deadline (15 s), not the test's (40 s), answered.
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(await used("hang@example.com")).toBe(0);
    }, 40_000);
  });

  it("stops the engine call when the caller goes away, and counts nothing", async () => {
    const client = await signUpThroughApp(app, "gone@example.com");
    let engineAborted = false;
    let engineCalled: () => void = () => undefined;
    const reachedEngine = new Promise<void>((resolve) => (engineCalled = resolve));
    app.server.use(
      http.post(COMPLETIONS, ({ request }) => new Promise<Response>((resolve) => {
        request.signal.addEventListener("abort", () => {
          engineAborted = true;
          resolve(HttpResponse.error());
        });
        engineCalled();
      })),
    );
    const caller = new AbortController();
    const pending = post(client, { text: MESSAGE }, { signal: caller.signal });
    // The caller leaves once the request is with the engine (after sign-in, limits and the quota).
    await reachedEngine;
    caller.abort();
    // Over HTTP the connection is simply gone; in process, whatever is answered is read by nobody.
    await pending.catch(() => undefined);
    await expect.poll(() => engineAborted, { timeout: 2_000 }).toBe(true);
    expect(await used("gone@example.com")).toBe(0);
  });

  it("never keeps or logs the text of a message", async () => {
    const marker = "Zanzibar-quokka-7731";
    const text = `hello, quick note about ${marker}: the renewal is due 12 march and the total is $4,500.`;
    const logged: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    }
    const client = await signUpThroughApp(app, "private@example.com");
    expect((await post(client, { text, draftId: "private", platform: "gmail" })).status).toBe(200);
    app.server.use(http.post(COMPLETIONS, () => completion(`${text} and a free upgrade worth $99`)));
    expect((await post(client, { text })).status).toBe(502);
    app.server.use(http.post(COMPLETIONS, () => HttpResponse.json({ error: { message: `bad: ${marker}` } }, { status: 500 })));
    expect((await post(client, { text })).status).toBe(502);

    expect(logged.join("\n")).not.toContain(marker);
    const tables = await app.backend.sql<{ name: string }>(
      "select format('%I.%I', table_schema, table_name) as name from information_schema.tables where table_schema in ('public', 'auth') and table_type = 'BASE TABLE'",
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const { name } of tables) {
      const rows = await app.backend.sql<{ dump: string }>(`select coalesce(string_agg(t::text, ' '), '') as dump from ${name} t`);
      expect(rows[0]!.dump, name).not.toContain(marker);
    }
  });
});

describe("GET /api/v1/me", () => {
  it("answers the account, this month's usage and the settings", async () => {
    const client = await signUpThroughApp(app, "me@example.com", "Maria Alvarez");
    await setUsed("me@example.com", 3);
    const response = await client.fetch("/api/v1/me");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      email: "me@example.com",
      fullName: "Maria Alvarez",
      tier: "free",
      usage: { tier: "free", used: 3, limit: 30, remaining: 27, resetsAt: nextMonthStart() },
      settings: { notifications: true, defaultTone: "professional", defaultMessageType: "text", usageAnalytics: true, timeZone: null },
      followUps: { due: 0 },
    });
  });

  it("refuses a caller without credentials, and other methods", async () => {
    expect((await app.client().fetch("/api/v1/me")).status).toBe(401);
    const client = await signUpThroughApp(app, "method@example.com");
    const response = await client.fetch("/api/v1/me", { method: "POST" });
    expect(response.status).toBe(405);
    expect((await response.json()).error.code).toBe("method_not_allowed");
    expect((await client.fetch("/api/v1/optimize")).status).toBe(405);
    const unknown = await client.fetch("/api/v1/nothing-here");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
    const root = await client.fetch("/api/v1");
    expect(root.status).toBe(404);
    expect((await root.json()).error.code).toBe("not_found");
  });

  it("speaks JSON only: a request for the router's data format reaches no endpoint and counts nothing", async () => {
    const client = await signUpThroughApp(app, "data-format@example.com");
    expect((await post(client, { text: MESSAGE })).status).toBe(200);
    const asData = [
      await client.fetch("/api/v1/me.data"),
      await client.fetch("/api/v1/optimize.data", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: MESSAGE }) }),
    ];
    for (const response of asData) {
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect((await response.json()).error.code).toBe("not_found");
    }
    expect(await used("data-format@example.com")).toBe(1);
  });
});

describe("CORS for the extension", () => {
  const EXTENSION = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";

  it("answers the allowed extension origin's preflight, and no other", async () => {
    const allowed = await app.client().fetch("/api/v1/optimize", {
      method: "OPTIONS",
      headers: { Origin: EXTENSION, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type" },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe(EXTENSION);
    expect(allowed.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(allowed.headers.get("Access-Control-Allow-Headers")).toMatch(/Authorization/i);
    // A reminder's create may carry its one-time id (POST /api/v1/follow-ups).
    expect(allowed.headers.get("Access-Control-Allow-Headers")).toMatch(/Idempotency-Key/i);
    expect(allowed.headers.get("Access-Control-Allow-Credentials")).toBeNull();

    for (const origin of ["https://evil.example", "chrome-extension://someoneelseextensionidabcdefghij", "null"]) {
      const refused = await app.client().fetch("/api/v1/optimize", {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST" },
      });
      expect(refused.headers.get("Access-Control-Allow-Origin"), origin).toBeNull();
      expect(refused.headers.get("Access-Control-Allow-Methods"), origin).toBeNull();
    }
  });

  it("labels answers to the allowed origin, and only those", async () => {
    const toExtension = await app.client().fetch("/api/v1/me", { headers: { Origin: EXTENSION } });
    expect(toExtension.status).toBe(401);
    expect(toExtension.headers.get("Access-Control-Allow-Origin")).toBe(EXTENSION);
    const toOther = await app.client().fetch("/api/v1/me", { headers: { Origin: "https://evil.example" } });
    expect(toOther.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("the dashboard's usage analytics", () => {
  it("charts delivered messages by day, platform and tone while analytics is on", async () => {
    const client = await signUpThroughApp(app, "chart@example.com");
    expect((await post(client, { text: MESSAGE, tone: "friendly", platform: "gmail" })).status).toBe(200);
    expect((await post(client, { text: MESSAGE, tone: "casual", platform: "slack" })).status).toBe(200);
    const day = () => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date());
    const before = day();
    const { html } = await client.html("/dashboard");
    // Today's bar, labelled as en-US writes the date (the day may turn during the request).
    expect([`title="${before}: 2"`, `title="${day()}: 2"`].some((label) => html.includes(label))).toBe(true);
    expect(html).toContain("2 messages in the last 30 days.");
    expect(html).toMatch(/By platform[\s\S]*gmail[\s\S]*slack/);
    expect(html).toMatch(/By tone[\s\S]*Casual[\s\S]*Friendly/);
  });

  it("says analytics is off, and records no metadata, when the user turned it off", async () => {
    const client = await signUpThroughApp(app, "private-stats@example.com");
    await app.backend.sql("update public.user_settings set usage_analytics = false where user_id = $1", [await userId("private-stats@example.com")]);
    expect((await post(client, { text: MESSAGE })).status).toBe(200);
    const { html } = await client.html("/dashboard");
    expect(html).toContain("Usage analytics is off, so Tonewise keeps only your monthly message count.");
    expect(await app.backend.sql("select * from public.message_events")).toEqual([]);
    expect(await used("private-stats@example.com")).toBe(1);
  });
});

