/**
 * What a follow-up reminder is called and where it leads, read from the page the user wrote in:
 * the Gmail subject, the LinkedIn conversation's name, else the page's title. Never the text of
 * the message itself.
 */
import { FOLLOW_UP_LIMITS } from "../../app/lib/follow-ups/limits";

/** The API's limit for a label (one plain line). */
export const MAX_LABEL_LENGTH = FOLLOW_UP_LIMITS.labelMax;
/** The API's limit for a reminder's link. */
const MAX_URL_LENGTH = FOLLOW_UP_LIMITS.urlMax;

/** One plain line: no control characters, runs of white space as one space, at most 120 characters. */
export function cleanLabel(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point.
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim();
  if (line.length <= MAX_LABEL_LENGTH) return line;
  let cut = line.slice(0, MAX_LABEL_LENGTH - 1);
  // Never end on half of a surrogate pair.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** An email subject without its reply and forward prefixes ("Re: Fwd: demo recap" → "demo recap"). */
export function withoutReplyPrefixes(subject: string): string {
  return subject.replace(/^\s*((re|fwd?|aw|wg|sv|vs)\s*(\[\d+\])?\s*:\s*)+/i, "").trim();
}

function within(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === domain || h.endsWith(`.${domain}`);
}

function textOf(node: Element): string {
  return node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement ? node.value : (node.textContent ?? "");
}

/**
 * The first element matching `selector` with some text, looked for from the field outwards (so
 * the compose window or chat bubble the user types in wins over another one open beside it), then
 * in the whole document.
 */
function nearest(doc: Document, field: Element | null | undefined, selector: string): string {
  const pick = (scope: ParentNode) => {
    for (const node of scope.querySelectorAll(selector)) {
      const text = cleanLabel(textOf(node));
      if (text) return text;
    }
    return "";
  };
  for (let scope = field?.parentElement; scope && scope !== doc.documentElement; scope = scope.parentElement) {
    if (scope.querySelector(selector)) {
      const text = pick(scope);
      if (text) return text;
    }
  }
  return pick(doc);
}

/** The label a reminder starts with (the user can change it). */
export function followUpLabel(doc: Document, host: string, field?: Element | null): string {
  let label = "";
  if (within(host, "mail.google.com")) {
    // The compose window's subject, or the subject of the thread being answered.
    label = withoutReplyPrefixes(nearest(doc, field, 'input[name="subjectbox"], h2.hP'));
  } else if (within(host, "linkedin.com")) {
    // The chat bubble's header, or the conversation open on the messaging page.
    label = nearest(doc, field, ".msg-overlay-bubble-header__title, .msg-entity-lockup__entity-title");
  }
  return cleanLabel(label) || cleanLabel(doc.title) || cleanLabel(host) || "Follow up";
}

/** Parameters that carry what is being written, by name (Gmail's compose `su` and `body`, X's `text`…). */
const TEXT_PARAMETERS = new Set(["body", "text", "su", "subject", "message", "msg", "content", "caption", "summary", "title", "quote"]);

/**
 * Parameters (`a=1&b=2`, no "?") without the ones that could hold the message being written: by
 * name, or any whose value reads as words (a space once decoded). Ids, tabs and views stay, so the
 * page reopens; with nothing to leave out, the parameters stay exactly as the page wrote them.
 */
function withoutTextParameters(query: string): string {
  const parameters = new URLSearchParams(query);
  let removed = false;
  for (const [name, value] of [...parameters]) {
    if (TEXT_PARAMETERS.has(name.toLowerCase()) || /\s/.test(value)) {
      parameters.delete(name, value);
      removed = true;
    }
  }
  return removed ? parameters.toString() : query;
}

/**
 * The page's address, kept so the reminder can reopen it: http(s) only, within the API's limit,
 * and never the message itself. A compose page can carry the text in its address
 * (`mail.google.com/mail/?view=cm&su=…&body=…`, `x.com/intent/post?text=…`): such parameters are
 * left out, in the query, in a fragment's own `?…` and in a fragment made of parameters (a
 * fragment's path, e.g. Gmail's `#inbox/<thread>`, stays).
 */
export function followUpUrl(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.search = withoutTextParameters(url.search.slice(1));
  const fragment = url.hash.slice(1);
  const question = fragment.indexOf("?");
  if (question >= 0) {
    const kept = withoutTextParameters(fragment.slice(question + 1));
    url.hash = kept ? `${fragment.slice(0, question)}?${kept}` : fragment.slice(0, question);
  } else if (fragment.includes("=")) {
    // A fragment that is itself parameters (`#body=…&to=…`) is read as such.
    url.hash = withoutTextParameters(fragment);
  }
  return url.href.length <= MAX_URL_LENGTH ? url.href : null;
}
