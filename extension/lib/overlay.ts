/**
 * The in-page UI: one small icon at the corner of the field being typed in, and a card with the
 * suggestion. Both live in a closed shadow root on a fixed-position host, so the page's styles
 * do not reach them and the page's layout does not move. After Replace, a small "Remind me to
 * follow up" button beside the icon opens the card's reminder form (lib/reminder-card.ts).
 */
import { groupDigits } from "../../app/lib/digit-grouping";
import { TONES, type Tone } from "./api";
import { TONE_NAMES } from "./format";
import { REMIND_LABEL, REMINDER_STYLE, type ReminderHandlers, type ReminderStep, renderReminder } from "./reminder-card";
import { copyToClipboard } from "./replace";

export type OverlayView =
  | { kind: "idle" }
  /** `tone`: the one asked for, when the user chose it (the card keeps its tone buttons meanwhile). */
  | { kind: "loading"; tone?: Tone }
  | { kind: "ready"; suggestion: string; tone: Tone }
  | { kind: "not_connected" }
  | { kind: "quota"; message: string; upgradeUrl: string }
  /** `retry: false`: no Retry (asking again for the same text cannot help). */
  | { kind: "error"; message: string; retry?: false }
  | { kind: "offline" }
  | { kind: "not_replaced"; copied: boolean; suggestion: string; tone: Tone; limit?: number }
  /** The suggestion went in: the card offers a follow-up reminder. */
  | { kind: "replaced"; reminder: ReminderStep };

export interface OverlayHandlers extends ReminderHandlers {
  onTone(tone: Tone): void;
  onReplace(): void;
  /** Copies the suggestion: whether the clipboard took it, or null when there was nothing to copy. */
  onCopy(): Promise<boolean | null>;
  onRetry(): void;
  onConnect(): void;
  onUpgrade(url: string): void;
  /** The card closed; focus goes back to the field. */
  onClose(): void;
}

export const OPEN_SHORTCUT_LABEL = "Alt+Shift+T";

const STYLE = `
:host { all: initial; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-style: normal;
  letter-spacing: normal; word-spacing: normal; text-transform: none; text-align: left; text-indent: 0; text-shadow: none; }
.icon { position: fixed; width: 24px; height: 24px; border-radius: 999px; border: 1px solid #c7d2fe; background: #fff;
  color: #4f46e5; display: none; align-items: center; justify-content: center; padding: 0; cursor: pointer;
  box-shadow: 0 1px 3px rgba(15,23,42,.2); pointer-events: auto; }
.icon[data-visible="true"] { display: flex; }
.icon svg { width: 14px; height: 14px; }
.icon[data-state="idle"] { color: #6366f1; }
.icon[data-state="loading"] svg { opacity: .7; }
.icon[data-state="ready"] { background: #4f46e5; color: #fff; border-color: #4f46e5; animation: tw-pulse 1.6s ease-in-out infinite; }
.icon[data-state="attention"] { border-color: #f59e0b; color: #b45309; }
.icon:focus-visible, button:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
@keyframes tw-pulse { 0%, 100% { box-shadow: 0 0 0 0 rgba(79,70,229,.45); } 50% { box-shadow: 0 0 0 6px rgba(79,70,229,0); } }
@media (prefers-reduced-motion: reduce) { .icon[data-state="ready"] { animation: none; } }
.card { position: fixed; width: min(360px, calc(100vw - 16px)); max-height: min(420px, calc(100vh - 16px)); overflow: auto;
  background: #fff; color: #0f172a; border: 1px solid #e2e8f0; border-radius: 12px; padding: 12px;
  box-shadow: 0 10px 30px rgba(15,23,42,.18); font-size: 14px; line-height: 1.45; pointer-events: auto;
  display: flex; flex-direction: column; }
.card > * { flex: none; }
.card[hidden] { display: none; }
.head { display: flex; align-items: center; justify-content: space-between; margin-bottom: 8px; }
.title { font-weight: 600; font-size: 13px; color: #4338ca; margin: 0; }
.title:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
.close { border: 0; background: transparent; font-size: 18px; line-height: 1; cursor: pointer; color: #475569; padding: 2px 6px; border-radius: 6px; }
/* The suggestion gives up height first, so the title, the tones and the buttons stay in view. */
.card > .text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 10px; max-height: min(220px, 40vh); overflow-y: auto;
  flex: 0 1 auto; min-height: 3em; }
.card > .text:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
.muted { color: #475569; font-size: 13px; margin: 0 0 10px; overflow-wrap: anywhere; }
.tones { display: flex; flex-wrap: wrap; gap: 4px; margin: 0 0 10px; }
.tones button { border: 1px solid #cbd5e1; background: #fff; border-radius: 999px; padding: 2px 10px; font-size: 12px; cursor: pointer; color: #0f172a; }
.tones button[aria-pressed="true"] { background: #eef2ff; border-color: #4f46e5; color: #3730a3; font-weight: 600; }
.actions { display: flex; flex-wrap: wrap; gap: 8px; }
.actions button { border-radius: 8px; padding: 6px 12px; font-size: 13px; cursor: pointer; border: 1px solid #cbd5e1; background: #fff; color: #0f172a; }
.actions button.primary { background: #4f46e5; border-color: #4f46e5; color: #fff; }
${REMINDER_STYLE}
.copied { color: #475569; font-size: 13px; margin: 8px 0 0; }
/* What the icon, card and reminder button are placed from: at 0, 0 of the box fixed positions are
   measured in, as wide as it, no height. In a modal dialog a popover (decision 045): none of a
   popover's own looks, and no backdrop (the page's styles cannot reach one in this shadow root). */
.layer { position: fixed; inset: 0 0 auto 0; width: auto; height: 0; margin: 0; padding: 0; border: 0; background: none;
  overflow: visible; color: inherit; pointer-events: none; }
.layer::backdrop { display: none; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

/** The start of a suggestion, for a screen reader's announcement (the whole text is in the card). */
function firstWords(text: string, count = 12): string {
  const words = text.trim().split(/\s+/);
  return words.length <= count ? words.join(" ") : `${words.slice(0, count).join(" ")}…`;
}

function notReplacedText(copied: boolean, limit?: number): string {
  if (limit !== undefined) {
    const most = `This field takes at most ${groupDigits(limit)} characters`;
    return copied ? `${most}, so the suggestion was copied instead: shorten it as you paste it in.` : `${most}. Copy the suggestion and shorten it as you paste it in.`;
  }
  return copied ? "This page did not accept the text, so the suggestion was copied: paste it in." : "This page did not accept the text. Copy the suggestion and paste it in.";
}

const ICON_SVG = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M4 20l4-1 10-10-3-3L5 16l-1 4z"/><path d="M14 5l3 3"/></svg>`;

export interface Overlay {
  /** Shows the icon at this field's corner. */
  attach(field: HTMLElement): void;
  detach(): void;
  render(view: OverlayView): void;
  openCard(): void;
  /** Closes the card; focus goes back to the field unless `returnFocus` is false (it has gone elsewhere). */
  closeCard(returnFocus?: boolean): void;
  reposition(): void;
  readonly cardOpen: boolean;
  /** Whether an event's path goes through the overlay (focus moving into the card, clicks on it). */
  contains(event: Event): boolean;
  /** Copies text to the clipboard without ever putting it where the page's scripts can read it. */
  copy(text: string): Promise<boolean>;
  destroy(): void;
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, attrs: Record<string, string> = {}) {
  const node = Object.assign(doc.createElement(tag), props);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

export function createOverlay(doc: Document, handlers: OverlayHandlers): Overlay {
  const host = doc.createElement("tonewise-overlay");
  host.style.cssText = "all: initial; position: fixed; top: 0; left: 0; width: 0; height: 0; z-index: 2147483647; pointer-events: none;";
  const root = host.attachShadow({ mode: "closed" });
  root.append(el(doc, "style", { textContent: STYLE }));

  const icon = el(doc, "button", { type: "button", className: "icon" }, {
    "aria-haspopup": "dialog",
    "aria-expanded": "false",
    "aria-keyshortcuts": OPEN_SHORTCUT_LABEL,
    "data-state": "idle",
  });
  icon.innerHTML = ICON_SVG;
  const live = el(doc, "div", { className: "sr" }, { role: "status", "aria-live": "polite" });
  const card = el(doc, "div", { className: "card", hidden: true }, { role: "dialog", "aria-labelledby": "tw-title" });
  // After Replace: the way to the reminder for a mouse (the keyboard's is Alt+Shift+T, as for the card).
  const nudge = el(doc, "button", { type: "button", className: "nudge", textContent: REMIND_LABEL, title: `${REMIND_LABEL} (${OPEN_SHORTCUT_LABEL})` }, {
    "aria-keyshortcuts": OPEN_SHORTCUT_LABEL,
  });
  const layer = el(doc, "div", { className: "layer" });
  layer.append(icon, nudge, live, card);
  root.append(layer);

  let field: HTMLElement | null = null;
  let view: OverlayView = { kind: "idle" };
  let open = false;

  function iconState(v: OverlayView): string {
    switch (v.kind) {
      case "ready":
        return "ready";
      case "loading":
        return "loading";
      case "idle":
      case "replaced":
        return "idle";
      default:
        return "attention";
    }
  }

  function iconLabel(v: OverlayView): string {
    switch (v.kind) {
      case "ready":
        return `Tonewise: suggestion ready (${OPEN_SHORTCUT_LABEL})`;
      case "loading":
        return "Tonewise: writing a suggestion";
      case "not_connected":
        return "Tonewise: connect to get suggestions";
      case "quota":
        return "Tonewise: monthly limit reached";
      case "offline":
        return "Tonewise: offline";
      case "error":
      case "not_replaced":
        return "Tonewise: needs attention";
      case "replaced":
        return `Tonewise: replaced. Set a follow-up reminder (${OPEN_SHORTCUT_LABEL})`;
      default:
        return "Tonewise";
    }
  }

  /** What a screen reader hears when the field's state changes to this view (null: nothing). */
  function announce(v: OverlayView): string | null {
    switch (v.kind) {
      case "ready":
        // With the card open (another tone asked for from it), the new suggestion itself.
        return open ? `${TONE_NAMES[v.tone]} suggestion: ${firstWords(v.suggestion)}` : `Tonewise suggestion ready. Press ${OPEN_SHORTCUT_LABEL} to see it.`;
      case "loading":
        return open ? "Writing a suggestion…" : null;
      case "offline":
        return "Tonewise is offline: nothing was sent.";
      case "replaced":
        return `Replaced. Press ${OPEN_SHORTCUT_LABEL} to set a follow-up reminder.`;
      case "quota":
        return `Tonewise: monthly limit reached. Press ${OPEN_SHORTCUT_LABEL} for details.`;
      case "not_connected":
        return `Tonewise is not connected. Press ${OPEN_SHORTCUT_LABEL} to connect.`;
      case "error":
        return v.retry === false ? `Tonewise: ${v.message}` : `Tonewise: ${v.message} Press ${OPEN_SHORTCUT_LABEL} to retry.`;
      case "not_replaced":
        return notReplacedText(v.copied, v.limit);
      default:
        return null;
    }
  }

  function button(label: string, onClick: () => void, primary = false) {
    const b = el(doc, "button", { type: "button", textContent: label, className: primary ? "primary" : "" });
    b.addEventListener("click", onClick);
    return b;
  }

  /** The tone buttons, `current` pressed: another asks for a new suggestion in that tone. */
  function toneGroup(current: Tone | undefined) {
    const tones = el(doc, "div", { className: "tones" }, { role: "group", "aria-label": "Tone" });
    for (const tone of TONES) {
      const b = button(TONE_NAMES[tone], () => handlers.onTone(tone));
      b.setAttribute("aria-pressed", String(tone === current));
      tones.append(b);
    }
    return tones;
  }

  function renderCard() {
    card.replaceChildren();
    const head = el(doc, "div", { className: "head" });
    head.append(
      // Focusable by script only: where focus waits while nothing else in the card can take it.
      el(doc, "h2", { className: "title", id: "tw-title", textContent: "Tonewise", tabIndex: -1 }),
      (() => {
        const close = button("×", () => closeCard());
        close.className = "close";
        close.setAttribute("aria-label", "Close");
        return close;
      })(),
    );
    card.append(head);
    const actions = el(doc, "div", { className: "actions" });
    const muted = (text: string) => el(doc, "p", { className: "muted", textContent: text });

    switch (view.kind) {
      case "ready":
      case "not_replaced": {
        if (view.kind === "not_replaced") {
          card.append(muted(notReplacedText(view.copied, view.limit)));
        }
        // A long suggestion scrolls in its own box (reachable by keyboard), so the card's title,
        // tones and buttons stay in view.
        card.append(el(doc, "p", { className: "text", textContent: view.suggestion, tabIndex: 0 }));
        card.append(toneGroup(view.tone));
        const copied = el(doc, "p", { className: "copied", hidden: true });
        const copy = button("Copy", () => {
          void handlers.onCopy().then((ok) => {
            if (ok === null) return;
            copied.textContent = ok ? "Copied." : "Your browser did not allow the copy: select the suggestion and copy it.";
            copied.hidden = false;
            live.textContent = copied.textContent;
          });
        });
        actions.append(button("Replace", handlers.onReplace, true), copy);
        card.append(actions, copied);
        break;
      }
      case "loading":
        card.append(muted("Writing a suggestion…"));
        if (view.tone) card.append(toneGroup(view.tone));
        break;
      case "idle":
        card.append(muted("Keep typing: a suggestion appears when you pause."));
        break;
      case "not_connected":
        card.append(muted("Connect Tonewise to your account to get suggestions here."));
        actions.append(button("Connect Tonewise", handlers.onConnect, true));
        break;
      case "quota": {
        const { upgradeUrl } = view;
        // The server's words say it all: the limit, when it resets, and that Pro has none.
        card.append(muted(view.message));
        actions.append(button("Upgrade", () => handlers.onUpgrade(upgradeUrl), true));
        break;
      }
      case "error":
        card.append(muted(view.message));
        if (view.retry !== false) actions.append(button("Retry", handlers.onRetry, true));
        break;
      case "offline":
        card.append(muted("You're offline: nothing was sent. Suggestions come back when you're online."));
        break;
      case "replaced":
        renderReminder((tag, props, attrs) => el(doc, tag, props, attrs), card, actions, view.reminder, handlers);
        break;
    }
    if (actions.childElementCount > 0 && !actions.isConnected) card.append(actions);
    // What the card says (the suggestion, or why there is none) is read with its name when it
    // opens, not only by whoever goes looking for it.
    const body = card.querySelector(":scope > p, :scope > form > p");
    if (body) {
      body.id = "tw-body";
      card.setAttribute("aria-describedby", "tw-body");
    } else card.removeAttribute("aria-describedby");
  }

  /**
   * The part of the field the user can see: its box within the viewport and within every ancestor
   * that clips it (a scrolled list, a chat panel). Null when none of it is in view.
   */
  function visibleBox(target: HTMLElement, vw: number, vh: number) {
    const rect = target.getBoundingClientRect();
    let { top, left, bottom, right } = rect;
    top = Math.max(top, 0);
    left = Math.max(left, 0);
    bottom = Math.min(bottom, vh);
    right = Math.min(right, vw);
    for (const ancestor of clippingAncestors) {
      const clip = ancestor.getBoundingClientRect();
      top = Math.max(top, clip.top);
      left = Math.max(left, clip.left);
      bottom = Math.min(bottom, clip.bottom);
      right = Math.min(right, clip.right);
    }
    return bottom - top >= 8 && right - left >= 8 ? { top, left, bottom, right } : null;
  }

  function reposition() {
    if (!field) return;
    const view = doc.defaultView;
    const vw = view?.innerWidth ?? 0;
    const vh = view?.innerHeight ?? 0;
    const box = visibleBox(field, vw, vh);
    // Scrolled out of sight, the field's icon and card go too, and come back with it.
    icon.dataset.visible = String(box !== null);
    updateNudge();
    if (!box) {
      closeCard(false);
      return;
    }
    const size = 24;
    const left = Math.min(Math.max(box.right - size - 6, box.left, 4), vw - size - 4);
    const top = Math.min(Math.max(box.bottom - size - 6, box.top, 4), vh - size - 4);
    const below = top + size + 6;
    // Everything above is in the window's coordinates. Fixed positions are measured from the
    // window, unless an ancestor has a transform (a dialog centred with `translate(-50%, -50%)`,
    // where the top layer is missing): then from that ancestor's box, which the layer shows.
    const frame = layer.getBoundingClientRect();
    const place = (element: HTMLElement, x: number, y: number) => {
      element.style.left = `${x - frame.left}px`;
      element.style.top = `${y - frame.top}px`;
    };
    place(icon, left, top);
    // "Remind me to follow up" sits left of the icon, or under it when the field starts too near the
    // left edge (above it near the bottom); its right edge is placed, whatever its width. Its width
    // once shown; hidden it has none: the label's width at 12 px, with room to spare.
    const beside = left - 6 - 4 >= (nudge.offsetWidth || 180);
    nudge.style.right = `${frame.right - (beside ? left - 6 : Math.min(left + size, vw - 4))}px`;
    nudge.style.top = `${(beside ? top + 1 : below + 24 <= vh - 4 ? below : Math.max(4, top - 30)) - frame.top}px`;
    if (open) {
      const width = Math.min(360, vw - 16);
      const cardLeft = Math.max(8, Math.min(left + size - width, vw - width - 8));
      // Below the icon if it fits, else above; if neither, on the roomier side, scrolling inside
      // and never over the icon that opens and closes it.
      // Measured at its natural height; where it was scrolled to (a form being filled in) is kept.
      const scrolled = card.scrollTop;
      const suggestion = card.querySelector<HTMLElement>(".text");
      const suggestionScrolled = suggestion?.scrollTop ?? 0;
      card.style.maxHeight = "";
      const natural = card.offsetHeight || 200;
      const roomBelow = vh - 8 - below;
      const roomAbove = top - 6 - 8;
      if (natural <= roomBelow) place(card, cardLeft, below);
      else if (natural <= roomAbove) place(card, cardLeft, top - natural - 6);
      else if (roomBelow >= roomAbove) {
        place(card, cardLeft, below);
        card.style.maxHeight = `${Math.max(roomBelow, 80)}px`;
      } else {
        place(card, cardLeft, 8);
        card.style.maxHeight = `${Math.max(roomAbove, 80)}px`;
      }
      card.scrollTop = scrolled;
      if (suggestion) suggestion.scrollTop = suggestionScrolled;
    }
  }

  /**
   * The field's ancestors that clip what overflows them, found once per field. Above a fixed
   * element (a chat box pinned to the window) nothing clips it: the search stops there.
   */
  let clippingAncestors: HTMLElement[] = [];
  function findClippingAncestors(target: HTMLElement): HTMLElement[] {
    const found: HTMLElement[] = [];
    const view = doc.defaultView;
    // Absolutely positioned (the field or one of its ancestors), it escapes ancestors until the
    // next positioned one, its containing block: only that one can clip it.
    let escaping = false;
    for (let node: HTMLElement | null = target; node && node !== doc.body && node !== doc.documentElement; node = node.parentElement) {
      const style = view?.getComputedStyle(node);
      if (!style) break;
      const positioned = style.position !== "static";
      if (node !== target && (!escaping || positioned) && (style.overflowX !== "visible" || style.overflowY !== "visible")) found.push(node);
      if (style.position === "fixed") break;
      if (style.position === "absolute") escaping = true;
      else if (positioned) escaping = false;
    }
    return found;
  }

  function updateNudge() {
    nudge.dataset.visible = String(
      field !== null && icon.dataset.visible === "true" && !open && view.kind === "replaced" && view.reminder.step === "offer",
    );
  }

  function render(next: OverlayView) {
    const previous = view.kind;
    // A reminder just saved is said, though the view's kind ("replaced") stays the same.
    const savedNow =
      next.kind === "replaced" && next.reminder.step === "saved" && !(view.kind === "replaced" && view.reminder.step === "saved") ? next.reminder.message : null;
    const same = next === view;
    view = next;
    icon.dataset.state = iconState(view);
    icon.setAttribute("aria-label", iconLabel(view));
    // The same words as a tooltip: the shortcut is there for sighted keyboard users too.
    icon.title = iconLabel(view);
    const nudgeWasShown = nudge.dataset.visible === "true";
    updateNudge();
    if (!nudgeWasShown && nudge.dataset.visible === "true") reposition();
    const announcement = savedNow ?? (view.kind === previous && view.kind !== "offline" ? null : announce(view));
    if (announcement !== null) live.textContent = announcement;
    // The same view again (a status refresh) keeps the card as it is: a form being filled in keeps its focus and caret.
    if (open && !same) {
      const focused = root.activeElement instanceof HTMLButtonElement ? controlName(root.activeElement) : root.activeElement ? "" : null;
      renderCard();
      reposition();
      // Focus stays where it was (a tone button, say, to compare tones one after another), or
      // goes to the card's first action when that control is gone.
      // Not Close (every view has it: a keyboard user's next Enter would close the card), and
      // not when the new card asks for a field of its own (the reminder form's invalid field).
      if (focused !== null) {
        const sameControl =
          focused && focused !== "Close" && !card.querySelector("[data-autofocus]")
            ? [...card.querySelectorAll("button")].find((b) => controlName(b) === focused)
            : undefined;
        if (sameControl) sameControl.focus({ preventScroll: true });
        else focusFirst();
      }
    }
  }

  function controlName(b: HTMLButtonElement): string {
    return b.getAttribute("aria-label") ?? b.textContent ?? "";
  }

  function focusFirst() {
    // Never Close by default (a keyboard user's next Enter would close the card): while a
    // suggestion is written without tones to wait on, the title holds focus.
    const target =
      card.querySelector<HTMLElement>("[data-autofocus]") ??
      card.querySelector<HTMLButtonElement>(".actions button") ??
      card.querySelector<HTMLButtonElement>('.tones button[aria-pressed="true"]') ??
      card.querySelector<HTMLElement>("#tw-title");
    // The card opens at its top, scrolled only as far as the focused control needs to be seen
    // (a field low in a short card's form).
    card.scrollTop = 0;
    target?.focus({ preventScroll: true });
    if (target) {
      const below = target.getBoundingClientRect().bottom - card.getBoundingClientRect().bottom;
      if (below > 0) card.scrollTop = below + 8;
    }
  }

  function openCard() {
    if (!field) return;
    open = true;
    renderCard();
    card.hidden = false;
    icon.setAttribute("aria-expanded", "true");
    updateNudge();
    reposition();
    focusFirst();
  }

  function closeCard(returnFocus = true) {
    if (!open) return;
    open = false;
    card.hidden = true;
    icon.setAttribute("aria-expanded", "false");
    updateNudge();
    if (returnFocus) handlers.onClose();
  }

  icon.addEventListener("click", () => (open ? closeCard() : openCard()));
  nudge.addEventListener("click", () => handlers.onRemind());
  root.addEventListener("keydown", (event) => {
    const key = event as KeyboardEvent;
    if (key.key === "Escape") {
      // The card's Escape only: not also the page's (a modal dialog around the field closes on it).
      event.preventDefault();
      event.stopPropagation();
      closeCard();
      return;
    }
    // Tab past the card's last control, or Shift+Tab before its first, goes back to the field
    // (the card closes): the card belongs to the field, and the page's own order goes on from there.
    if (key.key === "Tab" && open) {
      const controls = tabbableInCard();
      const edge = key.shiftKey ? controls[0] : controls.at(-1);
      if (edge !== undefined && root.activeElement === edge) {
        event.preventDefault();
        event.stopPropagation();
        closeCard();
      }
    }
  });

  /** The card's controls in Tab order (a radio group's checked radio only). */
  function tabbableInCard(): HTMLElement[] {
    return [...card.querySelectorAll<HTMLElement>("button, input, select, textarea, [tabindex]")].filter(
      (control) =>
        control.tabIndex >= 0 &&
        !(control as HTMLButtonElement).disabled &&
        !(control instanceof HTMLInputElement && control.type === "radio" && !control.checked) &&
        control.getClientRects().length > 0,
    );
  }
  // Typing in the card (the reminder's label) is not the page's: its shortcuts (Gmail's "c", "r"…)
  // would otherwise see keys whose target is retargeted to the overlay's host, not a text field.
  for (const type of ["keydown", "keyup", "keypress"]) {
    root.addEventListener(type, (event) => {
      if (event.target instanceof Node && card.contains(event.target)) event.stopPropagation();
    });
  }

  /**
   * Puts the overlay into the page: at the end of the document, or inside the modal dialog that
   * holds the field (a compose window opened with showModal()), since the browser makes everything
   * outside a modal dialog inert: a card there could be neither focused nor read.
   */
  const mount = (near?: HTMLElement) => {
    if (!near) {
      if (!host.isConnected) doc.documentElement.append(host);
      return;
    }
    let parent: Element = doc.documentElement;
    try {
      parent = near.closest("dialog:modal") ?? parent;
    } catch {
      // A browser without :modal: the document.
    }
    if (host.parentNode !== parent) parent.append(host);
    onTopLayer(parent !== doc.documentElement);
  };

  /**
   * In a modal dialog the overlay's layer goes on the browser's top layer too (a manual popover, which
   * nothing but this script shows or hides): above the dialog, and not cut off by its box. A
   * dialog scrolls what overflows it, and one centred with a transform is the box fixed
   * positions are measured from, so a card below its field would be clipped. Shown again on each
   * field's arrival, the overlay goes above a dialog opened again since (the last shown is on top).
   */
  function onTopLayer(wanted: boolean) {
    if (typeof layer.showPopover !== "function") return;
    try {
      const shown = layer.matches(":popover-open");
      if (!wanted) {
        if (shown) layer.hidePopover();
        layer.removeAttribute("popover");
        return;
      }
      if (shown && open) return;
      if (shown) layer.hidePopover();
      layer.setAttribute("popover", "manual");
      layer.showPopover();
    } catch {
      // A browser that refuses (an older popover): the dialog's own layer, as without one.
    }
  }

  return {
    attach(next) {
      mount(next);
      if (field !== next) {
        closeCard(false);
        clippingAncestors = findClippingAncestors(next);
      }
      field = next;
      icon.dataset.visible = "true";
      updateNudge();
      reposition();
    },
    detach() {
      closeCard(false);
      field = null;
      icon.dataset.visible = "false";
      updateNudge();
    },
    render,
    openCard,
    closeCard,
    reposition,
    get cardOpen() {
      return open;
    },
    contains(event) {
      return event.composedPath().includes(host);
    },
    copy(text) {
      // Its hidden field lives in the card's root, which must be in the document to copy from.
      mount();
      return copyToClipboard(text, doc, root);
    },
    destroy() {
      host.remove();
    },
  };
}
