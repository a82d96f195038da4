/**
 * Which fields Tonewise may read: textareas, plain text inputs and contenteditable editors the
 * user is typing in — never credentials, codes, payment details, email addresses or user names,
 * search boxes, or anything the page marks as off limits — and which texts read as a message at all.
 */

import { messageText, textMessagePart } from "./message-part";

export type EditableField = HTMLTextAreaElement | HTMLInputElement | HTMLElement;

/** autocomplete tokens of fields whose content is a secret or a payment detail. */
const SENSITIVE_AUTOCOMPLETE = /(^|\s)(one-time-code|current-password|new-password|cc-[a-z-]+)(\s|$)/i;
/**
 * Parts of names and ids that give a secret or a payment detail away wherever they stand, when the
 * page sets no autocomplete hint (`newpassword`, `api_secret`, `serviceAccountPrivateKey`).
 */
const SENSITIVE_NAME_PART = /password|passwd|passcode|secret|private.?key|mnemonic|recovery|seed.?phrase|api.?key|access.?token|auth.?token|one.?time|verification.?code|card.?(number|num|no)|cc.?(num|number|exp)|iban|cvc|cvv|social.?security/i;
/**
 * Short ones that only count as a whole word of the name in words ("user pass", "otp code", but
 * not `compass`, `footprint` or `classNotes`).
 */
const SENSITIVE_NAME_WORD = /(^| )(pass|pwd|otp|totp|2fa|mfa|pin|csc|ssn|token|seed|tax ?id)( |$)/;

/**
 * `autocomplete` field names (HTML's autofill detail tokens) of a person's or a company's data: a
 * field that asks for a name, an address or a phone number holds no message, and reading it would
 * send personal data and spend a message of the month on it. `on` and `off` say nothing of the kind.
 */
const PERSONAL_DATA_AUTOCOMPLETE =
  /(^|\s)(name|honorific-prefix|given-name|additional-name|family-name|honorific-suffix|nickname|organization-title|organization|street-address|address-line[123]|address-level[1-4]|country|country-name|postal-code|bday(-day|-month|-year)?|sex|url|photo|tel(-country-code|-national|-area-code|-local|-extension)?|impp|transaction-amount|transaction-currency)(\s|$)/i;

function autocompleteOf(el: Element): string {
  return (el.getAttribute("autocomplete") ?? "").trim().toLowerCase();
}

/**
 * Words a field's visible hint (placeholder, accessible name, label) uses for a secret or a
 * payment detail. Stricter than the name patterns above: a hint is prose, where "pin" or "pass" are
 * ordinary words.
 */
const SENSITIVE_HINT = /password|passcode|one.?time (code|password)|verification code|security code|card (number|no\b)|credit card|debit card|\bcvc\b|\bcvv\b|\biban\b|social security|\bssn\b|\bsecrets?\b|private key|recovery (phrase|code|key)|seed phrase|mnemonic|\bapi key|\b(api|access|auth|bearer|refresh) tokens?\b/i;

/** The words a page shows or announces for a field: placeholder, aria-label, and its labels' text. */
function hintOf(el: Element): string {
  const parts = [el.getAttribute("placeholder") ?? "", el.getAttribute("aria-label") ?? ""];
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    for (const label of Array.from(el.labels ?? [])) parts.push(label.textContent ?? "");
  }
  const labelledBy = el.getAttribute("aria-labelledby");
  if (labelledBy) {
    for (const id of labelledBy.split(/\s+/)) parts.push(el.ownerDocument.getElementById(id)?.textContent ?? "");
  }
  return parts.join(" ");
}

/** A password, one-time-code or payment field, by type, autocomplete hint, name, or the words that label it. */
export function isSensitiveField(el: Element): boolean {
  if (el instanceof HTMLInputElement && el.type === "password") return true;
  if (SENSITIVE_AUTOCOMPLETE.test(autocompleteOf(el))) return true;
  const names = [el.getAttribute("name") ?? "", el.id];
  if (names.some((name) => SENSITIVE_NAME_PART.test(name) || SENSITIVE_NAME_WORD.test(nameInWords(name)))) return true;
  return SENSITIVE_HINT.test(hintOf(el));
}

/** A text input or textarea whose autocomplete hint asks for a name, an address, a phone number… */
function asksForPersonalData(el: Element): boolean {
  return (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && PERSONAL_DATA_AUTOCOMPLETE.test(autocompleteOf(el));
}

/** autocomplete tokens of a sign-in identifier: an email address or a user name. */
const ACCOUNT_AUTOCOMPLETE = /(^|\s)(email|username)(\s|$)/i;
/**
 * A name or id, in words (`user[email]`, `loginEmail`, `user_name`: "user email", "login email",
 * "user name"), that ends by naming an email address or a user name. `email_subject` does not.
 */
const ACCOUNT_NAME = /(^| )(e ?mail( address)?|user ?name|login( (id|name))?)$/;
const nameInWords = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
/** A single-line field's hint that starts by naming an email address or a user name ("Email", "Your email address", "Username"). */
const ACCOUNT_HINT = /^\s*((your|work|business)\s+)?(e-?mail|user\s?name)\b/i;

/**
 * An email or user-name field a page made a plain text input (`type=email` is excluded by type):
 * by autocomplete hint, or, on a single-line input, by name, id, placeholder or label. A textarea
 * or an editor named "email" is a message being written, and stays.
 */
function isAccountIdentifier(el: Element): boolean {
  if (ACCOUNT_AUTOCOMPLETE.test(autocompleteOf(el))) return true;
  if (!(el instanceof HTMLInputElement)) return false;
  if (ACCOUNT_NAME.test(nameInWords(el.getAttribute("name") ?? "")) || ACCOUNT_NAME.test(nameInWords(el.id))) return true;
  return ACCOUNT_HINT.test(el.getAttribute("placeholder") ?? "") || ACCOUNT_HINT.test(el.getAttribute("aria-label") ?? "") ||
    Array.from(el.labels ?? []).some((label) => ACCOUNT_HINT.test(label.textContent ?? ""));
}

/** Names search boxes go by when the page gives no other sign (q: Google, Bing, DuckDuckGo; search_query: YouTube). */
const SEARCH_NAME = /^(q|query|search|search_?query|search_?term|keywords?)$/i;

/**
 * A search box: <input type=search> is excluded by type; many are plain inputs or textareas that
 * say so by role, by sitting in a search landmark, by name, or by their placeholder or label.
 * A single-line combobox (an address picker, a "To" field) is no message either.
 */
function isSearchBox(el: Element): boolean {
  const role = (el.getAttribute("role") ?? "").trim().toLowerCase();
  if (role === "searchbox") return true;
  if (role === "combobox" && el instanceof HTMLInputElement) return true;
  if (el.closest('[role="search"], search') !== null) return true;
  if (SEARCH_NAME.test(el.getAttribute("name") ?? "")) return true;
  return /^\s*search\b/i.test(el.getAttribute("placeholder") ?? "") || /^\s*search\b/i.test(el.getAttribute("aria-label") ?? "");
}

/** `data-gramm="false"` (the convention editors use to keep writing assistants out) or `data-tonewise="off"`, on the field or an ancestor. */
function optedOut(el: Element): boolean {
  return el.closest('[data-tonewise="off"], [data-gramm="false"], [data-gramm_editor="false"], [data-enable-grammarly="false"]') !== null;
}

/**
 * `autocomplete="off"` on a sensitive form: on the field or its form, when the field itself looks
 * sensitive or the form also holds a password, one-time-code or payment field (a login, a
 * checkout). On an ordinary form, `autocomplete="off"` only turns off the browser's autofill.
 */
function inSensitiveAutocompleteOffForm(el: Element): boolean {
  const form = el.closest("form");
  const off = autocompleteOf(el) === "off" || (form !== null && autocompleteOf(form) === "off");
  if (!off) return false;
  if (isSensitiveField(el)) return true;
  if (!form) return false;
  return Array.from(form.querySelectorAll("input, textarea")).some((other) => other !== el && isSensitiveField(other));
}

function isHidden(el: HTMLElement): boolean {
  if (el.closest("[hidden], [inert]") !== null) return true;
  if (el.closest('[aria-hidden="true"]') !== null) return true;
  const view = el.ownerDocument.defaultView;
  if (!view) return true;
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    const style = view.getComputedStyle(node);
    if (style.display === "none") return true;
    if (node === el && (style.visibility === "hidden" || style.visibility === "collapse")) return true;
  }
  return false;
}

/** The contenteditable root a node belongs to (the outermost editable element), or null. */
export function editableRoot(node: Node | null): HTMLElement | null {
  let el: Element | null = node instanceof Element ? node : (node?.parentElement ?? null);
  let root: HTMLElement | null = null;
  while (el instanceof HTMLElement) {
    const attr = el.getAttribute("contenteditable");
    if (attr !== null) {
      const value = attr.trim().toLowerCase();
      if (value === "false") break;
      if (value === "" || value === "true" || value === "plaintext-only") root = el;
    }
    el = el.parentElement;
  }
  return root;
}

/** The focused element, inside open shadow roots (a closed one keeps its focus to itself). */
export function deepActiveElement(doc: Document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * The field Tonewise would work with for an event target (a focused element, or a node inside a
 * contenteditable editor), or null when there is none or it is excluded.
 */
export function detectField(target: EventTarget | null): EditableField | null {
  if (!(target instanceof HTMLElement)) return null;
  let field: EditableField | null;
  if (target instanceof HTMLTextAreaElement) field = target;
  else if (target instanceof HTMLInputElement) {
    // `type` reads "text" for a missing or unknown type; every other kind is excluded.
    if (target.type !== "text") return null;
    field = target;
  } else field = editableRoot(target);
  if (!field) return null;
  return isEligible(field) ? field : null;
}

/** Every rule but the kind of element: state, visibility, sensitivity and opt-outs. */
export function isEligible(field: EditableField): boolean {
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    if (field.disabled || field.readOnly) return false;
    if (field.closest("fieldset[disabled]") !== null) return false;
  } else if (field.getAttribute("aria-readonly") === "true" || field.getAttribute("aria-disabled") === "true") {
    return false;
  }
  if (isSensitiveField(field)) return false;
  if (isAccountIdentifier(field)) return false;
  if (asksForPersonalData(field)) return false;
  if (isSearchBox(field)) return false;
  if (optedOut(field)) return false;
  if (inSensitiveAutocompleteOffForm(field)) return false;
  if (isHidden(field)) return false;
  return true;
}

export function isTextControl(field: EditableField): field is HTMLInputElement | HTMLTextAreaElement {
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement;
}

/**
 * Whether a field's text can be a message: it has letters, and it is not a key or a credential
 * pasted where the page gives no hint of what the field is for. A card number, a phone number, a
 * sum, a private key, a JSON credentials file or an API key is never sent.
 */
export function readsAsMessage(text: string): boolean {
  return /\p{L}/u.test(text) && !looksLikeSecret(text);
}

/** Machine-made text: a PEM block, a JSON document, or mostly long runs of letters and digits (keys, tokens). */
function looksLikeSecret(text: string): boolean {
  if (/-----BEGIN [A-Z0-9 ]+-----/.test(text)) return true;
  const trimmed = text.trim();
  if (/^\{[\s\S]*\}$/.test(trimmed) && /"[^"\n]+"\s*:/.test(trimmed)) return true;
  // A link is part of a message, however long its path.
  const keyLike = trimmed.split(/\s+/).filter((word) => word.length >= 24 && !word.includes("://") && /\d/.test(word) && /\p{L}/u.test(word));
  const keyCharacters = keyLike.reduce((sum, word) => sum + word.length, 0);
  return keyCharacters > 0 && keyCharacters * 2 >= trimmed.replace(/\s+/g, "").length;
}

/**
 * The message in the field, as the user sees it: an input's value; a textarea's value or a rich
 * editor's text without an email's signature or quoted thread (message-part.ts).
 */
export function readFieldText(field: EditableField): string {
  if (field instanceof HTMLTextAreaElement) {
    const { start, end } = textMessagePart(field.value);
    return field.value.slice(start, end);
  }
  if (isTextControl(field)) return field.value;
  return messageText(field);
}
