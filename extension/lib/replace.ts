/**
 * Replace: put the suggestion into the field the way a page's own code will notice, checking
 * after each step whether the field took it.
 *
 * 1. Select the field's text and `document.execCommand("insertText")`: the browser's own edit,
 *    with the input events, undo history and editor hooks a keystroke would have.
 * 2. For `<input>`/`<textarea>`: the prototype's value setter (past a framework's value tracker,
 *    as React installs on the element), then `setRangeText`, each followed by an `input` event.
 * 3. For rich editors: a `beforeinput` event (insertReplacementText) and then a `paste` event,
 *    each carrying the text, for editors that apply edits from those events themselves.
 *
 * If the field still does not hold the suggestion, it is copied to the clipboard and the caller
 * says so.
 */
import { type EditableField, isTextControl, readFieldText } from "./fields";

export type ReplaceMethod = "execCommand" | "valueSetter" | "setRangeText" | "beforeinput" | "paste";

export type ReplaceOutcome = { ok: true; method: ReplaceMethod } | { ok: false; copied: boolean };

export interface ReplaceOptions {
  /** Writes the text to the clipboard; resolves true when it did. */
  copy?: (text: string) => Promise<boolean>;
}

/** Whitespace does not decide whether the page took the text: editors split lines into blocks. */
function normalise(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, "");
}

export function fieldHolds(field: EditableField, text: string): boolean {
  return normalise(readFieldText(field)) === normalise(text);
}

function selectAll(field: EditableField): void {
  field.focus({ preventScroll: true });
  if (isTextControl(field)) {
    field.select();
    return;
  }
  const selection = field.ownerDocument.getSelection();
  if (!selection) return;
  const range = field.ownerDocument.createRange();
  range.selectNodeContents(field);
  selection.removeAllRanges();
  selection.addRange(range);
}

function tryExecCommand(field: EditableField, text: string): boolean {
  selectAll(field);
  const doc = field.ownerDocument;
  try {
    if (typeof doc.execCommand !== "function") return false;
    doc.execCommand("insertText", false, text);
  } catch {
    return false;
  }
  return fieldHolds(field, text);
}

function nativeValueSetter(field: HTMLInputElement | HTMLTextAreaElement): ((value: string) => void) | undefined {
  const view = field.ownerDocument.defaultView;
  const proto = field instanceof HTMLTextAreaElement ? view?.HTMLTextAreaElement.prototype : view?.HTMLInputElement.prototype;
  return proto ? Object.getOwnPropertyDescriptor(proto, "value")?.set : undefined;
}

function inputEvent(field: EditableField, type: "input" | "beforeinput", text: string, inputType: string, dataTransfer?: DataTransfer) {
  const view = field.ownerDocument.defaultView;
  const Ctor = view?.InputEvent ?? InputEvent;
  return new Ctor(type, { bubbles: true, cancelable: type === "beforeinput", composed: true, inputType, data: text, dataTransfer: dataTransfer ?? null });
}

function trySetter(field: HTMLInputElement | HTMLTextAreaElement, text: string): boolean {
  const setter = nativeValueSetter(field);
  if (!setter) return false;
  setter.call(field, text);
  field.dispatchEvent(inputEvent(field, "input", text, "insertReplacementText"));
  return fieldHolds(field, text);
}

function trySetRangeText(field: HTMLInputElement | HTMLTextAreaElement, text: string): boolean {
  try {
    field.setRangeText(text, 0, field.value.length, "end");
  } catch {
    return false;
  }
  field.dispatchEvent(inputEvent(field, "input", text, "insertReplacementText"));
  return fieldHolds(field, text);
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

function tryBeforeInput(field: EditableField, text: string): boolean {
  selectAll(field);
  field.dispatchEvent(inputEvent(field, "beforeinput", text, "insertReplacementText", makeDataTransfer(field, text)));
  return fieldHolds(field, text);
}

function tryPaste(field: EditableField, text: string): boolean {
  selectAll(field);
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
  return fieldHolds(field, text);
}

/** Copies with the async Clipboard API, or a hidden textarea and `execCommand("copy")`. */
export async function copyToClipboard(text: string, doc: Document = document): Promise<boolean> {
  try {
    await doc.defaultView?.navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = doc.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.cssText = "position:fixed;top:0;left:0;opacity:0;pointer-events:none";
    doc.body.append(area);
    area.select();
    let ok: boolean;
    try {
      ok = doc.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

export async function replaceFieldText(field: EditableField, text: string, options: ReplaceOptions = {}): Promise<ReplaceOutcome> {
  if (tryExecCommand(field, text)) return { ok: true, method: "execCommand" };
  if (isTextControl(field)) {
    if (trySetter(field, text)) return { ok: true, method: "valueSetter" };
    if (trySetRangeText(field, text)) return { ok: true, method: "setRangeText" };
  } else {
    if (tryBeforeInput(field, text)) return { ok: true, method: "beforeinput" };
    if (tryPaste(field, text)) return { ok: true, method: "paste" };
  }
  const copy = options.copy ?? ((t: string) => copyToClipboard(t, field.ownerDocument));
  return { ok: false, copied: await copy(text) };
}
