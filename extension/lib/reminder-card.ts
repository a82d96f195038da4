/**
 * The card's follow-up part, shown after Replace: "Remind me to follow up", the times on offer
 * (each with the time it means), a chosen date and time, the label, Save. It edits a draft the
 * content script made (lib/follow-up-time.ts, lib/follow-up-label.ts) and hands it back on Save.
 */
import { type ChoiceId, formatDue, instantFromLocalInput, localInputValue, MAX_DAYS_AHEAD, type ReminderChoice } from "./follow-up-time";
import { MAX_LABEL_LENGTH } from "./follow-up-label";

export interface ReminderDraft {
  timeZone: string;
  /** The zone's name when it is not the browser's own (the times are the account's). */
  zoneNote: string | null;
  now: Date;
  choices: ReminderChoice[];
  choice: ChoiceId;
  /** The `datetime-local` value for "Choose a date and time", on the zone's wall clock. */
  custom: string;
  label: string;
  /**
   * This form's one-time id, sent with every Save from it (the API's `Idempotency-Key`): a save
   * whose answer was lost and is sent again is the reminder already made, never a second one.
   */
  requestId: string;
}

export type ReminderStep =
  | { step: "offer" }
  | { step: "form"; draft: ReminderDraft; saving: boolean; error: { message: string; field?: "label" | "dueAt" } | null }
  | { step: "saved"; message: string };

export interface ReminderHandlers {
  onRemind(): void;
  onSaveReminder(draft: ReminderDraft): void;
  onCancelReminder(): void;
  onDone(): void;
}

export const REMIND_LABEL = "Remind me to follow up";
export const CUSTOM_LABEL = "Choose a date and time";

export const REMINDER_STYLE = `
.remind fieldset { border: 0; margin: 0 0 8px; padding: 0; min-inline-size: 0; }
.remind legend { font-weight: 600; font-size: 13px; margin: 0 0 4px; padding: 0; }
.choice { display: flex; flex-wrap: wrap; align-items: center; gap: 0 6px; padding: 2px 0; font-size: 13px; cursor: pointer; }
.choice .when { margin-left: auto; color: #475569; font-variant-numeric: tabular-nums; }
.remind input[type="radio"] { margin: 0; accent-color: #4f46e5; }
.remind input[type="datetime-local"], .remind input[type="text"] { font: inherit; font-size: 13px; color: #0f172a; background: #fff;
  border: 1px solid #64748b; border-radius: 6px; padding: 3px 6px; width: 100%; }
.remind input.custom { margin: 2px 0 0 22px; width: calc(100% - 22px); }
.remind .labelfield { display: flex; flex-direction: column; gap: 2px; font-size: 13px; font-weight: 600; margin: 0 0 10px; }
.remind .labelfield input { font-weight: 400; }
.remind input:focus-visible { outline: 2px solid #4f46e5; outline-offset: 1px; }
.remind [aria-invalid="true"] { border-color: #b91c1c; }
.alert { color: #b91c1c; font-size: 13px; margin: 0 0 10px; }
.saved { color: #166534; font-size: 13px; margin: 0 0 10px; }
.nudge { position: fixed; display: none; border: 1px solid #c7d2fe; background: #fff; color: #3730a3; border-radius: 999px;
  padding: 2px 10px; font-size: 12px; line-height: 18px; white-space: nowrap; cursor: pointer; box-shadow: 0 1px 3px rgba(15,23,42,.2); pointer-events: auto; }
.nudge[data-visible="true"] { display: block; }
.nudge:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
`;

type Make = <K extends keyof HTMLElementTagNameMap>(tag: K, props?: Partial<HTMLElementTagNameMap[K]>, attrs?: Record<string, string>) => HTMLElementTagNameMap[K];

/** The chosen time of a draft, or null when "Choose a date and time" holds no time. */
export function draftDueAt(draft: ReminderDraft): Date | null {
  if (draft.choice === "custom") return instantFromLocalInput(draft.custom, draft.timeZone);
  return draft.choices.find((choice) => choice.id === draft.choice)?.at ?? null;
}

/**
 * Appends the reminder step to the card (its buttons to `actions`). The element to focus when the
 * step appears carries `data-autofocus`.
 */
export function renderReminder(make: Make, card: HTMLElement, actions: HTMLElement, state: ReminderStep, handlers: ReminderHandlers): void {
  const button = (label: string, onClick: () => void, primary = false) => {
    const b = make("button", { type: "button", textContent: label, className: primary ? "primary" : "" });
    b.addEventListener("click", onClick);
    return b;
  };

  if (state.step === "offer") {
    card.append(make("p", { className: "muted", textContent: "Replaced. Want a nudge to follow up if there's no answer?" }));
    const remind = button(REMIND_LABEL, handlers.onRemind, true);
    remind.dataset.autofocus = "true";
    actions.append(remind);
    return;
  }

  if (state.step === "saved") {
    card.append(make("p", { className: "saved", textContent: state.message }, { role: "status" }));
    const done = button("Done", handlers.onDone, true);
    done.dataset.autofocus = "true";
    actions.append(done);
    return;
  }

  const { draft, saving, error } = state;
  const form = make("form", { className: "remind", noValidate: true });
  const fieldset = make("fieldset");
  fieldset.append(make("legend", { textContent: REMIND_LABEL }));

  const customWhen = make("span", { className: "when" });
  const showCustomWhen = () => {
    const at = instantFromLocalInput(draft.custom, draft.timeZone);
    customWhen.textContent = at ? formatDue(at, draft.timeZone, draft.now) : "";
  };
  const radios: HTMLInputElement[] = [];
  const option = (id: ChoiceId, label: string, when: HTMLElement) => {
    const radio = make("input", { type: "radio", name: "tw-when", value: id, checked: draft.choice === id });
    radio.addEventListener("change", () => {
      if (radio.checked) draft.choice = id;
    });
    radios.push(radio);
    const row = make("label", { className: "choice" });
    // Spaces between the parts: the radio's accessible name reads "Tomorrow morning Thu 9:00 AM".
    row.append(radio, " ", make("span", { textContent: label }), " ", when);
    return row;
  };
  for (const choice of draft.choices) {
    fieldset.append(option(choice.id, choice.label, make("span", { className: "when", textContent: formatDue(choice.at, draft.timeZone, draft.now) })));
  }
  fieldset.append(option("custom", CUSTOM_LABEL, customWhen));

  const custom = make("input", { type: "datetime-local", className: "custom", value: draft.custom }, {
    "aria-label": "Date and time",
    min: localInputValue(draft.now, draft.timeZone),
    max: localInputValue(new Date(draft.now.getTime() + MAX_DAYS_AHEAD * 86_400_000), draft.timeZone),
  });
  const chooseCustom = () => {
    draft.choice = "custom";
    for (const radio of radios) radio.checked = radio.value === "custom";
  };
  // A click into the date field chooses it; only reaching it with Tab does not (on the way to the
  // label, it would silently trade the chosen time for the field's default). Typing a date does.
  custom.addEventListener("pointerdown", chooseCustom);
  custom.addEventListener("input", () => {
    draft.custom = custom.value;
    chooseCustom();
    showCustomWhen();
  });
  showCustomWhen();
  fieldset.append(custom);
  if (draft.zoneNote) fieldset.append(make("p", { className: "muted", textContent: `Times are in ${draft.zoneNote}.` }));
  form.append(fieldset);

  const labelInput = make("input", { type: "text", value: draft.label, maxLength: MAX_LABEL_LENGTH, autocomplete: "off" }, { spellcheck: "false" });
  labelInput.addEventListener("input", () => {
    draft.label = labelInput.value;
  });
  const labelField = make("label", { className: "labelfield" });
  labelField.append(make("span", { textContent: "Label" }), labelInput);
  form.append(labelField);

  let focus: HTMLElement = radios.find((radio) => radio.checked) ?? radios[0]!;
  if (error) {
    const alert = make("p", { className: "alert", textContent: error.message, id: "tw-reminder-error" }, { role: "alert" });
    form.append(alert);
    const invalid = error.field === "label" ? labelInput : error.field === "dueAt" ? custom : null;
    if (invalid) {
      invalid.setAttribute("aria-invalid", "true");
      invalid.setAttribute("aria-describedby", alert.id);
      focus = invalid;
    }
  }

  const save = make("button", { type: "submit", textContent: saving ? "Saving…" : "Save reminder", className: "primary" });
  if (saving) {
    // Not `disabled`: focus stays on the button while the request runs.
    save.setAttribute("aria-disabled", "true");
    focus = save;
  } else if (error && !error.field) {
    focus = save;
  }
  const cancel = button("Cancel", handlers.onCancelReminder);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!saving) handlers.onSaveReminder(draft);
  });
  const formActions = make("div", { className: "actions" });
  formActions.append(save, cancel);
  form.append(formActions);
  focus.dataset.autofocus = "true";
  card.append(form);
}
