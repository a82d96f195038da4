/**
 * The card as a user meets it (found in a hands-on review, 2026-11-27): a long suggestion opens at
 * its top with its title and buttons in view, scrolling in its own box; a long link or code wraps
 * instead of running off the card; choosing another tone from the keyboard keeps focus on that
 * tone and reads out the new suggestion; a field scrolled out of sight takes its icon with it.
 * Tab out of the card goes back to its field; focus taken to the page closes it, as a click
 * outside does; Replace putting focus in the field does not. A field in a modal dialog gets a
 * card it can use.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/extension";
import { Overlay } from "./support/overlay";

/** A page's own control after the field, as a chat box's Send button is. */
async function addSendButton(page: Page): Promise<void> {
  await page.evaluate(() => {
    const send = document.createElement("button");
    send.textContent = "Send";
    document.body.append(send);
  });
}

/** A modal dialog (showModal) holding a "Reply" field, as a compose window is; `styles`, its own CSS and its field's. */
async function openReplyDialog(page: Page, styles = { dialog: "", field: "" }): Promise<void> {
  await page.evaluate(({ dialog: dialogStyle, field: fieldStyle }) => {
    const dialog = document.createElement("dialog");
    dialog.style.cssText = dialogStyle;
    const box = document.createElement("textarea");
    box.setAttribute("aria-label", "Reply");
    box.rows = 5;
    box.style.cssText = fieldStyle;
    dialog.append(box);
    document.body.append(dialog);
    dialog.showModal();
  }, styles);
}

/** Types a message into the dialog's "Reply" field and waits for its suggestion; the field. */
async function typeReplyUntilReady(page: Page, overlay: Overlay): Promise<Locator> {
  const reply = page.getByLabel("Reply");
  await reply.click();
  await page.keyboard.type("hey im just checking if u got the report i sent yesterday");
  await expect.poll(async () => (await overlay.snapshot())?.iconState, { timeout: 15_000 }).toBe("ready");
  return reply;
}

const SENTENCES = [
  "thanks again for walking us through the rollout plan on tuesday",
  "the team liked the phased approach and the training sessions for each region",
  "our finance lead asked whether the annual invoice can be split by quarter",
  "we also need the security questionnaire back before the committee meets",
  "if the pilot goes well we would add the support team in the spring",
  "could you send the updated timeline and the names of our onboarding contacts",
];

test("a long suggestion opens at its top, title and buttons in view, and scrolls in its own box", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  await page.getByLabel("Message").click();
  await page.keyboard.insertText(`hi maria, ${Array.from({ length: 4 }, () => SENTENCES.join(". ")).join(". ")}`);
  await page.keyboard.type(" thanks");
  await expect.poll(async () => (await overlay.snapshot())?.iconState, { timeout: 15_000 }).toBe("ready");
  await page.keyboard.press("Alt+Shift+T");
  await expect.poll(async () => (await overlay.snapshot())?.cardOpen).toBe(true);
  const card = (await overlay.snapshot())!;
  expect(card.focused).toBe("Replace");
  expect(card.layout).toMatchObject({ scrollTop: 0, overflowsSideways: false, titleInView: true, firstActionInView: true, suggestionScrolls: true, coversIcon: false });
});

test("a long link or code wraps inside the card instead of running off its edge", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  await page.setViewportSize({ width: 375, height: 700 });
  const overlay = await Overlay.on(page);
  const link = `https://docs.example.com/document/d/1A2b3C4d5E6f7G8h9I0jKlMnOpQrStUvWxYz_ab-CdEfGhIjKlMn/edit?usp=sharing&ouid=10987654321`;
  const suggestion = await overlay.suggestionFor(`hi sam, here is the doc we talked about ${link} let me know what u think`);
  expect(suggestion).toContain(link);
  await expect.poll(async () => (await overlay.snapshot())?.layout?.overflowsSideways).toBe(false);
});

test("another tone chosen from the keyboard keeps focus on that tone and reads out the new suggestion", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  const first = await overlay.suggestionFor("hey im just checking if u got the report i sent yesterday");
  await expect.poll(async () => (await overlay.snapshot())?.focused).toBe("Replace");
  // From Replace back to the tones, to the last of them: Casual.
  await page.keyboard.press("Shift+Tab");
  await expect.poll(async () => (await overlay.snapshot())?.focused).toBe("Casual");
  await page.keyboard.press("Enter");
  // (While it is written the tones stay, so focus has somewhere to stay.)
  await expect.poll(async () => (await overlay.snapshot())?.announced).toMatch(/^Casual suggestion: \S/);
  const after = (await overlay.snapshot())!;
  expect(after.suggestion).not.toBe(first);
  expect(after.pressedTone).toBe("Casual");
  expect(after.focused).toBe("Casual");
});

test("a field scrolled out of sight takes its icon with it, and brings it back", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  await page.evaluate(() => {
    const spacer = document.createElement("div");
    spacer.style.height = "3000px";
    document.body.append(spacer);
  });
  await overlay.suggestionFor("hey im just checking if u got the report i sent yesterday");
  await page.evaluate(() => window.scrollTo(0, 2000));
  await expect.poll(async () => (await overlay.snapshot())?.iconVisible).toBe(false);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(async () => (await overlay.snapshot())?.iconVisible).toBe(true);
  expect((await overlay.snapshot())!.iconState).toBe("ready");
});

test("on a short window (a laptop at 200% zoom) the card never covers its icon, and the page's text styles stay out of it", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  await page.setViewportSize({ width: 683, height: 300 });
  await page.addStyleTag({ content: "* { letter-spacing: 2px !important; } textarea { margin-top: 90px; }" });
  const overlay = await Overlay.on(page);
  await page.getByLabel("Message").click();
  await page.keyboard.insertText(`hi maria, ${SENTENCES.join(". ")}`);
  await page.keyboard.type(" thanks");
  await expect.poll(async () => (await overlay.snapshot())?.iconState, { timeout: 15_000 }).toBe("ready");
  await overlay.click("icon");
  await expect.poll(async () => (await overlay.snapshot())?.suggestion ?? null).not.toBeNull();
  // Taller than the room above or below the icon: on the roomier side, scrolling inside.
  expect((await overlay.snapshot())!.layout).toMatchObject({ coversIcon: false, titleInView: true, firstActionInView: true, letterSpacing: "normal" });
});

test("a chat box pinned to the window keeps its icon, even when its parent in the page clips what overflows", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  await page.evaluate(() => {
    const holder = document.createElement("div");
    holder.style.cssText = "overflow: hidden; height: 40px; width: 200px;";
    const chat = document.createElement("textarea");
    chat.setAttribute("aria-label", "Chat");
    chat.style.cssText = "position: fixed; right: 16px; bottom: 16px; width: 320px; height: 80px;";
    holder.append(chat);
    document.body.append(holder);
  });
  await page.getByLabel("Chat").click();
  await page.keyboard.type("hey im just checking if u got the report i sent yesterday");
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
  expect((await overlay.snapshot())!.iconVisible).toBe(true);
});

test("a reminder saved without a label puts focus on the label, and a card scrolled to its form stays there when the page scrolls", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  await page.setViewportSize({ width: 800, height: 360 });
  await page.evaluate(() => {
    const spacer = document.createElement("div");
    spacer.style.height = "2000px";
    document.body.append(spacer);
  });
  const overlay = await Overlay.on(page);
  await overlay.suggestionFor("hey im just checking if u got the report i sent yesterday");
  await overlay.click("Replace");
  await expect.poll(async () => (await overlay.snapshot())?.nudge).toBe(true);
  await overlay.click("Remind me to follow up");
  await expect.poll(async () => (await overlay.snapshot())?.choices.length).toBe(5);

  await overlay.fill("Label", "");
  await overlay.click("Save reminder");
  await expect.poll(async () => (await overlay.snapshot())?.alert).toBe("Give the reminder a label.");
  expect((await overlay.snapshot())!.focused).toBe("Label");

  // The short card scrolled to the label (focus brought it into view); the page scrolling a little
  // (the card follows its field) leaves it where it was.
  const scrolled = (await overlay.snapshot())!.layout!.scrollTop;
  expect(scrolled).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollBy(0, 3));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect((await overlay.snapshot())!.layout!.scrollTop).toBe(scrolled);
  expect((await overlay.snapshot())!.focused).toBe("Label");
});

test("Tab past the card's last control, or Shift+Tab before its first, goes back to the field and closes the card; the page's order goes on from there", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  await addSendButton(page);
  const overlay = await Overlay.on(page);
  const field = page.getByLabel("Message");
  await overlay.suggestionFor("hey im just checking if u got the report i sent yesterday");
  await expect.poll(async () => (await overlay.snapshot())?.focused).toBe("Replace");
  // Opened, the card says what it holds: its suggestion is its description.
  const opened = (await overlay.snapshot())!;
  expect(opened.described).toBe(opened.suggestion);

  // On past Copy, its last control: back in the field, the card closed.
  for (let presses = 0; presses < 4 && (await overlay.snapshot())?.focused; presses++) await page.keyboard.press("Tab");
  await expect(field).toBeFocused();
  expect((await overlay.snapshot())!.cardOpen).toBe(false);

  // Back before Close, its first control, from Replace: the field again.
  await page.keyboard.press("Alt+Shift+T");
  await expect.poll(async () => (await overlay.snapshot())?.focused).toBe("Replace");
  for (let presses = 0; presses < 12 && (await overlay.snapshot())?.focused; presses++) await page.keyboard.press("Shift+Tab");
  await expect(field).toBeFocused();
  expect((await overlay.snapshot())!.cardOpen).toBe(false);

  // From the field, Tab is the page's: on to Send. The extension lets go of the field, as after a
  // click elsewhere, and its shortcut is the page's again.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send" })).toBeFocused();
  await expect.poll(async () => (await overlay.snapshot())?.iconVisible).toBe(false);
  await page.keyboard.press("Alt+Shift+T");
  expect((await overlay.snapshot())!.cardOpen).toBe(false);
});

test("focus taken to the page while the card is open (a page's control) closes it and stays where it went", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  await addSendButton(page);
  const overlay = await Overlay.on(page);
  await overlay.suggestionFor("hey im just checking if u got the report i sent yesterday");
  await expect.poll(async () => (await overlay.snapshot())?.focused).toBe("Replace");
  await page.getByRole("button", { name: "Send" }).focus();
  await expect.poll(async () => (await overlay.snapshot())?.cardOpen).toBe(false);
  await expect(page.getByRole("button", { name: "Send" })).toBeFocused();
  expect((await overlay.snapshot())!.iconVisible).toBe(false);
});

test("in a modal dialog (showModal), the card can be used from the keyboard and Escape closes only the card", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  await openReplyDialog(page);
  const overlay = await Overlay.on(page);
  await typeReplyUntilReady(page, overlay);
  await page.keyboard.press("Alt+Shift+T");
  await expect.poll(async () => (await overlay.snapshot())?.focused).toBe("Replace");
  await page.keyboard.press("Escape");
  await expect.poll(async () => (await overlay.snapshot())?.cardOpen).toBe(false);
  await expect(page.getByLabel("Reply")).toBeFocused();
  expect(await page.evaluate(() => document.querySelector("dialog")!.open)).toBe(true);
});

test("in a dialog centred with a transform, the icon sits at the field's corner, and the card opens below it, whole, and works", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  await page.setViewportSize({ width: 1280, height: 800 });
  // How many component libraries centre a dialog: fixed, halfway, and moved back by half its size.
  await openReplyDialog(page, {
    dialog: "position: fixed; top: 50%; left: 50%; margin: 0; transform: translate(-50%, -50%); width: 520px;",
    field: "width: 480px;",
  });
  const overlay = await Overlay.on(page);
  const reply = await typeReplyUntilReady(page, overlay);
  const field = (await reply.boundingBox())!;
  const icon = (await overlay.snapshot())!.iconBox!;
  // In the field's bottom-right corner, 6 px in from its edges.
  expect(Math.round(field.x + field.width - icon.right)).toBe(6);
  expect(Math.round(field.y + field.height - icon.bottom)).toBe(6);

  await overlay.click("icon");
  await expect.poll(async () => (await overlay.snapshot())?.suggestion ?? null).not.toBeNull();
  const { suggestion, layout } = (await overlay.snapshot())!;
  // Right-aligned with the icon, just below it, and not cut off by the dialog's box (which
  // scrolls what overflows it): its title and actions are where a click reaches them.
  expect(Math.round(layout!.box.right - icon.right)).toBe(0);
  expect(Math.round(layout!.box.top - icon.bottom)).toBe(6);
  const dialog = (await page.locator("dialog").boundingBox())!;
  expect(layout!.box.bottom).toBeGreaterThan(dialog.y + dialog.height);
  await overlay.click("Replace");
  await expect(reply).toHaveValue(suggestion!);
});

test("a field that slides into place (a CSS transition) takes its icon along", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  await page.addStyleTag({ content: "#root { transition: transform 150ms; } #root.moved { transform: translateX(200px); }" });
  const field = page.getByLabel("Message");
  await field.click();
  await expect.poll(async () => (await overlay.snapshot())?.iconVisible).toBe(true);
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const panel = document.getElementById("root")!;
        panel.addEventListener("transitionend", resolve, { once: true });
        panel.classList.add("moved");
      }),
  );
  // In the field's bottom-right corner where the field is now, 6 px in from its right edge.
  await expect
    .poll(async () => {
      const box = (await field.boundingBox())!;
      const icon = (await overlay.snapshot())!.iconBox!;
      return Math.round(box.x + box.width - icon.right);
    })
    .toBe(6);
});

test("a page that refuses the text keeps the card open, saying so, though Replace put focus in the field", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  await overlay.suggestionFor("hey im just checking if u got the report i sent yesterday");
  // The page now puts its own text back after any change.
  await page.evaluate(() => {
    const field = document.querySelector("textarea")!;
    const kept = field.value;
    field.addEventListener("beforeinput", (event) => event.preventDefault());
    field.addEventListener("input", () => (field.value = kept));
  });
  await overlay.click("Replace");
  await expect.poll(async () => (await overlay.snapshot())?.notes.join(" ")).toMatch(/This page did not accept the text/);
  expect((await overlay.snapshot())!.cardOpen).toBe(true);
});

test("the reminder form fits a phone at 200% zoom (187 px wide): its times wrap instead of running off the card", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  await page.setViewportSize({ width: 187, height: 333 });
  const overlay = await Overlay.on(page);
  await overlay.suggestionFor("hey im just checking if u got the report i sent yesterday");
  await overlay.click("Replace");
  await expect.poll(async () => (await overlay.snapshot())?.nudge).toBe(true);
  await overlay.click("Remind me to follow up");
  await expect.poll(async () => (await overlay.snapshot())?.choices.length).toBe(5);
  expect((await overlay.snapshot())!.layout).toMatchObject({ overflowsSideways: false });
});
