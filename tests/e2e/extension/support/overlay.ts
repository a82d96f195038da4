/**
 * The extension's icon and card live in a closed shadow root (extension/lib/overlay.ts), which
 * Playwright's locators do not enter. The DevTools protocol does: this reads the overlay through
 * `DOM.getDocument({ pierce: true })` and clicks its buttons with the real mouse, at their boxes.
 */
import type { CDPSession, Page } from "@playwright/test";

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
  const icon = this.querySelector(".icon");
  const card = this.querySelector(".card");
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
  };
}`;

const BOX = `function (target) {
  const icon = this.querySelector(".icon");
  const card = this.querySelector(".card");
  const el = target === "icon" ? icon : Array.from(card.querySelectorAll("button")).find((b) => (b.getAttribute("aria-label") || b.textContent) === target);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
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

  /** Clicks the icon ("icon") or the card's button with this label, where it is on screen. */
  async click(target: string): Promise<void> {
    const point = await this.call<{ x: number; y: number }>(BOX, [target]);
    if (!point) throw new Error(`The overlay shows no "${target}" to click.`);
    await this.page.mouse.click(point.x, point.y);
  }
}
