/**
 * Replace: put the suggestion into the field the way a page's own code will notice, checking
 * after each step whether the field took it.
 *
 * 1. For rich editors (contenteditable): a `textInput` event carrying the text, the event a
 *    keystroke fires before the browser edits. An editor that applies typed text through its own
 *    state and renders it itself (Draft.js, through React's onBeforeInput) cancels it and does
 *    so; nobody else acts on it (made by script, it has no default action), and the next step
 *    follows. Such an editor must not get the browser's own edit: it would remove the nodes the
 *    editor renders into, so the editor holds the text but no longer shows its own changes (an
 *    undo changes nothing on screen), or throws and takes the field off the page.
 * 2. Select the field's text and `document.execCommand("insertText")`: the browser's own edit,
 *    with the input events, undo history and editor hooks a keystroke would have. A rich editor
 *    gets a text of several lines typed line by line instead: each line with `insertText`, and
 *    between lines the line break a keystroke makes, a cancelable `beforeinput` (which Lexical
 *    cancels and applies) and, not cancelled, `execCommand` of the same input type. Line breaks
 *    first (`insertLineBreak`, Shift+Enter: a plain contenteditable shows a blank line as one);
 *    where the editor loses them (ProseMirror reads the browser's <br> as a space), paragraphs
 *    (`insertParagraph`, Enter). The whole text in one `insertText` made every newline a
 *    paragraph: Lexical glued the lines together, and a plain contenteditable read an extra blank
 *    line at each blank line.
 * 3. For `<input>`/`<textarea>`: the prototype's value setter (past a framework's value tracker,
 *    as React installs on the element), then `setRangeText`, each followed by an `input` event.
 * 4. For rich editors: a `beforeinput` event (insertReplacementText) and then a `paste` event,
 *    each carrying the text, for editors that apply edits from those events themselves.
 *
 * "Holds" compares the field's lines with the suggestion's (`fieldHolds`): spaces and blank lines
 * do not decide (editors render lines as paragraphs, which innerText reads with blank lines between
 * them), but lines glued together do. If the field still does not hold the suggestion, it is
 * copied to the clipboard and the caller says so.
 *
 * The steps that select the field's text (textInput, execCommand, beforeinput, paste) wait for the
 * page to notice the selection before editing, and for the edit to land before checking: editors
 * that keep their own selection (Lexical, Draft.js) read it from `selectionchange`, which the
 * browser fires in a later task, and would otherwise insert at the old caret. The value setter and
 * `setRangeText` replace the message without a selection, and are checked at once.
 *
 * "The field's text" is its message part throughout (message-part.ts): in an email, what comes
 * before the signature and the quoted thread (or, in a textarea, a reply written below the quote),
 * which every step leaves as they are.
 */
import { deepActiveElement, type EditableField, isTextControl, readFieldText } from "./fields";
import { messageRange, textMessagePart } from "./message-part";

/** What a text control keeps around its message: a textarea's quote above a reply, its signature and quote below. */
interface Kept {
  before: string;
  after: string;
}

const NOTHING_KEPT: Kept = { before: "", after: "" };

/**
 * What a text control keeps around its message (an input keeps nothing). Taken once, before the
 * first step: the suggestion may itself start or end with lines that read as a quote or a
 * signature ("> …", "--"), and a field holding it would then seem to hold a shorter message, so
 * each later step would keep part of the suggestion and write it again.
 */
function keptAroundMessage(field: EditableField): Kept {
  if (!(field instanceof HTMLTextAreaElement)) return NOTHING_KEPT;
  const { start, end } = textMessagePart(field.value);
  return { before: field.value.slice(0, start), after: field.value.slice(end) };
}

/**
 * Whether a text control still has what it keeps around its message. A page that rewrote the value
 * since (trimmed it on input, say) would have the message elsewhere: writing at the kept offsets
 * would cut into the quote or the signature, so that step is not taken.
 */
function stillKept(field: EditableField, kept: Kept): boolean {
  if (!isTextControl(field)) return true;
  const { value } = field;
  return value.length >= kept.before.length + kept.after.length && value.startsWith(kept.before) && value.endsWith(kept.after);
}

export type ReplaceMethod = "textInput" | "execCommand" | "valueSetter" | "setRangeText" | "beforeinput" | "paste";

/** `limit`: not written because the suggestion is longer than the field's `maxlength`. */
export type ReplaceOutcome = { ok: true; method: ReplaceMethod } | { ok: false; copied: boolean; limit?: number };

export interface ReplaceOptions {
  /** Writes the text to the clipboard; resolves true when it did. */
  copy?: (text: string) => Promise<boolean>;
}

/** Where a text's lines end: a newline, as a textarea, an editor or a suggestion writes it. */
const LINE_END = /\r\n?|\n/;

/**
 * The text's lines, each with its spaces collapsed, without the empty ones. How many blank lines
 * an editor shows between two lines does not decide whether the page took the text (an editor
 * that renders each line as a paragraph reports paragraph breaks as blank lines in its innerText),
 * but where the lines break does: an editor that drops a line break glues two lines together, and
 * a check that ignored whitespace would call that a success.
 */
function linesOf(text: string): string[] {
  return text
    .replace(/\u200b/g, "")
    .split(LINE_END)
    .map((line) => line.replace(/[\s\u00a0]+/g, " ").trim())
    .filter((line) => line !== "");
}

/** `kept`: what a text control keeps around its message (keptAroundMessage), which must still be there; a rich editor's is read anew. */
export function fieldHolds(field: EditableField, text: string, kept?: Kept): boolean {
  // A field the page took out of the document (a re-render put a new one in its place) holds nothing the user sees.
  if (!field.isConnected) return false;
  let message: string;
  if (kept !== undefined && isTextControl(field)) {
    if (!stillKept(field, kept)) return false;
    message = field.value.slice(kept.before.length, field.value.length - kept.after.length);
  } else {
    message = readFieldText(field);
  }
  const shown = linesOf(message);
  const wanted = linesOf(text);
  return shown.length === wanted.length && shown.every((line, index) => line === wanted[index]);
}

/** How long to wait for a `selectionchange` that may not come (the selection did not change). */
const SELECTION_WAIT_MS = 50;

/** Resolves in a later task, after the page's own handlers for what just happened have run. */
function nextTask(doc: Document): Promise<void> {
  return new Promise((resolve) => (doc.defaultView ?? globalThis).setTimeout(resolve, 0));
}

/** Resolves once the page has seen the selection just made: after its `selectionchange` (or a short wait), then a task. */
function selectionNoticed(doc: Document): Promise<void> {
  return new Promise((resolve) => {
    const view = doc.defaultView ?? globalThis;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      doc.removeEventListener("selectionchange", finish);
      view.clearTimeout(timer);
      view.setTimeout(resolve, 0);
    };
    const timer = view.setTimeout(finish, SELECTION_WAIT_MS);
    doc.addEventListener("selectionchange", finish);
  });
}

async function selectMessage(field: EditableField, kept = NOTHING_KEPT): Promise<void> {
  const noticed = selectionNoticed(field.ownerDocument);
  selectMessageNow(field, kept);
  await noticed;
}

function selectMessageNow(field: EditableField, kept: Kept): void {
  field.focus({ preventScroll: true });
  if (isTextControl(field)) {
    field.setSelectionRange(kept.before.length, field.value.length - kept.after.length);
    return;
  }
  const selection = field.ownerDocument.getSelection();
  if (!selection) return;
  // The message part only: an email's signature and quoted thread stay as they are.
  selection.removeAllRanges();
  selection.addRange(messageRange(field));
}

/** A `textInput` event (a TextEvent; it has no constructor) carrying `text`, or undefined where the browser has none. */
function textInputEvent(field: EditableField, text: string): Event | undefined {
  const doc = field.ownerDocument;
  try {
    const event = doc.createEvent("TextEvent") as TextEvent;
    if (typeof event.initTextEvent !== "function") return undefined;
    event.initTextEvent("textInput", true, true, doc.defaultView, text);
    return event;
  } catch {
    return undefined;
  }
}

async function tryTextInput(field: EditableField, text: string): Promise<boolean> {
  const event = textInputEvent(field, text);
  if (!event) return false;
  await selectMessage(field);
  field.dispatchEvent(event);
  // Not cancelled: no page code took it. A textInput made by script has no default action (were a
  // browser to insert it anyway, the next step selects the whole message and replaces it).
  if (!event.defaultPrevented) return false;
  await nextTask(field.ownerDocument);
  return fieldHolds(field, text);
}

async function tryExecCommand(field: EditableField, text: string, kept: Kept): Promise<boolean> {
  if (!stillKept(field, kept)) return false;
  await selectMessage(field, kept);
  if (!stillKept(field, kept)) return false;
  const doc = field.ownerDocument;
  try {
    if (typeof doc.execCommand !== "function") return false;
    doc.execCommand("insertText", false, text);
  } catch {
    return false;
  }
  await nextTask(doc);
  return fieldHolds(field, text, kept);
}

type LineBreak = "insertLineBreak" | "insertParagraph";

/**
 * A line break as a keystroke makes it (Shift+Enter or Enter): first a cancelable `beforeinput`
 * of that input type, which an editor that applies edits through its own state (Lexical) cancels
 * and applies; not cancelled (made by script, it has no default action), the browser's own edit.
 */
function insertBreak(field: EditableField, kind: LineBreak): void {
  const event = inputEvent(field, "beforeinput", null, kind);
  field.dispatchEvent(event);
  if (!event.defaultPrevented) field.ownerDocument.execCommand(kind);
}

/**
 * A text of several lines into a rich editor, typed the way a user would: the field's text
 * selected, then each line with `execCommand("insertText")` and a line break of `kind` between
 * them. The browser's `insertText` of the whole text would make each newline a paragraph of its
 * own markup (a plain contenteditable then reads an extra blank line at each blank line), and
 * editors that take the text from its input event (Lexical) glue the lines together.
 */
async function tryTypedLines(field: EditableField, text: string, kind: LineBreak): Promise<boolean> {
  await selectMessage(field);
  const doc = field.ownerDocument;
  try {
    if (typeof doc.execCommand !== "function") return false;
    for (const [index, line] of text.split(LINE_END).entries()) {
      if (index > 0) insertBreak(field, kind);
      if (line !== "") doc.execCommand("insertText", false, line);
    }
  } catch {
    return false;
  }
  await nextTask(doc);
  return fieldHolds(field, text);
}

function nativeValueSetter(field: HTMLInputElement | HTMLTextAreaElement): ((value: string) => void) | undefined {
  const view = field.ownerDocument.defaultView;
  const proto = field instanceof HTMLTextAreaElement ? view?.HTMLTextAreaElement.prototype : view?.HTMLInputElement.prototype;
  return proto ? Object.getOwnPropertyDescriptor(proto, "value")?.set : undefined;
}

function inputEvent(field: EditableField, type: "input" | "beforeinput", text: string | null, inputType: string, dataTransfer?: DataTransfer) {
  const view = field.ownerDocument.defaultView;
  const Ctor = view?.InputEvent ?? InputEvent;
  return new Ctor(type, { bubbles: true, cancelable: type === "beforeinput", composed: true, inputType, data: text, dataTransfer: dataTransfer ?? null });
}

function trySetter(field: HTMLInputElement | HTMLTextAreaElement, text: string, kept: Kept): boolean {
  const setter = nativeValueSetter(field);
  if (!setter) return false;
  setter.call(field, kept.before + text + kept.after);
  field.dispatchEvent(inputEvent(field, "input", text, "insertReplacementText"));
  return fieldHolds(field, text, kept);
}

function trySetRangeText(field: HTMLInputElement | HTMLTextAreaElement, text: string, kept: Kept): boolean {
  if (!stillKept(field, kept)) return false;
  try {
    field.setRangeText(text, kept.before.length, field.value.length - kept.after.length, "end");
  } catch {
    return false;
  }
  field.dispatchEvent(inputEvent(field, "input", text, "insertReplacementText"));
  return fieldHolds(field, text, kept);
}

function makeDataTransfer(field: EditableField, text: string): DataTransfer | undefined {
  const view = field.ownerDocument.defaultView;
  try {
    const Ctor = view?.DataTransfer ?? DataTransfer;
    const transfer = new Ctor();
    transfer.setData("text/plain", text);
    return transfer;
  } catch {
    return undefined;
  }
}

async function tryBeforeInput(field: EditableField, text: string): Promise<boolean> {
  await selectMessage(field);
  field.dispatchEvent(inputEvent(field, "beforeinput", text, "insertReplacementText", makeDataTransfer(field, text)));
  await nextTask(field.ownerDocument);
  return fieldHolds(field, text);
}

async function tryPaste(field: EditableField, text: string): Promise<boolean> {
  await selectMessage(field);
  const transfer = makeDataTransfer(field, text);
  if (!transfer) return false;
  const view = field.ownerDocument.defaultView;
  let event: Event;
  try {
    const Ctor = view?.ClipboardEvent ?? ClipboardEvent;
    event = new Ctor("paste", { bubbles: true, cancelable: true, composed: true, clipboardData: transfer });
  } catch {
    return false;
  }
  field.dispatchEvent(event);
  await nextTask(field.ownerDocument);
  return fieldHolds(field, text);
}

/**
 * Copies with the async Clipboard API, or `execCommand("copy")` from a hidden textarea in `scratch`
 * (the overlay's closed shadow root). The textarea holds a single space, never the suggestion: the
 * copy event it fires is answered by our own listener on it, which puts the suggestion on the
 * clipboard and stops the event there. So the page's scripts, which may watch copies (a capture
 * listener reading the selection, a bubbling one reading the clipboard data), see a copy of one
 * space and never the suggestion. Focus goes back where it was (the card's Copy button, or the
 * field) once the textarea is gone.
 */
export async function copyToClipboard(text: string, doc: Document, scratch: ShadowRoot): Promise<boolean> {
  try {
    await doc.defaultView?.navigator.clipboard.writeText(text);
    return true;
  } catch {
    // In the card (its own root knows, being closed) or in the page.
    const focused = scratch.activeElement ?? deepActiveElement(doc);
    const area = doc.createElement("textarea");
    area.value = " ";
    area.setAttribute("readonly", "");
    area.setAttribute("aria-hidden", "true");
    area.tabIndex = -1;
    area.style.cssText = "position:fixed;top:0;left:0;opacity:0;pointer-events:none";
    let delivered = false;
    area.addEventListener("copy", (event) => {
      const data = (event as ClipboardEvent).clipboardData;
      if (!data) return;
      data.setData("text/plain", text);
      delivered = true;
      event.preventDefault();
      event.stopImmediatePropagation();
    });
    scratch.appendChild(area);
    // The copy event goes to the focused selection: the textarea has it for that moment.
    area.focus({ preventScroll: true });
    area.select();
    let ok: boolean;
    try {
      ok = doc.execCommand("copy") && delivered;
    } catch {
      ok = false;
    }
    area.remove();
    if (focused instanceof doc.defaultView!.HTMLElement) focused.focus({ preventScroll: true });
    return ok;
  }
}

/**
 * A suggestion as the field can hold it: a single-line input drops line breaks (and would leave
 * the lines glued by doubled spaces), so its lines are joined with one space.
 */
function fittedTo(field: EditableField, text: string): string {
  if (!(field instanceof HTMLInputElement)) return text;
  return text
    .split(/\s*[\r\n]+\s*/)
    .filter((line) => line !== "")
    .join(" ");
}

export async function replaceFieldText(field: EditableField, suggestion: string, options: ReplaceOptions = {}): Promise<ReplaceOutcome> {
  const text = fittedTo(field, suggestion);
  // The page replaced the field (a re-render) while the card was open: writing into the old one
  // would change nothing the user sees. The suggestion goes to the clipboard instead.
  if (!field.isConnected) return { ok: false, copied: options.copy ? await options.copy(text) : false };
  // A field with a length limit (a LinkedIn invitation note, an SMS box) would cut the suggestion
  // short or be refused by its page on sending: nothing is written, and the user gets it to shorten.
  const kept = keptAroundMessage(field);
  if (isTextControl(field) && field.maxLength > 0 && kept.before.length + text.length + kept.after.length > field.maxLength) {
    return { ok: false, copied: options.copy ? await options.copy(text) : false, limit: field.maxLength };
  }
  if (!isTextControl(field) && (await tryTextInput(field, text))) return { ok: true, method: "textInput" };
  if (isTextControl(field) || !LINE_END.test(text)) {
    if (await tryExecCommand(field, text, kept)) return { ok: true, method: "execCommand" };
  } else {
    // Line breaks first: where an editor ignores the browser's <br> (ProseMirror's reads it as a
    // space), the check fails and the paragraphs follow, an edit such an editor's undo groups with it.
    if (await tryTypedLines(field, text, "insertLineBreak")) return { ok: true, method: "execCommand" };
    if (await tryTypedLines(field, text, "insertParagraph")) return { ok: true, method: "execCommand" };
  }
  if (isTextControl(field)) {
    if (trySetter(field, text, kept)) return { ok: true, method: "valueSetter" };
    if (trySetRangeText(field, text, kept)) return { ok: true, method: "setRangeText" };
  } else {
    if (await tryBeforeInput(field, text)) return { ok: true, method: "beforeinput" };
    if (await tryPaste(field, text)) return { ok: true, method: "paste" };
  }
  return { ok: false, copied: options.copy ? await options.copy(text) : false };
}
