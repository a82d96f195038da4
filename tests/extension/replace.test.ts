// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { copyToClipboard, replaceFieldText } from "../../extension/lib/replace";

const SUGGESTION = "Hi Sam, following up on the proposal I sent on Tuesday.";

/**
 * A controlled input the way React wires one: React tracks the last value it saw by wrapping the
 * element's own `value` property; on an `input` event it compares the DOM value with the tracked
 * one and calls onChange only when they differ; after the event it puts the state back into the
 * element (a controlled component), so a value its onChange never saw is undone.
 */
function reactLikeInput(initial: string) {
  const input = document.createElement("input");
  document.body.append(input);
  const proto = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!;
  let tracked = initial;
  let state = initial;
  Object.defineProperty(input, "value", {
    configurable: true,
    get() {
      return proto.get!.call(this);
    },
    set(v: string) {
      tracked = v;
      proto.set!.call(this, v);
    },
  });
  input.value = initial;
  const onChange = vi.fn((value: string) => {
    state = value;
  });
  input.addEventListener("input", () => {
    const current = proto.get!.call(input) as string;
    if (current !== tracked) {
      tracked = current;
      onChange(current);
    }
    // Re-render: the controlled value wins.
    input.value = state;
  });
  return { input, onChange, getState: () => state };
}

let execCommand: ReturnType<typeof vi.fn>;

beforeEach(() => {
  document.body.innerHTML = "";
  // happy-dom implements no editing commands; each test decides what the "browser" does.
  execCommand = vi.fn(() => false);
  document.execCommand = execCommand as unknown as Document["execCommand"];
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A textarea on the page holding `text`. */
function textareaWith(text: string): HTMLTextAreaElement {
  const area = document.createElement("textarea");
  area.value = text;
  document.body.append(area);
  return area;
}

/** A contenteditable editor on the page holding `html`. */
function editorWith(html: string): HTMLDivElement {
  const editor = document.createElement("div");
  editor.setAttribute("contenteditable", "true");
  editor.innerHTML = html;
  document.body.append(editor);
  return editor;
}

/**
 * What Chromium gives for createEvent("TextEvent"), which happy-dom lacks: an event that
 * initTextEvent makes into a textInput carrying its text.
 */
function provideTextEvent() {
  const createEvent = document.createEvent.bind(document);
  vi.spyOn(document, "createEvent").mockImplementation((kind: string) => {
    const event = createEvent(kind === "TextEvent" ? "Event" : kind);
    if (kind === "TextEvent") {
      Object.assign(event, {
        initTextEvent(type: string, bubbles: boolean, cancelable: boolean, _view: Window | null, data: string) {
          event.initEvent(type, bubbles, cancelable);
          Object.defineProperty(event, "data", { value: data });
        },
      });
    }
    return event;
  });
}

/**
 * A contenteditable editor showing `shown.text`: its innerText, which happy-dom reads without line
 * breaks (it lays out no lines), so the test says what the browser would render.
 */
function editorShowing(initial: string) {
  const editor = editorWith("");
  const shown = { text: initial };
  Object.defineProperty(editor, "innerText", { configurable: true, get: () => shown.text });
  return { editor, shown };
}

describe("replace chain", () => {
  it("uses execCommand('insertText') on the selected text when the browser does the edit", async () => {
    const area = textareaWith("hi sam following up");
    execCommand.mockImplementation((command: string, _ui: boolean, value: string) => {
      expect(command).toBe("insertText");
      // The whole text must be selected first, so the insertion replaces it.
      expect([area.selectionStart, area.selectionEnd]).toEqual([0, "hi sam following up".length]);
      area.setRangeText(value, area.selectionStart, area.selectionEnd, "end");
      return true;
    });
    const copy = vi.fn(async () => true);
    await expect(replaceFieldText(area, SUGGESTION, { copy })).resolves.toEqual({ ok: true, method: "execCommand" });
    expect(area.value).toBe(SUGGESTION);
    expect(copy).not.toHaveBeenCalled();
  });

  it("falls back to the native value setter and an input event for a textarea", async () => {
    const area = textareaWith("hi sam following up");
    const inputs: string[] = [];
    area.addEventListener("input", () => inputs.push(area.value));
    await expect(replaceFieldText(area, SUGGESTION)).resolves.toEqual({ ok: true, method: "valueSetter" });
    expect(area.value).toBe(SUGGESTION);
    expect(inputs).toEqual([SUGGESTION]);
  });

  describe("a plain-text email's signature and quote in a textarea stay as they are", () => {
    const TAIL = "-- \nBen Ortiz\n\nOn Mon, Nov 23, 2026 at 9:14 AM Dana wrote:\n> Could you send the renewal quote?";
    const typed = "hi dana sure will send it friday";

    it("with the browser's own edit: only the message is selected", async () => {
      const area = textareaWith(`${typed}\n\n${TAIL}`);
      execCommand.mockImplementation((_command: string, _ui: boolean, value: string) => {
        expect([area.selectionStart, area.selectionEnd]).toEqual([0, typed.length]);
        area.setRangeText(value, area.selectionStart, area.selectionEnd, "end");
        return true;
      });
      await expect(replaceFieldText(area, SUGGESTION)).resolves.toEqual({ ok: true, method: "execCommand" });
      expect(area.value).toBe(`${SUGGESTION}\n\n${TAIL}`);
    });

    it("with the value setter, and then setRangeText", async () => {
      const area = textareaWith(`${typed}\n\n${TAIL}`);
      await expect(replaceFieldText(area, SUGGESTION)).resolves.toEqual({ ok: true, method: "valueSetter" });
      expect(area.value).toBe(`${SUGGESTION}\n\n${TAIL}`);

      const refusing = textareaWith(`${typed}\n\n${TAIL}`);
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
      let events = 0;
      refusing.addEventListener("input", () => {
        if (++events === 1) setter.call(refusing, `${typed}\n\n${TAIL}`);
      });
      await expect(replaceFieldText(refusing, SUGGESTION)).resolves.toEqual({ ok: true, method: "setRangeText" });
      expect(refusing.value).toBe(`${SUGGESTION}\n\n${TAIL}`);
    });

    it("keeps the tail it found before writing, when the suggestion itself ends in a quote", async () => {
      const quoting = "Done, as you asked:\n> Could you add tests?";
      const area = textareaWith(`done, tests added\n\n${TAIL}`);
      await expect(replaceFieldText(area, quoting)).resolves.toEqual({ ok: true, method: "valueSetter" });
      expect(area.value).toBe(`${quoting}\n\n${TAIL}`);

      const plain = textareaWith("done, tests added");
      await expect(replaceFieldText(plain, quoting)).resolves.toEqual({ ok: true, method: "valueSetter" });
      expect(plain.value).toBe(quoting);
    });

    it("counts the signature and quote against the field's maxlength", async () => {
      const area = textareaWith(`${typed}\n\n${TAIL}`);
      area.maxLength = SUGGESTION.length + 10;
      const copy = vi.fn(async () => true);
      await expect(replaceFieldText(area, SUGGESTION, { copy })).resolves.toEqual({ ok: false, copied: true, limit: area.maxLength });
      expect(area.value).toBe(`${typed}\n\n${TAIL}`);
    });
  });

  describe("a reply written below the quote in a textarea: the quote above and the signature below stay as they are", () => {
    const QUOTE = "On Mon, Nov 23, 2026 at 9:14 AM Dana wrote:\n> Could you send the renewal quote?\n\n";
    const SIGNATURE = "\n\n-- \nBen Ortiz";
    const typed = "sure, i will send it friday";

    it("with the browser's own edit: only the reply is selected", async () => {
      const area = textareaWith(`${QUOTE}${typed}${SIGNATURE}`);
      execCommand.mockImplementation((_command: string, _ui: boolean, value: string) => {
        expect([area.selectionStart, area.selectionEnd]).toEqual([QUOTE.length, QUOTE.length + typed.length]);
        area.setRangeText(value, area.selectionStart, area.selectionEnd, "end");
        return true;
      });
      await expect(replaceFieldText(area, SUGGESTION)).resolves.toEqual({ ok: true, method: "execCommand" });
      expect(area.value).toBe(`${QUOTE}${SUGGESTION}${SIGNATURE}`);
    });

    it("with the value setter, and then setRangeText", async () => {
      const area = textareaWith(`${QUOTE}${typed}${SIGNATURE}`);
      await expect(replaceFieldText(area, SUGGESTION)).resolves.toEqual({ ok: true, method: "valueSetter" });
      expect(area.value).toBe(`${QUOTE}${SUGGESTION}${SIGNATURE}`);

      const refusing = textareaWith(`${QUOTE}${typed}${SIGNATURE}`);
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
      let events = 0;
      refusing.addEventListener("input", () => {
        if (++events === 1) setter.call(refusing, `${QUOTE}${typed}${SIGNATURE}`);
      });
      await expect(replaceFieldText(refusing, SUGGESTION)).resolves.toEqual({ ok: true, method: "setRangeText" });
      expect(refusing.value).toBe(`${QUOTE}${SUGGESTION}${SIGNATURE}`);
    });

    it("keeps the quote it found before writing, when the suggestion itself starts with a quoted line", async () => {
      const quoting = "> Could you send the renewal quote?\nYes, on Friday.";
      const area = textareaWith(`${QUOTE}${typed}`);
      await expect(replaceFieldText(area, quoting)).resolves.toEqual({ ok: true, method: "valueSetter" });
      expect(area.value).toBe(`${QUOTE}${quoting}`);
    });

    it("writes nothing at the kept places when the page changed the quote, and copies the suggestion instead", async () => {
      // The page trims the value on every input: the quote moves, and so would the reply's place.
      const area = textareaWith(`\n${QUOTE}${typed}${SIGNATURE}`);
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
      area.addEventListener("input", () => setter.call(area, area.value.replace(/^\n+/, "")));
      const copy = vi.fn(async () => true);
      await expect(replaceFieldText(area, SUGGESTION, { copy })).resolves.toEqual({ ok: false, copied: true });
      expect(copy).toHaveBeenCalledWith(SUGGESTION);
      // The value setter's write was trimmed by the page; nothing was written twice or into the quote.
      expect(area.value).toBe(`${QUOTE}${SUGGESTION}${SIGNATURE}`);
    });

    it("counts the quote and the signature against the field's maxlength", async () => {
      const area = textareaWith(`${QUOTE}${typed}${SIGNATURE}`);
      area.maxLength = QUOTE.length + SUGGESTION.length + 2;
      const copy = vi.fn(async () => true);
      await expect(replaceFieldText(area, SUGGESTION, { copy })).resolves.toEqual({ ok: false, copied: true, limit: area.maxLength });
      expect(area.value).toBe(`${QUOTE}${typed}${SIGNATURE}`);
    });
  });

  it("joins a multi-line suggestion's lines with one space in a single-line input", async () => {
    const input = document.createElement("input");
    input.value = "hi sam thanks for the call";
    document.body.append(input);
    await expect(replaceFieldText(input, "Hi Sam,\n\nThanks for the call today.\r\nBest,\nAl")).resolves.toMatchObject({ ok: true });
    expect(input.value).toBe("Hi Sam, Thanks for the call today. Best, Al");
  });

  it("gets past a React-like value tracker, where a plain assignment is undone", async () => {
    const naive = reactLikeInput("hi sam");
    naive.input.value = SUGGESTION;
    naive.input.dispatchEvent(new Event("input", { bubbles: true }));
    expect(naive.input.value).toBe("hi sam");
    expect(naive.onChange).not.toHaveBeenCalled();

    const { input, onChange, getState } = reactLikeInput("hi sam");
    const copy = vi.fn(async () => true);
    await expect(replaceFieldText(input, SUGGESTION, { copy })).resolves.toEqual({ ok: true, method: "valueSetter" });
    expect(onChange).toHaveBeenCalledWith(SUGGESTION);
    expect(getState()).toBe(SUGGESTION);
    expect(input.value).toBe(SUGGESTION);
    expect(copy).not.toHaveBeenCalled();
  });

  it("moves on to setRangeText when the page undoes the setter's change", async () => {
    const area = textareaWith("old text");
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
    let events = 0;
    // A page that rejects the first change it sees (restoring its own text) and accepts later ones.
    area.addEventListener("input", () => {
      events += 1;
      if (events === 1) setter.call(area, "old text");
    });
    await expect(replaceFieldText(area, SUGGESTION)).resolves.toEqual({ ok: true, method: "setRangeText" });
    expect(area.value).toBe(SUGGESTION);
    expect(events).toBe(2);
  });

  it("lets an editor that learns the selection from selectionchange (Lexical) see it before inserting", async () => {
    const editor = editorWith("hi sam following up");
    // The editor keeps its own selection, read when selectionchange arrives, a task after the change.
    let known: "caret" | "all" = "caret";
    const sync = () =>
      setTimeout(() => {
        known = document.getSelection()?.toString() === editor.textContent ? "all" : "caret";
      }, 0);
    document.addEventListener("selectionchange", sync);
    execCommand.mockImplementation((_command: string, _ui: boolean, value: string) => {
      editor.textContent = known === "all" ? value : `${editor.textContent}${value}`;
      return true;
    });
    try {
      await expect(replaceFieldText(editor, SUGGESTION)).resolves.toEqual({ ok: true, method: "execCommand" });
      expect(editor.textContent).toBe(SUGGESTION);
    } finally {
      document.removeEventListener("selectionchange", sync);
    }
  });

  it("lets an editor that applies typed text through its own state (Draft.js) take it from textInput, with no edit behind its back", async () => {
    provideTextEvent();
    const editor = editorWith("<div><span>hi sam</span></div><div><span>following up</span></div>");
    const taken: string[] = [];
    editor.addEventListener("textInput", (event) => {
      // The editor replaces its selection in its own state and renders the result itself.
      const data = (event as TextEvent).data;
      taken.push(data);
      event.preventDefault();
      editor.innerHTML = `<div><span>${data}</span></div>`;
    });
    await expect(replaceFieldText(editor, SUGGESTION)).resolves.toEqual({ ok: true, method: "textInput" });
    expect(taken).toEqual([SUGGESTION]);
    expect(execCommand).not.toHaveBeenCalled();
    expect(editor.textContent).toBe(SUGGESTION);
  });

  it("goes on to the browser's own edit when no editor takes the textInput", async () => {
    provideTextEvent();
    const editor = editorWith("hi sam following up");
    execCommand.mockImplementation((_command: string, _ui: boolean, value: string) => {
      editor.textContent = value;
      return true;
    });
    await expect(replaceFieldText(editor, SUGGESTION)).resolves.toEqual({ ok: true, method: "execCommand" });
    expect(editor.textContent).toBe(SUGGESTION);
  });

  it("types a suggestion of several lines into a rich editor line by line, with line breaks between them", async () => {
    const { editor, shown } = editorShowing("hi sam");
    const commands: string[] = [];
    execCommand.mockImplementation((command: string, _ui: boolean, value?: string) => {
      commands.push(value === undefined ? command : `${command}:${value}`);
      if (command === "insertText" && value === "Hi Sam,") shown.text = "";
      shown.text += command === "insertText" ? value : "\n";
      return true;
    });
    const text = "Hi Sam,\n\nThe proposal.\n\nThanks\nAnna";
    await expect(replaceFieldText(editor, text)).resolves.toEqual({ ok: true, method: "execCommand" });
    expect(commands).toEqual(["insertText:Hi Sam,", "insertLineBreak", "insertLineBreak", "insertText:The proposal.", "insertLineBreak", "insertLineBreak", "insertText:Thanks", "insertLineBreak", "insertText:Anna"]);
    expect(shown.text).toBe(text);
  });

  it("does not count lines glued together as replaced, and goes on to paragraphs for an editor that drops line breaks", async () => {
    const { editor, shown } = editorShowing("hi sam");
    const commands: string[] = [];
    execCommand.mockImplementation((command: string, _ui: boolean, value?: string) => {
      commands.push(command);
      // Each attempt replaces the whole text, which was selected.
      if (command === "insertText" && value === "Hi Sam,") shown.text = "";
      // Like ProseMirror reading the browser's <br> as a space: the line break is lost.
      shown.text += command === "insertText" ? value : command === "insertParagraph" ? "\n" : " ";
      return true;
    });
    await expect(replaceFieldText(editor, "Hi Sam,\nThanks")).resolves.toEqual({ ok: true, method: "execCommand" });
    expect(commands).toEqual(["insertText", "insertLineBreak", "insertText", "insertText", "insertParagraph", "insertText"]);
    expect(shown.text).toBe("Hi Sam,\nThanks");
  });

  it("lets an editor that applies line breaks itself (Lexical) take them from beforeinput, with no browser edit", async () => {
    const { editor, shown } = editorShowing("hi sam");
    shown.text = "";
    editor.addEventListener("beforeinput", (event) => {
      if ((event as InputEvent).inputType !== "insertLineBreak") return;
      event.preventDefault();
      shown.text += "\n";
    });
    const commands: string[] = [];
    execCommand.mockImplementation((command: string, _ui: boolean, value?: string) => {
      commands.push(command);
      if (command !== "insertText") return false;
      shown.text += value;
      return true;
    });
    await expect(replaceFieldText(editor, "Hi Sam,\nThanks")).resolves.toEqual({ ok: true, method: "execCommand" });
    expect(commands).toEqual(["insertText", "insertText"]);
    expect(shown.text).toBe("Hi Sam,\nThanks");
  });

  it("lets a rich editor apply the text from beforeinput", async () => {
    const editor = editorWith("<p>hi sam</p>");
    const seen: string[] = [];
    editor.addEventListener("beforeinput", (event) => {
      const e = event as InputEvent;
      seen.push(e.inputType);
      e.preventDefault();
      // The editor's model renders the replacement itself.
      editor.innerHTML = `<p>${e.data ?? ""}</p>`;
    });
    await expect(replaceFieldText(editor, SUGGESTION)).resolves.toEqual({ ok: true, method: "beforeinput" });
    expect(seen).toEqual(["insertReplacementText"]);
    expect(editor.textContent).toBe(SUGGESTION);
  });

  it("lets a rich editor that handles only paste take the text from the clipboard data", async () => {
    const editor = editorWith("hi sam");
    editor.addEventListener("paste", (event) => {
      const text = (event as ClipboardEvent).clipboardData?.getData("text/plain") ?? "";
      event.preventDefault();
      editor.textContent = text;
    });
    await expect(replaceFieldText(editor, SUGGESTION)).resolves.toEqual({ ok: true, method: "paste" });
    expect(editor.textContent).toBe(SUGGESTION);
  });

  it("copies the suggestion and says so when a contenteditable editor takes nothing", async () => {
    const editor = editorWith("hi sam");
    const copy = vi.fn(async () => true);
    await expect(replaceFieldText(editor, SUGGESTION, { copy })).resolves.toEqual({ ok: false, copied: true });
    expect(copy).toHaveBeenCalledWith(SUGGESTION);
    expect(editor.textContent).toBe("hi sam");
  });

  it("copies when an input's page keeps undoing every change", async () => {
    const input = document.createElement("input");
    input.value = "hi sam";
    document.body.append(input);
    // A page that forces its own value back after every input event.
    input.addEventListener("input", () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, "hi sam");
    });
    const copy = vi.fn(async () => false);
    await expect(replaceFieldText(input, SUGGESTION, { copy })).resolves.toEqual({ ok: false, copied: false });
    expect(copy).toHaveBeenCalledWith(SUGGESTION);
  });

  it("copies instead of writing into a field the page has taken out of the document (re-rendered in a new one)", async () => {
    const area = textareaWith("hi sam");
    const shown = textareaWith("hi sam");
    area.remove();
    const copy = vi.fn(async () => true);
    await expect(replaceFieldText(area, SUGGESTION, { copy })).resolves.toEqual({ ok: false, copied: true });
    expect(copy).toHaveBeenCalledWith(SUGGESTION);
    expect(shown.value).toBe("hi sam");
  });

  it("does not count a partly taken text as replaced", async () => {
    const area = textareaWith("hi");
    // The page cuts what it is given to 10 characters by script.
    area.addEventListener("input", () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(area, area.value.slice(0, 10));
    });
    const copy = vi.fn(async () => true);
    await expect(replaceFieldText(area, SUGGESTION, { copy })).resolves.toEqual({ ok: false, copied: true });
  });
});

/**
 * What Chromium does for execCommand("copy"): a copy event at the focused element, its clipboard
 * data taken when a listener cancels the event. Returns what reached the clipboard and what was selected.
 */
function fakeCopyCommand(scratch: ShadowRoot) {
  const seen: { clipboard?: string; selected?: string } = {};
  execCommand.mockImplementation((command: string) => {
    const area = scratch.querySelector("textarea");
    if (command !== "copy" || !area) return false;
    seen.selected = area.value.slice(area.selectionStart, area.selectionEnd);
    const data = new DataTransfer();
    const event = new ClipboardEvent("copy", { bubbles: true, cancelable: true, composed: true, clipboardData: data });
    area.dispatchEvent(event);
    if (event.defaultPrevented) seen.clipboard = data.getData("text/plain");
    return true;
  });
  return seen;
}

function refuseClipboardApi() {
  Object.defineProperty(window.navigator, "clipboard", {
    configurable: true,
    value: { writeText: vi.fn(async () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"))) },
  });
}

describe("copying when the Clipboard API is refused", () => {
  it("puts the suggestion on the clipboard without the page's scripts ever seeing it", async () => {
    refuseClipboardApi();
    const host = document.createElement("tonewise-overlay");
    document.documentElement.append(host);
    const scratch = host.attachShadow({ mode: "closed" });

    // What a page could do to read it: watch its document for added nodes and their text, and
    // watch copies (before anyone else, and after).
    const seenByPage: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) seenByPage.push((node as HTMLTextAreaElement).value ?? node.textContent ?? "");
    });
    observer.observe(document, { childList: true, subtree: true });
    const capture = (event: Event) => seenByPage.push(`capture:${String(document.getSelection())}:${(event as ClipboardEvent).clipboardData?.getData("text/plain") ?? ""}`);
    const bubble = (event: Event) => seenByPage.push(`bubble:${(event as ClipboardEvent).clipboardData?.getData("text/plain") ?? ""}`);
    document.addEventListener("copy", capture, true);
    document.addEventListener("copy", bubble);
    const copied = fakeCopyCommand(scratch);

    await expect(copyToClipboard(SUGGESTION, document, scratch)).resolves.toBe(true);
    await Promise.resolve();
    observer.disconnect();
    document.removeEventListener("copy", capture, true);
    document.removeEventListener("copy", bubble);
    expect(copied).toEqual({ clipboard: SUGGESTION, selected: " " });
    expect(seenByPage.join("\n")).not.toContain(SUGGESTION);
    expect(seenByPage.filter((entry) => entry.startsWith("bubble:"))).toEqual([]);
    expect(document.querySelector("textarea")).toBeNull();
    expect(scratch.querySelector("textarea")).toBeNull();
  });

  it("says so when the browser refuses the copy too", async () => {
    refuseClipboardApi();
    const host = document.createElement("tonewise-overlay");
    document.documentElement.append(host);
    const scratch = host.attachShadow({ mode: "closed" });
    execCommand.mockImplementation(() => false);
    await expect(copyToClipboard(SUGGESTION, document, scratch)).resolves.toBe(false);
  });

  it("gives focus back to the card's button, or the page's field, that had it", async () => {
    refuseClipboardApi();
    const host = document.createElement("tonewise-overlay");
    document.documentElement.append(host);
    const scratch = host.attachShadow({ mode: "closed" });
    fakeCopyCommand(scratch);
    const copyButton = document.createElement("button");
    scratch.append(copyButton);
    const field = textareaWith("hi sam");

    copyButton.focus();
    await expect(copyToClipboard(SUGGESTION, document, scratch)).resolves.toBe(true);
    expect(scratch.activeElement).toBe(copyButton);

    field.focus();
    await expect(copyToClipboard(SUGGESTION, document, scratch)).resolves.toBe(true);
    expect(document.activeElement).toBe(field);
  });

  it("writes nothing into a field whose maxlength the suggestion exceeds: it is copied, and the limit said", async () => {
    const area = textareaWith("hi sam, can we talk");
    area.maxLength = 30;
    const input = document.createElement("input");
    input.value = "hi sam";
    input.maxLength = 12;
    document.body.append(input);
    const copy = vi.fn(async () => true);
    await expect(replaceFieldText(area, SUGGESTION, { copy })).resolves.toEqual({ ok: false, copied: true, limit: 30 });
    await expect(replaceFieldText(input, SUGGESTION, { copy })).resolves.toEqual({ ok: false, copied: true, limit: 12 });
    expect(area.value).toBe("hi sam, can we talk");
    expect(input.value).toBe("hi sam");
    expect(copy).toHaveBeenCalledWith(SUGGESTION);
    // A suggestion that fits is written as usual.
    area.maxLength = SUGGESTION.length;
    await expect(replaceFieldText(area, SUGGESTION, { copy })).resolves.toMatchObject({ ok: true });
  });
});
