/**
 * The popup when the service worker answers nothing: each request that fails is said as an alert,
 * the control it came from works again, and once the worker answers again the same controls do
 * what they say.
 *
 * The failure is the service worker's own: its storage refuses every read and write (as a
 * corrupted or unavailable extension storage does), so what it was asked to do throws and the
 * popup gets no answer. The popup's own storage (another page) is left alone.
 */
import type { Page, Worker } from "@playwright/test";
import { sql } from "../support/accounts";
import { expect, openPopup, serviceWorker, test } from "./support/extension";

type StorageArea = { get: unknown; set: unknown; remove: unknown };
type WorkerGlobals = { chrome: { storage: { local: StorageArea } }; __workingStorage?: StorageArea };


/** From now on the service worker's `storage.local` refuses every read and write. */
async function breakStorage(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as WorkerGlobals;
    const local = g.chrome.storage.local;
    g.__workingStorage = { get: local.get, set: local.set, remove: local.remove };
    local.get = local.set = local.remove = () => Promise.reject(new Error("storage unavailable"));
  });
}

/** The service worker's storage works again. */
async function mendStorage(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as WorkerGlobals;
    Object.assign(g.chrome.storage.local, g.__workingStorage);
  });
}

function alert(popup: Page, text: string) {
  return popup.getByRole("alert").filter({ hasText: text });
}

test("a popup whose account the service worker fails to read says so, and Try again shows it once it can", async ({ context, extensionId, connected }) => {
  const worker = await serviceWorker(context, extensionId);
  await breakStorage(worker);

  const popup = await openPopup(context, extensionId);
  await expect(alert(popup, "Your account could not be loaded.")).toBeVisible();
  await expect(popup.getByText("Loading…")).toBeHidden();
  // What this browser keeps is still there: the switches and Disconnect.
  await expect(popup.getByRole("switch", { name: "Pause everywhere" })).toBeVisible();
  await expect(popup.getByRole("button", { name: "Disconnect" })).toBeVisible();

  await mendStorage(worker);
  await popup.getByRole("button", { name: "Try again" }).click();
  await expect(popup.getByText(connected.email)).toBeVisible();
  // Focus is on the popup's controls, not dropped with the button that went.
  expect(await popup.evaluate(() => document.activeElement !== document.body && document.activeElement?.closest("#app") !== null)).toBe(true);
});

test("changes the service worker fails to make are said as alerts, and the popup's controls work again", async ({ context, extensionId, connected }) => {
  const worker = await serviceWorker(context, extensionId);
  const popup = await openPopup(context, extensionId);
  await expect(popup.getByText(connected.email)).toBeVisible();
  await breakStorage(worker);

  // The default tone: not left "Saving…", and the menu shows what is still saved.
  const tone = popup.getByLabel("Default tone");
  const savedTone = await tone.inputValue();
  await tone.selectOption("friendly");
  await expect(alert(popup, "Your change could not be saved. Try again.")).toBeVisible();
  await expect(popup.getByRole("status")).not.toHaveText("Saving…");
  await expect(tone).toHaveValue(savedTone);

  // Pause everywhere: the switch goes back to what is still true.
  const pause = popup.getByRole("switch", { name: "Pause everywhere" });
  await pause.click();
  await expect(alert(popup, "Could not pause Tonewise. Try again.")).toBeVisible();
  await expect(pause).not.toBeChecked();

  // Disconnect: said, and the button can be pressed again.
  const disconnect = popup.getByRole("button", { name: "Disconnect" });
  await disconnect.click();
  await expect(alert(popup, "Tonewise could not disconnect. Try again.")).toBeVisible();
  await expect(disconnect).toBeEnabled();

  // Once the service worker can do its work, the same controls do it.
  await mendStorage(worker);
  // The same choice again is tried again.
  await tone.selectOption("friendly");
  await expect(popup.getByRole("status")).toHaveText("Saved to your Tonewise settings.");
  await expect(tone).toHaveValue("friendly");
  await tone.selectOption("casual");
  await expect(popup.getByRole("status")).toHaveText("Saved to your Tonewise settings.");
  await expect(alert(popup, "Your change could not be saved. Try again.")).toBeHidden();
  await pause.click();
  await expect(pause).toBeChecked();
  await expect(alert(popup, "Could not pause Tonewise. Try again.")).toBeHidden();
  await disconnect.click();
  // Said, and the keyboard is on the new view's first control, not dropped on the page.
  await expect(popup.getByRole("status")).toHaveText("Disconnected.");
  await expect(popup.getByRole("button", { name: "Connect to Tonewise" })).toBeFocused();
});

test("Connect that the service worker fails to start is said, and can be pressed again", async ({ context, extensionId, signedInUser: _signedInUser }) => {
  const worker = await serviceWorker(context, extensionId);
  const popup = await openPopup(context, extensionId);
  await popup.getByRole("button", { name: "Got it" }).click();
  const connect = popup.getByRole("button", { name: "Connect to Tonewise" });
  await expect(connect).toBeFocused();
  await breakStorage(worker);

  await connect.click();
  await expect(alert(popup, "Could not start connecting. Try again.")).toBeVisible();
  await expect(connect).toBeEnabled();

  await mendStorage(worker);
  const opened = context.waitForEvent("page");
  await connect.click();
  await expect(await opened).toHaveURL(/\/extension\/connect\?/);
});

test("the default tone changed step by step from the keyboard ends as the last choice in the account, even if the popup closes at once", async ({ context, extensionId, connected }) => {
  const popup = await openPopup(context, extensionId);
  await expect(popup.getByText(connected.email)).toBeVisible();
  const tone = popup.getByLabel("Default tone");
  await tone.focus();
  // Arrow keys on a closed menu: a change at every step, faster than the saves; then the popup goes.
  for (let step = 0; step < 3; step++) await popup.keyboard.press("ArrowDown");
  const last = await tone.inputValue();
  await popup.close();
  await expect
    .poll(async () => (await sql("select s.default_tone from public.user_settings s join auth.users u on u.id = s.user_id where u.email = $1", [connected.email]))[0]?.default_tone as string | undefined)
    .toBe(last);
  const reopened = await openPopup(context, extensionId);
  await expect(reopened.getByLabel("Default tone")).toHaveValue(last);
});

test("a change made after the connection was revoked elsewhere turns the popup to Connect, saying why", async ({ context, extensionId, connected }) => {
  const popup = await openPopup(context, extensionId);
  await expect(popup.getByText(connected.email)).toBeVisible();
  // Revoked on the Account page meanwhile.
  await sql("update public.access_tokens set revoked_at = now() where user_id = (select id from auth.users where email = $1)", [connected.email]);
  await popup.getByLabel("Default tone").selectOption("friendly");
  await expect(alert(popup, "This browser's connection was revoked. Connect again.")).toBeVisible();
  await expect(popup.getByRole("button", { name: "Connect to Tonewise" })).toBeVisible();
  await expect(popup.getByLabel("Default tone")).toHaveCount(0);
});
