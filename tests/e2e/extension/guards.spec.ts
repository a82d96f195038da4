/**
 * Where the extension must stay out, and what it shows when it cannot help: password, code and
 * opted-out fields get no icon and send nothing; a site switched off in the popup gets nothing
 * until it is switched back on, nor do the frames its pages embed from other hosts, nor does it
 * where another site embeds it; at the Free limit the card says so with Upgrade; when the engine
 * fails it gives the server's reason with Retry; Disconnect
 * revokes the token on the server and the field asks to connect again.
 *
 * "Nothing happened" is never a wait: each test first gets a positive control on the same page
 * (a field the extension may read becomes ready, its request seen), which comes after any request
 * a guarded field would have caused (the same pause, started later). Requests are the service
 * worker's, which Playwright reports on the context.
 */
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { injectFault, sql, userIdFor } from "../support/accounts";
import { expect, openPopup, test } from "./support/extension";
import { Overlay } from "./support/overlay";
import { E2E_APP_URL, type Fixture } from "./support/paths";

const MESSAGE = "hey im just checking if u got the report i sent yesterday";
const SECRET = "correct horse battery staple is my password for the whole team";

/** The texts of every `POST /api/v1/optimize` the browser sends from now on (the service worker's included). */
function watchOptimize(context: BrowserContext): string[] {
  const texts: string[] = [];
  context.on("request", (request) => {
    if (request.method() !== "POST" || new URL(request.url()).pathname !== "/api/v1/optimize") return;
    texts.push((request.postDataJSON() as { text: string }).text);
  });
  return texts;
}

type ExtensionGlobals = { chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> } } } };

/** What the extension keeps under this storage.local key (read from the popup page). */
async function stored(popup: Page, key: string): Promise<unknown> {
  return popup.evaluate(async (k) => (await (globalThis as unknown as ExtensionGlobals).chrome.storage.local.get(k))[k], key);
}

async function me(request: APIRequestContext, token: string) {
  return request.get(`${E2E_APP_URL}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
}

async function usedThisMonth(request: APIRequestContext, token: string): Promise<number> {
  const response = await me(request, token);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { usage: { used: number } }).usage.used;
}

async function iconVisible(overlay: Overlay): Promise<boolean> {
  return (await overlay.snapshot())?.iconVisible ?? false;
}

const GUARDED = ["Password", "Code", "Notes", "Draft", "Search", "Payment"];

test("password, one-time-code, search, card number and opted-out fields get no icon and send nothing", async ({ context, extensionId, connected: _connected, openFixture, request }) => {
  const optimize = watchOptimize(context);
  const page = await openFixture("guards");
  const overlay = await Overlay.on(page);

  for (const label of GUARDED) {
    await page.getByLabel(label, { exact: true }).click();
    await page.keyboard.type(SECRET);
    expect(await iconVisible(overlay), `${label}: no icon while typing`).toBe(false);
  }

  // The control, typed after them: its suggestion comes after any request they would have caused.
  await page.getByLabel("Message", { exact: true }).click();
  await page.keyboard.type(MESSAGE);
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
  expect(optimize.length).toBeGreaterThan(0);
  expect(new Set(optimize)).toEqual(new Set([MESSAGE]));

  // Back in a guarded field the icon goes away; the account counted the control's message alone.
  for (const label of GUARDED) {
    await page.getByLabel(label, { exact: true }).click();
    await expect.poll(() => iconVisible(overlay), `${label}: no icon on focus`).toBe(false);
  }
  const popup = await openPopup(context, extensionId);
  const token = (await stored(popup, "token")) as string;
  expect(await usedThisMonth(request, token)).toBe(1);
});

test("a page's own script writing into a field sends nothing: only what the user types is read", async ({ context, connected: _connected, openFixture }) => {
  const optimize = watchOptimize(context);
  const page = await openFixture("guards");
  const overlay = await Overlay.on(page);

  // What any page (or an ad in a frame) can do by itself: focus a field and write into it, by its
  // value and an input event, or as an editing command (whose input event the browser marks as trusted).
  await page.evaluate(() => document.querySelector<HTMLTextAreaElement>('[aria-label="Comment"]')!.focus());
  await expect.poll(() => iconVisible(overlay)).toBe(true);
  await page.evaluate((text) => {
    const field = document.querySelector<HTMLTextAreaElement>('[aria-label="Comment"]')!;
    field.value = text;
    field.dispatchEvent(new Event("input", { bubbles: true }));
    document.execCommand("insertText", false, " and a few more words the page wrote");
  }, SECRET);
  await expect.poll(() => page.getByLabel("Comment").inputValue()).toContain("the page wrote");

  // The control, typed after: its suggestion comes after any request the page's text would have caused.
  await page.getByLabel("Message", { exact: true }).click();
  await page.keyboard.type(MESSAGE);
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
  expect(new Set(optimize)).toEqual(new Set([MESSAGE]));
});

test("a site switched off in the popup gets nothing until it is switched back on", async ({ context, extensionId, connected: _connected, page }) => {
  // The popup names the active tab's site only when it may read the tab's address: after a click on
  // the toolbar button (activeTab, which a test cannot click) or on the app's own origin (a host
  // permission). So this runs on the app's dashboard, where the connected fixture left \`page\`.
  await expect(page).toHaveURL(/\/dashboard$/);
  const optimize = watchOptimize(context);
  const popup = await openPopup(context, extensionId);
  await page.bringToFront();
  await popup.reload();
  const siteSwitch = popup.getByRole("switch", { name: "On for localhost" });
  await expect(siteSwitch).toBeChecked();
  await siteSwitch.click();
  await expect.poll(() => stored(popup, "disabledSites")).toEqual(["localhost"]);

  const overlay = await Overlay.on(page);
  await page.bringToFront();
  const field = page.getByLabel("Your message");
  await field.click();
  await page.keyboard.type(MESSAGE);
  await expect(field).toHaveValue(MESSAGE);
  expect(await iconVisible(overlay)).toBe(false);

  // Switched back on, the icon comes back on the focused field, and the next pause asks.
  await siteSwitch.click();
  await expect.poll(() => stored(popup, "disabledSites")).toEqual([]);
  await expect.poll(() => iconVisible(overlay)).toBe(true);
  expect(optimize).toEqual([]);
  await field.press("End");
  await page.keyboard.type(" and let me know what you think");
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
  expect(new Set(optimize)).toEqual(new Set([`${MESSAGE} and let me know what you think`]));
});

test("paused everywhere, the toolbar button says 'off' and no field gets an icon, until it is switched back", async ({ context, extensionId, connected: _connected, openFixture }) => {
  const worker = context.serviceWorkers().find((running) => new URL(running.url()).host === extensionId) ?? (await context.waitForEvent("serviceworker"));
  type ActionGlobals = { chrome: { action: { getBadgeText(details: object): Promise<string>; getTitle(details: object): Promise<string> } } };
  const badge = () => worker.evaluate(() => (globalThis as unknown as ActionGlobals).chrome.action.getBadgeText({}));
  const title = () => worker.evaluate(() => (globalThis as unknown as ActionGlobals).chrome.action.getTitle({}));
  expect(await badge()).toBe("");

  const popup = await openPopup(context, extensionId);
  const pause = popup.getByRole("switch", { name: "Pause everywhere" });
  await pause.click();
  await expect.poll(badge).toBe("off");
  expect(await title()).toBe("Tonewise: paused everywhere");

  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  await page.getByLabel("Message").click();
  await page.keyboard.type(MESSAGE);
  expect(await iconVisible(overlay)).toBe(false);

  // Switched back on: the badge goes, and the focused field gets its icon.
  await popup.bringToFront();
  await pause.click();
  await expect.poll(badge).toBe("");
  expect(await title()).toBe("Tonewise");
  await page.bringToFront();
  await expect.poll(() => iconVisible(overlay)).toBe(true);
});

/**
 * With `off` switched off (as the popup sets it), types into the framed fixture's field (the page
 * on 127.0.0.1, its frame on localhost), then, as the positive control started later, into the
 * textarea fixture on `controlOrigin`, a site that is on: only the control may be asked for.
 */
async function expectFramedFieldSilent(
  { context, extensionId, openFixture }: { context: BrowserContext; extensionId: string; openFixture: (name: Fixture) => Promise<Page> },
  off: string,
  controlOrigin: string,
) {
  const optimize = watchOptimize(context);
  const popup = await openPopup(context, extensionId);
  await popup.evaluate((site) => (globalThis as unknown as ExtensionGlobals).chrome.storage.local.set({ disabledSites: [site] }), off);
  await expect.poll(() => stored(popup, "disabledSites")).toEqual([off]);

  const page = await openFixture("framed");
  const framed = page.frameLocator("iframe").getByLabel("Message");
  await framed.click();
  await page.keyboard.type(MESSAGE);
  await expect(framed).toHaveValue(MESSAGE);

  const control = await context.newPage();
  await control.goto(`${controlOrigin}/textarea.html`);
  await control.getByLabel("Message").click();
  await control.keyboard.type(`${MESSAGE} (its own page)`);
  await expect.poll(() => optimize).toContain(`${MESSAGE} (its own page)`);
  expect(optimize).toEqual([`${MESSAGE} (its own page)`]);
}

test("a site switched off covers the frames embedded in its pages, whatever their host", async ({ context, extensionId, connected: _connected, openFixture, fixturesOrigin }) => {
  // The page's site (127.0.0.1) is off; the framed field (localhost) on its own page is the control.
  await expectFramedFieldSilent({ context, extensionId, openFixture }, "127.0.0.1", fixturesOrigin.replace("127.0.0.1", "localhost"));
});

test("a site switched off stays off where another site embeds it in a frame", async ({ context, extensionId, connected: _connected, openFixture, fixturesOrigin }) => {
  // The framed site (localhost) is off; the page around it (127.0.0.1) is on, and is the control.
  await expectFramedFieldSilent({ context, extensionId, openFixture }, "localhost", fixturesOrigin);
});

test("a chat box that empties itself on send: each message is its own, counted once, and the sent one's suggestion goes away", async ({ context, extensionId, connected: _connected, openFixture, request }) => {
  const page = await openFixture("chat");
  const overlay = await Overlay.on(page);
  const icon = async () => (await overlay.snapshot())?.iconState;
  await page.getByLabel("Message").click();
  await page.keyboard.type(MESSAGE);
  await expect.poll(icon).toBe("ready");

  // Enter sends: the page empties the field by script, with no input event.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "Sent" }).getByRole("listitem")).toHaveText([MESSAGE]);
  await expect(page.getByLabel("Message")).toHaveValue("");
  // The suggestion was for the message that left: the icon stops offering it.
  await expect.poll(icon).toBe("idle");

  // The next message is a new one, not a free re-polish of the last.
  await page.keyboard.type("could we move our call to thursday afternoon instead");
  await expect.poll(icon).toBe("ready");
  const popup = await openPopup(context, extensionId);
  expect(await usedThisMonth(request, (await stored(popup, "token")) as string)).toBe(2);
});

test("at the Free limit the card says so and offers Upgrade, and nothing more is counted", async ({ context, extensionId, connected, openFixture, request }) => {
  await sql("insert into public.usage_tracking (user_id, month, tier, message_count) values ($1, to_char(now() at time zone 'utc', 'YYYY-MM'), 'free', 30)", [
    await userIdFor(connected.email),
  ]);

  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  await page.getByLabel("Message").click();
  await page.keyboard.type(MESSAGE);
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("attention");
  await overlay.click("icon");
  await expect.poll(async () => (await overlay.snapshot())?.buttons).toContain("Upgrade");
  const card = (await overlay.snapshot())!;
  expect(card.suggestion).toBeNull();
  // The server's words, once: the limit, when it resets, and what Pro gives.
  expect(card.notes).toHaveLength(1);
  expect(card.notes[0]).toMatch(/^You've used your 30 free messages this month\. They reset on .+; upgrade to Pro for unlimited messages\.$/);

  const subscription = context.waitForEvent("page");
  await overlay.click("Upgrade");
  await expect(await subscription).toHaveURL(`${E2E_APP_URL}/dashboard/subscription`);

  const popup = await openPopup(context, extensionId);
  expect(await usedThisMonth(request, (await stored(popup, "token")) as string)).toBe(30);
});

test("when the writing engine fails, the card gives the server's reason with Retry, nothing is counted, and Retry brings the suggestion", async ({ context, extensionId, connected: _connected, openFixture, request }) => {
  // The app asks the engine twice (one retry), so two faults fail one suggestion. They are limited
  // to requests naming the marker, the message's last word: no parallel test's request, and no
  // request for what was typed before the marker, can take them.
  const message = `${MESSAGE} for Quokka`;
  await injectFault({ service: "ai", mode: "fail", count: 2, bodyContains: "Quokka" });
  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  await page.getByLabel("Message").click();
  await page.keyboard.type(message);
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("attention");
  await overlay.click("icon");
  await expect.poll(async () => (await overlay.snapshot())?.notes).toEqual([
    "The writing engine could not write a suggestion. Nothing was counted; please try again.",
  ]);
  expect((await overlay.snapshot())!.buttons).toContain("Retry");
  const popup = await openPopup(context, extensionId);
  const token = (await stored(popup, "token")) as string;
  expect(await usedThisMonth(request, token)).toBe(0);

  await page.bringToFront();
  await overlay.click("Retry");
  await expect.poll(async () => (await overlay.snapshot())?.suggestion ?? null).toContain("Quokka");
  expect(await usedThisMonth(request, token)).toBe(1);
});

test("a message over 5,000 characters is never sent: the card says why, with no Retry", async ({ context, connected: _connected, openFixture }) => {
  const sent = watchOptimize(context);
  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  await page.getByLabel("Message").click();
  await page.keyboard.insertText("Thanks for the call today. ".repeat(186)); // 5,022 characters
  await page.keyboard.type(" Talk soon");
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("attention");
  await overlay.click("icon");
  await expect.poll(async () => (await overlay.snapshot())?.notes).toEqual(["Messages can be at most 5,000 characters. Nothing was sent."]);
  expect((await overlay.snapshot())!.buttons).not.toContain("Retry");

  // Positive control: a message of ordinary length from the same field is sent.
  await page.getByLabel("Message").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(MESSAGE);
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
  expect(sent).toEqual([MESSAGE]);
});

test("Disconnect revokes the token on the server and the field asks to connect", async ({ context, extensionId, connected, openFixture, request }) => {
  const popup = await openPopup(context, extensionId);
  await expect(popup.getByText(connected.email)).toBeVisible();
  const token = await stored(popup, "token");
  expect(token).toEqual(expect.stringMatching(/^tw_/));
  expect((await me(request, token as string)).status()).toBe(200);

  await popup.getByRole("button", { name: "Disconnect" }).click();
  await expect(popup.getByRole("button", { name: "Connect to Tonewise" })).toBeVisible();
  expect(await stored(popup, "token")).toBeUndefined();
  const refused = await me(request, token as string);
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unauthorized");

  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  await page.getByLabel("Message").click();
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("attention");
  // Typing a message (its first key starts a new one) does not turn that into "keep typing".
  await page.keyboard.type(MESSAGE);
  await expect(page.getByLabel("Message")).toHaveValue(MESSAGE);
  expect((await overlay.snapshot())?.iconState).toBe("attention");
  await overlay.click("icon");
  await expect.poll(async () => (await overlay.snapshot())?.buttons).toContain("Connect Tonewise");
  expect((await overlay.snapshot())!.notes).toEqual(["Connect Tonewise to your account to get suggestions here."]);
});
