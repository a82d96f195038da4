// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { localInputValue, reminderChoices } from "../../extension/lib/follow-up-time";
import { draftDueAt, type ReminderDraft, type ReminderHandlers, type ReminderStep, renderReminder } from "../../extension/lib/reminder-card";

const ZONE = "America/New_York";
const NOW = new Date("2026-11-25T19:30:00Z"); // Wed 14:30 in New York

function draft(extra: Partial<ReminderDraft> = {}): ReminderDraft {
  const choices = reminderChoices(NOW, ZONE);
  return { timeZone: ZONE, zoneNote: null, now: NOW, choices, choice: "suggested", custom: localInputValue(choices[0]!.at, ZONE), label: "Maria Alvarez — demo recap", requestId: "0b7e3c1a-5d2f-4e8a-9b6c-1d2e3f4a5b6c", ...extra };
}

function handlers() {
  return {
    onRemind: vi.fn<() => void>(),
    onSaveReminder: vi.fn<(draft: ReminderDraft) => void>(),
    onCancelReminder: vi.fn<() => void>(),
    onDone: vi.fn<() => void>(),
  } satisfies ReminderHandlers;
}

let card: HTMLElement;
let actions: HTMLElement;

function render(step: ReminderStep, h: ReminderHandlers) {
  card.replaceChildren();
  actions.replaceChildren();
  renderReminder((tag, props = {}, attrs = {}) => {
    const node = Object.assign(document.createElement(tag), props);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    return node;
  }, card, actions, step, h);
  card.append(actions);
}

const text = (node: Element) => (node.textContent ?? "").replace(/\s+/g, " ").trim();
const buttons = () => [...card.querySelectorAll("button")].map(text);
const choiceRows = () => [...card.querySelectorAll("label.choice")].map(text);
const radio = (start: string) => [...card.querySelectorAll("label.choice")].find((row) => text(row).startsWith(start))!.querySelector("input")!;
const labelInput = () => card.querySelector<HTMLInputElement>('.labelfield input')!;
const customInput = () => card.querySelector<HTMLInputElement>('input[type="datetime-local"]')!;
const save = () => [...card.querySelectorAll("button")].find((b) => b.type === "submit")!;
const autofocused = () => card.querySelector("[data-autofocus]");

beforeEach(() => {
  document.body.innerHTML = "";
  card = document.createElement("div");
  actions = document.createElement("div");
  document.body.append(card);
});

describe("after Replace", () => {
  it("offers a reminder, focused first", () => {
    const h = handlers();
    render({ step: "offer" }, h);
    expect(buttons()).toEqual(["Remind me to follow up"]);
    expect(text(autofocused()!)).toBe("Remind me to follow up");
    card.querySelector("button")!.click();
    expect(h.onRemind).toHaveBeenCalledOnce();
  });
});

describe("the reminder form", () => {
  it("shows each choice with the time it means, the suggested one chosen and focused", () => {
    render({ step: "form", draft: draft(), saving: false, error: null }, handlers());
    expect(card.querySelector("legend")?.textContent).toBe("Remind me to follow up");
    expect(choiceRows()).toEqual([
      "Suggested: in 2 business days Fri 9:00 AM",
      "Tomorrow morning Thu 9:00 AM",
      "In 3 business days Mon 9:00 AM",
      "In a week Wed, Dec 2, 9:00 AM",
      "Choose a date and time Fri 9:00 AM",
    ]);
    expect(radio("Suggested").checked).toBe(true);
    expect(autofocused()).toBe(radio("Suggested"));
    expect(labelInput().value).toBe("Maria Alvarez — demo recap");
    expect(labelInput().maxLength).toBe(120);
    expect(customInput().getAttribute("aria-label")).toBe("Date and time");
    expect(buttons()).toEqual(["Save reminder", "Cancel"]);
  });

  it("saves the choice picked, with the label as edited", () => {
    const h = handlers();
    const d = draft();
    render({ step: "form", draft: d, saving: false, error: null }, h);
    radio("In a week").click();
    labelInput().value = "Demo recap with Maria";
    labelInput().dispatchEvent(new Event("input", { bubbles: true }));
    save().click();
    expect(h.onSaveReminder).toHaveBeenCalledOnce();
    const saved = h.onSaveReminder.mock.calls[0]![0];
    expect(saved.label).toBe("Demo recap with Maria");
    expect(draftDueAt(saved)?.toISOString()).toBe("2026-12-02T14:00:00.000Z");
  });

  it("a date and time typed in chooses it and shows when that is, in the account's zone", () => {
    const h = handlers();
    render({ step: "form", draft: draft(), saving: false, error: null }, h);
    customInput().value = "2026-11-26T16:45";
    customInput().dispatchEvent(new Event("input", { bubbles: true }));
    expect(radio("Choose a date and time").checked).toBe(true);
    expect(radio("Suggested").checked).toBe(false);
    expect(text(radio("Choose a date and time").closest("label")!)).toBe("Choose a date and time Thu 4:45 PM");
    save().click();
    expect(draftDueAt(h.onSaveReminder.mock.calls[0]![0])?.toISOString()).toBe("2026-11-26T21:45:00.000Z");
  });

  it("limits the date and time to now … a year ahead, on the account's wall clock", () => {
    render({ step: "form", draft: draft(), saving: false, error: null }, handlers());
    expect(customInput().min).toBe("2026-11-25T14:30");
    expect(customInput().max).toBe("2027-11-25T14:30");
  });

  it("says which zone the times are in when it is not the browser's", () => {
    render({ step: "form", draft: draft({ zoneNote: ZONE }), saving: false, error: null }, handlers());
    expect(text(card)).toContain("Times are in America/New_York.");
  });

  it("shows an error on the field it is about, focused", () => {
    render({ step: "form", draft: draft({ label: "" }), saving: false, error: { message: "Give the reminder a label.", field: "label" } }, handlers());
    const alert = card.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe("Give the reminder a label.");
    expect(labelInput().getAttribute("aria-invalid")).toBe("true");
    expect(labelInput().getAttribute("aria-describedby")).toBe(alert.id);
    expect(autofocused()).toBe(labelInput());
  });

  it("while saving, says so and does not send twice", () => {
    const h = handlers();
    render({ step: "form", draft: draft(), saving: true, error: null }, h);
    expect(save().textContent).toBe("Saving…");
    expect(save().getAttribute("aria-disabled")).toBe("true");
    expect(autofocused()).toBe(save());
    save().click();
    expect(h.onSaveReminder).not.toHaveBeenCalled();
  });

  it("Cancel goes back", () => {
    const h = handlers();
    render({ step: "form", draft: draft(), saving: false, error: null }, h);
    [...card.querySelectorAll("button")].find((b) => b.textContent === "Cancel")!.click();
    expect(h.onCancelReminder).toHaveBeenCalledOnce();
    expect(h.onSaveReminder).not.toHaveBeenCalled();
  });
});

describe("once saved", () => {
  it("says when it will ring, and Done closes", () => {
    const h = handlers();
    render({ step: "saved", message: "Reminder set for Fri 9:00 AM" }, h);
    expect(card.querySelector('[role="status"]')?.textContent).toBe("Reminder set for Fri 9:00 AM");
    expect(buttons()).toEqual(["Done"]);
    card.querySelector("button")!.click();
    expect(h.onDone).toHaveBeenCalledOnce();
  });
});
