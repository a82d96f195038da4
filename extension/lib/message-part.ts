/**
 * The part of a field that is the message being written. An email's compose body holds more than
 * that: the user's signature, and in a reply or a forward the quoted thread (other people's
 * words). Tonewise reads, sends and replaces only what comes before the first of those, and leaves
 * them as they are (decision 060): in a rich editor found by the client's markup, in a textarea by
 * plain-text email's lines.
 *
 * The message ends at the last text before that first signature or quote: the blank lines between
 * them stay where they are, so a replaced message keeps its distance from the signature.
 */

/** Where email clients put a signature or a quoted thread in their editor's markup. */
const MESSAGE_TAIL = [
  // Gmail: the "-- " before a signature, the signature, the quoted message of a reply or forward.
  ".gmail_signature_prefix",
  ".gmail_signature",
  '[data-smartmail="gmail_signature"]',
  // The reply's quote is a div; Gmail's Quote button puts a blockquote.gmail_quote in the message itself.
  "div.gmail_quote",
  ".gmail_quote_container",
  // Outlook on the web: the signature, the header of the quoted message, the marker above it.
  "#Signature",
  "#divRplyFwdMsg",
  "#appendonsend",
  // Thunderbird and Apple Mail (in web editors that keep their markup), Yahoo Mail.
  ".moz-signature",
  ".moz-cite-prefix",
  'blockquote[type="cite"]',
  ".yahoo_quoted",
].join(", ");

/**
 * Where a rich editor's message ends: the first signature or quoted thread in the client's markup,
 * or a "-- " line typed before it (the signature delimiter of plain-text email, RFC 3676, which
 * people also type by hand above a signature in any editor). Null when it holds only the message.
 */
export function messageTail(field: HTMLElement): Node | null {
  const marked = field.querySelector(MESSAGE_TAIL);
  return delimiterLine(field, marked) ?? marked;
}

/** An element's computed display ("block" for an editor whose window is gone). */
function displayOf(el: Element): string {
  return el.ownerDocument.defaultView?.getComputedStyle(el).display ?? "block";
}

/** Block-level boxes, which innerText puts on lines of their own (inline ones, and table cells, continue the line). */
const isBlockDisplay = (display: string) => /^(block|flex|grid|list-item|table|table-row|table-caption|flow-root)(\s|$)/.test(display);

/** Elements that show something without text. */
const MEDIA = "img, svg, video, iframe, object, embed, canvas";
/** Whitespace, no-break spaces included (an editor's empty line is often `<div>&nbsp;</div>`). */
const BLANK_TEXT = /^[ \t\n\r\u00a0]*$/;

/** A node that shows no text: whitespace, a line break, or an element holding nothing but those (not an image). */
function isBlank(node: Node): boolean {
  if (node.nodeType === Node.TEXT_NODE) return BLANK_TEXT.test(node.textContent ?? "");
  if (node.nodeType !== Node.ELEMENT_NODE) return true;
  const el = node as Element;
  if (el.localName === "br") return true;
  if (el.matches(MEDIA) || el.querySelector(MEDIA) !== null) return false;
  return BLANK_TEXT.test(el.textContent ?? "");
}

/** A "-- " line written as plain text before a signature (where Gmail has no prefix element of its own). */
function isSignatureDelimiter(node: Node): boolean {
  return /^[ \t\n\r\u00a0]*--[ \t\n\r\u00a0]*$/.test(node.textContent ?? "");
}

/** A line break, a block element, or the editor's own edge (null): what a line starts after and ends before. */
function breaksLine(node: Node | null): boolean {
  if (node === null) return true;
  // By node type, not instanceof: an editor in a frame has the frame's Element.
  if (node.nodeType !== Node.ELEMENT_NODE) return false;
  const el = node as Element;
  return el.localName === "br" || isBlockDisplay(displayOf(el));
}

/** Whether nothing that shows stands between `node` and a line's edge, on the side `step` goes. */
function atLineEdge(field: HTMLElement, node: Node, step: "previousSibling" | "nextSibling"): boolean {
  for (let current: Node = node; ; ) {
    let sibling = current[step];
    for (; sibling && !breaksLine(sibling); sibling = sibling[step]) {
      // Whitespace, a comment, an empty inline element: nothing on the line. Anything else is.
      if (!isBlank(sibling)) return false;
    }
    if (sibling) return true;
    const parent = current.parentNode;
    if (!parent || parent === field || breaksLine(parent)) return true;
    current = parent;
  }
}

/**
 * Whether a delimiter candidate is the user's own line: shown (no hidden element around it) and
 * not quoted (inside a blockquote, the quoted message's signature, or text quoted from it).
 */
function isOwnShownLine(field: HTMLElement, node: Node): boolean {
  for (let el = node.parentElement; el && el !== field; el = el.parentElement) {
    if (el.localName === "blockquote" || displayOf(el) === "none") return false;
  }
  return true;
}

/**
 * The first "-- " line before `before` (the first tail in the client's markup, if any): a text node
 * holding only "--" and spaces, alone on its line, shown and not quoted. Null when there is none.
 */
function delimiterLine(field: HTMLElement, before: Element | null): Node | null {
  const walker = field.ownerDocument.createTreeWalker(field, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // Inside the tail, or after it (a node inside it also follows it).
    if (before && before.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) return null;
    if (
      isSignatureDelimiter(node) &&
      atLineEdge(field, node, "previousSibling") &&
      atLineEdge(field, node, "nextSibling") &&
      isOwnShownLine(field, node)
    ) {
      return node;
    }
  }
  return null;
}

/**
 * The message's last node: the last one before the tail that shows text, found by moving back over
 * the blank nodes (and a "-- " line) before the tail, and out of the elements that hold only those
 * and the tail. Null when nothing before the tail shows text.
 */
function lastMessageNode(field: HTMLElement, tail: Node): Node | null {
  let node: Node = tail;
  for (;;) {
    const previous = node.previousSibling;
    if (previous) {
      if (!isBlank(previous) && !isSignatureDelimiter(previous)) return previous;
      node = previous;
      continue;
    }
    const parent = node.parentNode;
    if (!parent || parent === field) return null;
    node = parent;
  }
}

/**
 * The end of a node's last text (or after its last image), inside it. A range that ended after the
 * node would end where the browser's editing sees the start of the next line: replacing it would
 * swallow the blank line after the message.
 */
function setEndInside(range: Range, node: Node): void {
  let last = node;
  for (;;) {
    if (last.nodeType === Node.TEXT_NODE) {
      range.setEnd(last, (last.textContent ?? "").length);
      return;
    }
    let child = last.lastChild;
    while (child && isBlank(child)) child = child.previousSibling;
    if (!child) {
      range.setEndAfter(last);
      return;
    }
    last = child;
  }
}

/** The message part of a rich editor as a range: the whole editor, or its start up to the last text before its tail. */
export function messageRange(field: HTMLElement): Range {
  const range = field.ownerDocument.createRange();
  range.selectNodeContents(field);
  const tail = messageTail(field);
  if (!tail) return range;
  const last = lastMessageNode(field, tail);
  if (last) setEndInside(range, last);
  else range.collapse(true);
  return range;
}

/** Required line breaks (innerText's term): a block's edges, two around a paragraph; a run of them counts as its largest. */
type TextItem = string | { breaks: number };

/** A whole node before the message's end, as innerText renders it. */
function pushWhole(node: Node, items: TextItem[]): void {
  if (node.nodeType === Node.TEXT_NODE) {
    items.push((node.textContent ?? "").replace(/[ \t\n\r]+/g, " "));
    return;
  }
  // An editor in a frame the page has just removed has no window left: nothing of it is shown.
  const view = node.ownerDocument?.defaultView;
  if (!view || !(node instanceof view.HTMLElement)) return;
  if (node.localName === "br") {
    items.push("\n");
    return;
  }
  const display = displayOf(node);
  if (display === "none") return;
  const breaks = node.localName === "p" ? 2 : 1;
  const block = isBlockDisplay(display);
  if (block) items.push({ breaks });
  items.push(node.innerText);
  if (block) items.push({ breaks });
}

function joinItems(items: TextItem[]): string {
  let text = "";
  let pending = 0;
  for (const item of items) {
    if (typeof item !== "string") {
      pending = Math.max(pending, item.breaks);
      continue;
    }
    if (item === "") continue;
    if (pending > 0 && text !== "") text += "\n".repeat(pending);
    pending = 0;
    text += item;
  }
  // innerText drops the collapsible spaces at a line's start and end (not the no-break ones editors write).
  return text
    .split("\n")
    .map((line) => line.replace(/^ +| +$/g, ""))
    .join("\n");
}

/**
 * The message part's text as the user sees it: the editor's innerText when it has no tail; else the
 * rendered text of the nodes up to the message's last one (each whole element's own innerText, the
 * line breaks of the blocks around them), read without touching the page's selection or markup.
 */
export function messageText(field: HTMLElement): string {
  const tail = messageTail(field);
  if (!tail) return field.innerText ?? field.textContent ?? "";
  const last = lastMessageNode(field, tail);
  if (!last) return "";
  const path: Node[] = [];
  for (let node: Node = last; node !== field; node = node.parentNode!) path.unshift(node);
  const items: TextItem[] = [];
  let container: Node = field;
  for (const stop of path) {
    if (container !== field && container.nodeType === Node.ELEMENT_NODE && isBlockDisplay(displayOf(container as Element))) items.push({ breaks: 1 });
    for (let child = container.firstChild; child && child !== stop; child = child.nextSibling) pushWhole(child, items);
    container = stop;
  }
  pushWhole(last, items);
  return joinItems(items);
}

/**
 * Plain-text email in a textarea (a webmail's plain-text mode) marks the same parts with lines:
 * the signature delimiter ("-- ", RFC 3676), a reply's attribution line ("On …, Dana wrote:")
 * above quoted lines, an "Original Message" or "Forwarded message" divider (or Outlook's line of
 * underscores), or quoted lines ("> ") with nothing unquoted after them. A quote answered line by
 * line (text between the quoted lines) is all message: which lines are the user's is a guess there.
 * A reply written below a quote (bottom-posting, Roundcube's default) is the text under it.
 */
const SIGNATURE_DELIMITER = /^-- ?$/;
const ATTRIBUTION = /^On\s.+\swrote:$/;
const DIVIDER = /^(-{2,}\s*(Original Message|Forwarded message)\s*-{2,}|_{10,})$/i;
const QUOTED = /^\s*>/;

/** Where a textarea's message is: `value.slice(start, end)`; what comes before and after it stays as it is. */
export interface TextMessagePart {
  start: number;
  end: number;
}

/**
 * The message in a textarea's value. A reply written below a quote (the value opens with the
 * quote, or with its attribution line and then the quote) is the text under it, from its first
 * line to its last text before a signature or another quote. Otherwise the message starts the
 * value and ends at its last text before a signature or a quoted thread. A quote answered line by
 * line (quoted lines between the user's) is read the second way: all of it, or, under an
 * attribution, none.
 */
export function textMessagePart(value: string): TextMessagePart {
  const start = replyBelowQuote(value);
  if (start !== -1) {
    const reply = value.slice(start, start + textMessageEnd(value.slice(start)));
    if (!reply.split("\n").some((line) => QUOTED.test(line))) return { start, end: start + reply.length };
  }
  return { start: 0, end: textMessageEnd(value) };
}

/**
 * Where a textarea's message ends: the end of its last text before a signature or a quoted thread
 * (the blank lines before them are not part of it), or the end of the value when it has neither.
 */
function textMessageEnd(value: string): number {
  // A textarea's value ends its lines with "\n" alone, whatever the page or the platform wrote.
  const lines = value.split("\n");
  const trailingQuote = trailingQuoteStart(lines);
  let start = 0;
  for (const [index, line] of lines.entries()) {
    const tail =
      SIGNATURE_DELIMITER.test(line) ||
      DIVIDER.test(line.trim()) ||
      (ATTRIBUTION.test(line.trim()) && QUOTED.test(lines[index + 1] ?? "")) ||
      index === trailingQuote;
    if (tail) return value.slice(0, start).trimEnd().length;
    start += line.length + 1;
  }
  return value.length;
}

/**
 * A line above a quote that reads as its attribution in other languages too ("On …, Dana wrote:",
 * "Am 23. Nov. 2026 um 09:14 Uhr schrieb Dana:", "Le 23 nov. 2026 à 09:14, Dana a écrit :",
 * "…于2026年11月23日周一 09:14写道："): a line with a time or a year (its date) that ends in a colon,
 * full-width too. "As you said:" and "Meeting at 10:" have no such date, and stay the user's.
 */
const readsAsAttribution = (line: string) => ATTRIBUTION.test(line.trim()) || (/\d[:.]\d\d|\d{4}/.test(line) && /[:：]$/.test(line.trim()));

/**
 * Where a quote at the end starts (quoted lines with nothing unquoted after them), with the line
 * above it when that reads as an attribution, at most one blank line above the quote. -1: no such quote.
 */
function trailingQuoteStart(lines: string[]): number {
  const lastUnquoted = lines.findLastIndex((line) => line.trim() !== "" && !QUOTED.test(line));
  const first = lines.findIndex((line, index) => index > lastUnquoted && QUOTED.test(line));
  if (first === -1) return -1;
  const above = lines[first - 1]?.trim() === "" ? first - 2 : first - 1;
  return above >= 0 && readsAsAttribution(lines[above]!) ? above : first;
}

/**
 * Where a reply below a quote starts: the value opens (after blank lines) with a quote, or with
 * its attribution line and then the quote (at most one blank line between), and the first line
 * after the quote's quoted and blank lines has text. -1: the value does not open that way, or
 * nothing is written below the quote yet.
 */
function replyBelowQuote(value: string): number {
  const lines = value.split("\n");
  let index = lines.findIndex((line) => line.trim() !== "");
  if (index === -1) return -1;
  if (!QUOTED.test(lines[index]!)) {
    const quote = lines[index + 1]?.trim() === "" ? index + 2 : index + 1;
    if (!readsAsAttribution(lines[index]!) || !QUOTED.test(lines[quote] ?? "")) return -1;
    index = quote;
  }
  while (index < lines.length && (QUOTED.test(lines[index]!) || lines[index]!.trim() === "")) index += 1;
  if (index === lines.length) return -1;
  return lines.slice(0, index).reduce((offset, line) => offset + line.length + 1, 0);
}
