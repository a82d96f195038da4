/**
 * The extension's icon and card live in a closed shadow root (extension/lib/overlay.ts), which
 * Playwright's locators do not enter. The DevTools protocol does: this reads the overlay through
 * `DOM.getDocument({ pierce: true })` and clicks its buttons, choices and fields with the real mouse, at
 * their boxes.
 */
import { type CDPSession, expect, type Page } from "@playwright/test";

type DomNode = { nodeName: string; backendNodeId: number; children?: DomNode[]; shadowRoots?: DomNode[]; contentDocument?: DomNode };

export interface OverlaySnapshot {
  iconVisible: boolean;
  /** idle, loading, ready or attention. */
  iconState: string;
  cardOpen: boolean;
  suggestion: string | null;
  pressedTone: string | null;
  buttons: string[];
  notes: string[];
  /** The "Remind me to follow up" button beside the icon (after Replace), shown or not. */
  nudge: boolean;
  /** The reminder form's choices as they read ("Tomorrow morning Thu 9:00 AM"), the chosen one, its label and its messages. */
  choices: string[];
  chosen: string | null;
  label: string | null;
  alert: string | null;
  saved: string | null;
  /** The focused control of the overlay (its label; a field's, the text of the label around it), or null. */
  focused: string | null;
  /** Where the icon is on the screen (window coordinates), or null when it is not shown. */
  iconBox: ScreenBox | null;
  /** What the overlay's live region last said. */
  announced: string;
  /** The open card's description (what aria-describedby points at), as a screen reader reads it with the card's name. */
  described: string | null;
  /** The open card's geometry: its scroll offset, whether anything overflows it sideways, whether its title and first action are in its visible box, and whether the suggestion scrolls in its own box. */
  layout: {
    scrollTop: number;
    overflowsSideways: boolean;
    titleInView: boolean;
    firstActionInView: boolean;
    suggestionScrolls: boolean;
    /** Where the card is on the screen (window coordinates). */
    box: ScreenBox;
    /** Whether the card lies over the icon that opens and closes it. */
    coversIcon: boolean;
    /** The suggestion's computed letter-spacing (the page's styles must not reach it). */
    letterSpacing: string | null;
  } | null;
}

export interface ScreenBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const GROUP = "tonewise-e2e";

function findHost(node: DomNode): DomNode | undefined {
  if (node.nodeName === "TONEWISE-OVERLAY") return node;
  for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? []), ...(node.contentDocument ? [node.contentDocument] : [])]) {
    const found = findHost(child);
    if (found) return found;
  }
  return undefined;
}

const SNAPSHOT = `function () {
  const read = (node) => (node ? node.textContent.replace(/\\s+/g, " ").trim() : "");
  const icon = this.querySelector(".icon");
  const nudge = this.querySelector(".nudge");
  const card = this.querySelector(".card");
  const open = !!card && !card.hidden;
  const checked = open ? card.querySelector('input[type="radio"]:checked') : null;
  const labelInput = open ? card.querySelector(".labelfield input") : null;
  const alert = open ? card.querySelector('[role="alert"]') : null;
  const saved = open ? card.querySelector(".saved") : null;
  const text = card && !card.hidden ? card.querySelector(".text") : null;
  const pressed = card && !card.hidden ? card.querySelector('.tones button[aria-pressed="true"]') : null;
  return {
    iconVisible: !!icon && icon.dataset.visible === "true",
    iconState: icon ? icon.dataset.state : "",
    cardOpen: !!card && !card.hidden,
    suggestion: text ? text.textContent : null,
    pressedTone: pressed ? pressed.textContent : null,
    buttons: card && !card.hidden ? Array.from(card.querySelectorAll("button"), (b) => b.getAttribute("aria-label") || b.textContent) : [],
    notes: card && !card.hidden ? Array.from(card.querySelectorAll(".muted"), (p) => p.textContent) : [],
    nudge: !!nudge && nudge.dataset.visible === "true",
    choices: open ? Array.from(card.querySelectorAll("label.choice"), read) : [],
    chosen: open && checked ? read(checked.closest("label")) : null,
    label: open && labelInput ? labelInput.value : null,
    alert: open && alert ? alert.textContent : null,
    saved: open && saved ? saved.textContent : null,
    focused: this.activeElement
      ? this.activeElement.getAttribute("aria-label") || (this.activeElement.tagName === "INPUT" ? read(this.activeElement.closest("label")) : this.activeElement.textContent)
      : null,
    iconBox: icon && icon.dataset.visible === "true" ? (({ left, top, right, bottom }) => ({ left, top, right, bottom }))(icon.getBoundingClientRect()) : null,
    announced: (this.querySelector('[role="status"]') || { textContent: "" }).textContent,
    described: open && card.getAttribute("aria-describedby") ? (this.getElementById(card.getAttribute("aria-describedby")) ? read(this.getElementById(card.getAttribute("aria-describedby"))) : null) : null,
    layout: open ? (() => {
      const box = card.getBoundingClientRect();
      const inView = (node) => { if (!node) return false; const r = node.getBoundingClientRect(); return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; };
      const wide = [card, ...card.querySelectorAll("*")].some((node) => node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== "visible");
      return {
        scrollTop: card.scrollTop,
        box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
        overflowsSideways: wide || card.scrollWidth > card.clientWidth + 1,
        titleInView: inView(card.querySelector(".title")),
        firstActionInView: inView(card.querySelector(".actions button")),
        suggestionScrolls: !!text && text.scrollHeight > text.clientHeight + 1,
        coversIcon: (() => { const i = icon.getBoundingClientRect(); return i.left < box.right && i.right > box.left && i.top < box.bottom && i.bottom > box.top; })(),
        letterSpacing: text ? getComputedStyle(text).letterSpacing : null,
      };
    })() : null,
  };
}`;

/**
 * The overlay's element named `target`: "icon", a button of the card or the one beside the icon
 * (its label), a choice of the reminder form (the start of its text), or a field (its aria-label
 * or the text of its label).
 */
const FIND = `function find(root, target) {
  const read = (node) => node.textContent.replace(/\\s+/g, " ").trim();
  const card = root.querySelector(".card");
  if (target === "icon") return root.querySelector(".icon");
  const nudge = root.querySelector('.nudge[data-visible="true"]');
  const buttons = [...(card.hidden ? [] : card.querySelectorAll("button")), ...(nudge ? [nudge] : [])];
  const button = buttons.find((b) => (b.getAttribute("aria-label") || b.textContent) === target);
  if (button) return button;
  if (card.hidden) return null;
  const choice = Array.from(card.querySelectorAll("label.choice")).find((label) => read(label).startsWith(target));
  if (choice) return choice.querySelector("input");
  const field = Array.from(card.querySelectorAll("input")).find((input) => input.getAttribute("aria-label") === target || (input.closest("label") && input.type !== "radio" && read(input.closest("label")) === target));
  return field || null;
}`;

const BOX = `function (target) {
  const el = (${FIND})(this, target);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
}`;

/** Sets a field's value and fires `input` and `change`, as Playwright's fill does (for date and time fields, whose typing is locale-bound). */
const FILL = `function (target, value) {
  const el = (${FIND})(this, target);
  if (!el) return false;
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
  if (el.value === value) return true;
  // A date or time field keeps its value in the shortest form: "…T15:04:00" reads back "…T15:04".
  const probe = document.createElement("input");
  probe.type = el.type;
  probe.value = value;
  return probe.value !== "" && probe.value === el.value;
}`;

export class Overlay {
  private readonly page: Page;
  private readonly cdp: CDPSession;

  private constructor(page: Page, cdp: CDPSession) {
    this.page = page;
    this.cdp = cdp;
  }

  static async on(page: Page): Promise<Overlay> {
    return new Overlay(page, await page.context().newCDPSession(page));
  }

  private async call<T>(functionDeclaration: string, args: unknown[] = []): Promise<T | null> {
    const { root } = (await this.cdp.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: DomNode };
    const shadow = findHost(root)?.shadowRoots?.[0];
    if (!shadow) return null;
    try {
      const { object } = await this.cdp.send("DOM.resolveNode", { backendNodeId: shadow.backendNodeId, objectGroup: GROUP });
      const { result } = await this.cdp.send("Runtime.callFunctionOn", {
        objectId: object.objectId,
        functionDeclaration,
        arguments: args.map((value) => ({ value })),
        returnByValue: true,
      });
      return (result.value ?? null) as T | null;
    } finally {
      await this.cdp.send("Runtime.releaseObjectGroup", { objectGroup: GROUP });
    }
  }

  async snapshot(): Promise<OverlaySnapshot | null> {
    return this.call<OverlaySnapshot>(SNAPSHOT);
  }

  /** Clicks the icon ("icon"), a button, a reminder choice or a field of the overlay (see FIND), where it is on screen. */
  async click(target: string): Promise<void> {
    const point = await this.call<{ x: number; y: number }>(BOX, [target]);
    if (!point) throw new Error(`The overlay shows no "${target}" to click.`);
    await this.page.mouse.click(point.x, point.y);
  }

  /**
   * Types `text` into the page's "Message" field as the user does, waits for the icon to say a
   * suggestion is ready, opens the card, and answers the suggestion it shows.
   */
  async suggestionFor(text: string): Promise<string> {
    await this.page.getByLabel("Message").click();
    await this.page.keyboard.type(text);
    await expect.poll(async () => (await this.snapshot())?.iconState).toBe("ready");
    await this.click("icon");
    await expect.poll(async () => (await this.snapshot())?.suggestion ?? null).not.toBeNull();
    return (await this.snapshot())!.suggestion!;
  }

  /** Fills a field of the card (see FIND) the way Playwright's fill does. */
  async fill(target: string, value: string): Promise<void> {
    if (!(await this.call<boolean>(FILL, [target, value]))) throw new Error(`The overlay's "${target}" did not take "${value}".`);
  }
}
