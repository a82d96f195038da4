/**
 * The extension on the fields people type in: it suggests, the card switches tone, Replace puts
 * the suggestion into the page's own state (not just the DOM) and the field shows it, and undo
 * brings the original back, on screen too.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/extension";
import { Overlay } from "./support/overlay";
import type { Fixture } from "./support/paths";

const MESSAGE = "hey im just checking if u got the report i sent yesterday";

const state = (page: Page) => page.evaluate(() => window.__state?.() ?? null);

/**
 * What the field shows the user (its value, or the editor's rendered text), spaces collapsed: an
 * editor that renders from its own state can hold one text and show another when its DOM was
 * edited behind its back.
 */
const shown = (page: Page) =>
  page
    .getByLabel("Message")
    .evaluate((el) => (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : (el as HTMLElement).innerText))
    .then((text) => text.replace(/\s+/g, " ").trim());

interface Case {
  fixture: Fixture;
  /** Whether the editor's own undo (Ctrl+Z) takes the replacement back. */
  undo: boolean;
}

const CASES: Case[] = [
  { fixture: "textarea", undo: true },
  { fixture: "input", undo: true },
  { fixture: "react", undo: true },
  { fixture: "contenteditable", undo: true },
  { fixture: "prosemirror", undo: true },
  { fixture: "quill", undo: true },
  { fixture: "lexical", undo: true },
  // Draft.js keeps its own undo stack (Ctrl+Z is its "undo" command): the replacement is one change in it.
  { fixture: "draftjs", undo: true },
];

for (const { fixture, undo } of CASES) {
  test(`${fixture}: suggest, switch tone, Replace${undo ? ", undo" : ""}`, async ({ connected: _connected, openFixture }) => {
    const page = await openFixture(fixture);
    const overlay = await Overlay.on(page);
    const field = page.getByLabel("Message");

    await field.click();
    await page.keyboard.type(MESSAGE);
    await expect.poll(() => state(page)).toBe(MESSAGE);

    // After the pause the icon at the field's corner says a suggestion is ready.
    await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
    await overlay.click("icon");
    await expect.poll(async () => (await overlay.snapshot())?.pressedTone).toBe("Professional");
    const professional = (await overlay.snapshot())!.suggestion!;
    expect(professional).not.toBe(MESSAGE);

    // Another tone asks again; the card shows the new suggestion with that tone pressed.
    await overlay.click("Casual");
    await expect.poll(async () => {
      const snap = await overlay.snapshot();
      return snap?.pressedTone === "Casual" && snap.suggestion !== null && snap.suggestion !== professional;
    }).toBe(true);
    const casual = (await overlay.snapshot())!.suggestion!;

    await overlay.click("Replace");
    await expect.poll(() => state(page)).toBe(casual);
    await expect.poll(() => shown(page)).toBe(casual.replace(/\s+/g, " ").trim());
    await expect.poll(async () => (await overlay.snapshot())?.cardOpen).toBe(false);

    if (undo) {
      await page.keyboard.press("ControlOrMeta+z");
      await expect.poll(() => state(page)).toBe(MESSAGE);
      await expect.poll(() => shown(page)).toBe(MESSAGE);
    }
  });
}

/** Text as lines: spaces collapsed within each line, blank lines kept, none at the ends. */
const asLines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.replace(/[\s\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/^\n+|\n+$/g, "");

/**
 * What a rich editor shows, line by line: its rendered text (innerText), read from a copy with two
 * artefacts of innerText taken out that the screen does not show. A paragraph (<p>) reads as a line
 * and a blank line (innerText doubles the breaks around one, though the editors here show no gap),
 * and a line that is empty but for the <br> that gives it its height reads as one blank line (not
 * as that <br>'s break on top of the block's own); a <br> just before a block, which ends its line
 * (Chrome leaves one where an edit emptied a line for a moment), reads as no line.
 */
const shownLines = (page: Page) =>
  page
    .getByLabel("Message")
    .evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const paragraph of copy.querySelectorAll("p")) {
        const div = document.createElement("div");
        div.append(...paragraph.childNodes);
        paragraph.replaceWith(div);
      }
      for (const block of copy.querySelectorAll("div")) {
        if (block.childNodes.length === 1 && block.firstChild instanceof HTMLBRElement) block.firstChild.replaceWith("\u200b");
      }
      copy.removeAttribute("aria-label");
      copy.style.whiteSpace = getComputedStyle(el).whiteSpace;
      document.body.append(copy);
      // A <br> after a line's text, just before a block, ends that line and shows no line of its
      // own (a <br> alone between two blocks is a blank line, and stays).
      for (const lineBreak of copy.querySelectorAll("br")) {
        const before = lineBreak.previousSibling;
        const endsText = before instanceof Text ? before.data.trim() !== "" : before instanceof HTMLElement && getComputedStyle(before).display === "inline";
        if (endsText && lineBreak.nextSibling instanceof HTMLDivElement) lineBreak.remove();
      }
      const text = copy.innerText;
      copy.remove();
      return text.replace(/\u200b/g, "");
    })
    .then(asLines);

/**
 * A message of several lines in every rich editor. Draft.js renders its blocks from its own state:
 * an edit of several lines made behind its back (the browser's own insertText) throws inside it and
 * takes the field off the page, so it is among them.
 */
const MULTILINE_CASES: Fixture[] = ["contenteditable", "lexical", "prosemirror", "quill", "draftjs"];

for (const fixture of MULTILINE_CASES) {
  test(`${fixture}: Replace with a suggestion of several lines shows its lines as lines, and undo takes it back`, async ({ connected: _connected, openFixture }) => {
    const page = await openFixture(fixture);
    const overlay = await Overlay.on(page);
    const lines = ["hi anna", "just checking if u got the report i sent yesterday", "thanks", "ben"];
    await page.getByLabel("Message").click();
    for (const [index, line] of lines.entries()) {
      if (index > 0) await page.keyboard.press("Enter");
      await page.keyboard.type(line);
    }
    const typed = lines.join("\n");
    await expect.poll(() => state(page)).toBe(typed);
    await expect.poll(() => shownLines(page)).toBe(typed);

    await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
    await overlay.click("icon");
    await expect.poll(async () => (await overlay.snapshot())?.suggestion ?? null).not.toBeNull();
    const suggestion = (await overlay.snapshot())!.suggestion!;
    expect(suggestion).toContain("\n");

    await overlay.click("Replace");
    await expect.poll(() => shownLines(page)).toBe(asLines(suggestion));
    await expect.poll(() => state(page)).toBe(suggestion);
    await expect.poll(async () => (await overlay.snapshot())?.cardOpen).toBe(false);

    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => shownLines(page)).toBe(typed);
    await expect.poll(() => state(page)).toBe(typed);
  });
}

test("an email reply: only the message is read, sent and replaced; the signature and the quoted thread stay as they were", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("email");
  const overlay = await Overlay.on(page);
  const field = page.getByLabel("Message");
  const tail = () =>
    field.evaluate((el) => [".gmail_signature_prefix", ".gmail_signature", ".gmail_quote_container"].map((selector) => el.querySelector(selector)?.outerHTML ?? null));
  const before = await tail();
  expect(before).not.toContain(null);

  // The caret on the reply's first line, above the signature, as Gmail puts it.
  await field.focus();
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.type(MESSAGE);
  await expect.poll(() => state(page)).toMatch(new RegExp(`^${MESSAGE}\\s+--\\s+Ben Ortiz`));

  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
  await overlay.click("icon");
  await expect.poll(async () => (await overlay.snapshot())?.suggestion ?? null).not.toBeNull();
  const suggestion = (await overlay.snapshot())!.suggestion!;
  // The local AI stand-in rewrites what it is sent, word for word: none of the signature's or the
  // quote's words came back, so none were sent.
  expect(suggestion).toMatch(/report/i);
  expect(suggestion).not.toMatch(/Ortiz|Northwind|Dana|renewal|wrote/);

  await overlay.click("Replace");
  await expect.poll(async () => (await overlay.snapshot())?.cardOpen).toBe(false);
  const replaced = (await state(page)) ?? "";
  expect(asLines(replaced.slice(0, replaced.indexOf("--")))).toBe(asLines(suggestion));
  expect(await tail()).toEqual(before);

  await page.keyboard.press("ControlOrMeta+z");
  await expect.poll(() => state(page)).toMatch(new RegExp(`^${MESSAGE}\\s+--\\s+Ben Ortiz`));
  expect(await tail()).toEqual(before);
});

for (const fixture of ["contenteditable", "prosemirror"] as const) {
  test(`${fixture}: a signature typed under a "-- " line is not read, sent or replaced`, async ({ connected: _connected, openFixture }) => {
    const page = await openFixture(fixture);
    const overlay = await Overlay.on(page);
    const field = page.getByLabel("Message");
    const signature = "--\nBen Ortiz\nNorthwind Traders";

    await field.focus();
    for (const [index, line] of [MESSAGE, "-- ", "Ben Ortiz", "Northwind Traders"].entries()) {
      if (index > 0) await page.keyboard.press("Enter");
      await page.keyboard.type(line);
    }
    await expect.poll(() => shownLines(page)).toBe(`${MESSAGE}\n${signature}`);

    await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
    await overlay.click("icon");
    await expect.poll(async () => (await overlay.snapshot())?.suggestion ?? null).not.toBeNull();
    const suggestion = (await overlay.snapshot())!.suggestion!;
    // The local AI stand-in rewrites what it is sent, word for word: the signature was not sent.
    expect(suggestion).toMatch(/report/i);
    expect(suggestion).not.toMatch(/Ortiz|Northwind/);

    await overlay.click("Replace");
    await expect.poll(() => shownLines(page)).toBe(`${asLines(suggestion)}\n${signature}`);

    // The message's line written on and replaced again: still no blank line above the delimiter.
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("End");
    const more = " can u send the numbers by friday";
    await page.keyboard.type(more);
    await expect.poll(() => shownLines(page)).toBe(`${asLines(suggestion + more)}\n${signature}`);
    await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
    await overlay.click("icon");
    // The new suggestion is the one that has the new words.
    await expect.poll(async () => (await overlay.snapshot())?.suggestion ?? "").toMatch(/friday/i);
    const second = (await overlay.snapshot())!.suggestion!;
    expect(second).not.toMatch(/Ortiz|Northwind/);
    await overlay.click("Replace");
    await expect.poll(() => shownLines(page)).toBe(`${asLines(second)}\n${signature}`);

    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => shownLines(page)).toBe(`${asLines(suggestion + more)}\n${signature}`);
  });
}

/**
 * Plain-text email replies in a textarea: written above the signature and the quote (`?reply`), or
 * below the quote and above the signature (`?below`, Roundcube's default). `at`: where the reply
 * goes in the fixture's value.
 */
const PLAIN_TEXT_REPLIES = [
  { name: "a plain-text email reply in a textarea: only the message above the signature is read, sent and replaced", query: "reply", at: () => 0 },
  { name: "a plain-text reply written below the quote: only the reply is read, sent and replaced", query: "below", at: (value: string) => value.indexOf("\n\n-- ") },
];

for (const { name, query, at } of PLAIN_TEXT_REPLIES) {
  test(name, async ({ connected: _connected, context, fixturesOrigin }) => {
    const page = await context.newPage();
    await page.goto(`${fixturesOrigin}/textarea.html?${query}`);
    const overlay = await Overlay.on(page);
    const field = page.getByLabel("Message");
    const value = await field.inputValue();
    const before = value.slice(0, at(value));
    const after = value.slice(before.length);

    await field.click();
    await field.evaluate((el, caret) => (el as HTMLTextAreaElement).setSelectionRange(caret, caret), before.length);
    await page.keyboard.type(MESSAGE);
    await expect.poll(() => state(page)).toBe(before + MESSAGE + after);

    await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
    await overlay.click("icon");
    await expect.poll(async () => (await overlay.snapshot())?.suggestion ?? null).not.toBeNull();
    const suggestion = (await overlay.snapshot())!.suggestion!;
    expect(suggestion).not.toMatch(/Ortiz|Northwind|Dana|renewal|wrote/);

    await overlay.click("Replace");
    await expect.poll(() => state(page)).toBe(before + suggestion + after);
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => state(page)).toBe(before + MESSAGE + after);
  });
}

test("an email reply of several lines: Replace puts the suggestion's lines above the signature, and undo takes them back", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("email");
  const overlay = await Overlay.on(page);
  const field = page.getByLabel("Message");
  const signatureAndQuote = () => field.evaluate((el) => (el as HTMLElement).innerText.slice((el as HTMLElement).innerText.indexOf("--")));
  const message = async () => {
    const text = (await state(page)) ?? "";
    return asLines(text.slice(0, text.indexOf("--")));
  };
  const blankLineBeforeSignature = async () => {
    const text = (await state(page)) ?? "";
    return /\n[^\S\n]*\n\s*$/.test(text.slice(0, text.indexOf("--")));
  };
  const after = await signatureAndQuote();

  await field.focus();
  await page.keyboard.press("ControlOrMeta+Home");
  const lines = ["hi dana", "sure, i will send the renewal quote by friday", "thanks"];
  for (const [index, line] of lines.entries()) {
    if (index > 0) await page.keyboard.press("Enter");
    await page.keyboard.type(line);
  }
  await expect.poll(message).toBe(lines.join("\n"));
  expect(await blankLineBeforeSignature()).toBe(true);

  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
  await overlay.click("icon");
  await expect.poll(async () => (await overlay.snapshot())?.suggestion ?? null).not.toBeNull();
  const suggestion = (await overlay.snapshot())!.suggestion!;
  expect(suggestion).toContain("\n");
  expect(suggestion).not.toMatch(/Ortiz|Northwind|wrote/);

  await overlay.click("Replace");
  await expect.poll(message).toBe(asLines(suggestion));
  expect(await signatureAndQuote()).toBe(after);
  // The blank line between the message and the signature is still there.
  expect(await blankLineBeforeSignature()).toBe(true);

  await page.keyboard.press("ControlOrMeta+z");
  await expect.poll(message).toBe(lines.join("\n"));
  expect(await signatureAndQuote()).toBe(after);
});

test("Replace after the user typed on asks again for the text as it is now, and never drops the new words", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("textarea");
  const overlay = await Overlay.on(page);
  const forTheOldText = await overlay.suggestionFor(MESSAGE);

  // Two more words: too few to ask on their own, so the card still holds the older suggestion.
  await page.keyboard.press("Escape");
  await expect.poll(async () => (await overlay.snapshot())?.cardOpen).toBe(false);
  await page.getByLabel("Message").focus();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" thanks anna");
  const typedOn = `${MESSAGE} thanks anna`;
  await expect.poll(() => state(page)).toBe(typedOn);
  await overlay.click("icon");
  await expect.poll(async () => (await overlay.snapshot())?.suggestion).toBe(forTheOldText);
  await overlay.click("Replace");
  await expect.poll(async () => {
    const snap = await overlay.snapshot();
    return snap?.suggestion != null && snap.suggestion !== forTheOldText;
  }).toBe(true);
  expect(await state(page)).toBe(typedOn);

  const forTheNewText = (await overlay.snapshot())!.suggestion!;
  await overlay.click("Replace");
  await expect.poll(() => state(page)).toBe(forTheNewText);
});

test("a field the page focused while it loaded, before the extension's script ran: typing in it gets a suggestion", async ({ connected: _connected, context, fixturesOrigin }) => {
  const page = await context.newPage();
  await page.goto(`${fixturesOrigin}/textarea.html?focus`);
  const overlay = await Overlay.on(page);
  await expect(page.getByLabel("Message")).toBeFocused();
  // No click, no key yet: the script found the focused field as it started, and shows its icon.
  await expect.poll(async () => (await overlay.snapshot())?.iconVisible).toBe(true);
  await page.keyboard.type(MESSAGE);
  await expect.poll(() => state(page)).toBe(MESSAGE);
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");
});

test("an editor that is the body of a frame with no address (TinyMCE, CKEditor 4): suggest and Replace", async ({ connected: _connected, openFixture }) => {
  const page = await openFixture("srcdoc");
  const overlay = await Overlay.on(page);
  await page.frameLocator("iframe").locator("body").click();
  await page.keyboard.type(MESSAGE);
  await expect.poll(() => state(page)).toBe(MESSAGE);
  await expect.poll(async () => (await overlay.snapshot())?.iconState).toBe("ready");

  // The card opens from the keyboard, with Replace focused (the icon sits in the frame's coordinates).
  await page.keyboard.press("Alt+Shift+T");
  await expect.poll(async () => (await overlay.snapshot())?.suggestion ?? null).not.toBeNull();
  const suggestion = (await overlay.snapshot())!.suggestion!;
  await page.keyboard.press("Enter");
  await expect.poll(() => state(page)).toBe(suggestion.trim());
});
