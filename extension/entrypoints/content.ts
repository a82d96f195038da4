import { browser } from "wxt/browser";
import type { ContentScriptContext } from "wxt/utils/content-script-context";
import { defineContentScript } from "wxt/utils/define-content-script";
import type { Tone } from "../lib/api";
import { APP_URL } from "../lib/config";
import { deepActiveElement, detectField, type EditableField, readFieldText, readsAsMessage } from "../lib/fields";
import { followUpLabel, followUpUrl } from "../lib/follow-up-label";
import { browserTimeZone, dueAtProblem, formatDue, localInputValue, reminderChoices } from "../lib/follow-up-time";
import { type ExtensionStatus, isStatusChanged, type SuggestFailure, type SuggestResult } from "../lib/messages";
import { canReachApp } from "../lib/network";
import { createOverlay, type OverlayView } from "../lib/overlay";
import { createPauseScheduler, type PauseScheduler } from "../lib/pause";
import type { ReminderDraft, ReminderStep } from "../lib/reminder-card";
import { draftDueAt } from "../lib/reminder-card";
import { randomId } from "../lib/random-id";
import { replaceFieldText } from "../lib/replace";
import { send } from "../lib/runtime";
import { SentMessageWatch } from "../lib/sent-message-watch";

/** One message being written in one field. */
interface FieldSession {
  /** Random id for the field's current message: suggestions for one draft count once. */
  draftId: string;
  tone: Tone | undefined;
  scheduler: PauseScheduler;
  view: OverlayView;
  /** The text last sent for a suggestion: Replace compares the field with it, to tell whether the user typed on since. */
  lastRequestedText: string;
}

/** How often a waiting suggestion checks that its message is still in the field. */
const SENT_CHECK_MS = 1_000;

/** How long after the user's own keystroke, paste, drop or dictation a change of the field counts as theirs. */
const USER_EDIT_MS = 5_000;

class AbortedError extends Error {}

/** The service worker gave no answer to a suggestion request. */
class NoAnswerError extends Error {}

export default defineContentScript({
  matches: ["<all_urls>"],
  allFrames: true,
  // Editors that are the body of a frame with no address of their own (about:blank, about:srcdoc:
  // TinyMCE, CKEditor 4, many webmail and CRM composers) get the script too, judged by the site
  // that made them (lib/message-senders.ts).
  matchAboutBlank: true,
  matchOriginAsFallback: true,
  // When the page's HTML is parsed, before its images and its load event (decision 044).
  runAt: "document_end",
  main(ctx: ContentScriptContext) {
    const sessions = new WeakMap<EditableField, FieldSession>();
    let active: EditableField | null = null;
    let status: ExtensionStatus | null = null;

    const overlay = createOverlay(document, {
      onTone(tone) {
        const session = active && sessions.get(active);
        if (!session || !active) return;
        session.tone = tone;
        session.scheduler.requestNow(readFieldText(active));
      },
      onReplace() {
        void replaceActive();
      },
      onCopy() {
        const session = active && sessions.get(active);
        const offered = session && offeredSuggestion(session.view);
        return offered ? overlay.copy(offered.suggestion) : Promise.resolve(null);
      },
      onRetry() {
        const session = active && sessions.get(active);
        if (session && active) session.scheduler.requestNow(readFieldText(active));
      },
      onConnect() {
        void send({ type: "connect" });
      },
      onUpgrade(url) {
        const path = new URL(url).pathname;
        void send({ type: "openApp", path });
      },
      onClose() {
        active?.focus({ preventScroll: true });
      },
      onRemind() {
        const field = active;
        const session = field && sessions.get(field);
        if (!field || !session || session.view.kind !== "replaced") return;
        const now = new Date();
        const timeZone = status?.timeZone ?? browserTimeZone();
        const choices = reminderChoices(now, timeZone);
        const draft: ReminderDraft = {
          timeZone,
          zoneNote: timeZone === browserTimeZone() ? null : timeZone,
          now,
          choices,
          choice: "suggested",
          custom: localInputValue(choices[0]!.at, timeZone),
          label: followUpLabel(document, location.hostname, field),
          requestId: randomId(),
        };
        setReminder(field, { step: "form", draft, saving: false, error: null });
        overlay.openCard();
      },
      onSaveReminder(draft) {
        if (active) void saveReminder(active, draft);
      },
      onCancelReminder() {
        if (active) setReminder(active, { step: "offer" });
        overlay.closeCard();
      },
      onDone() {
        overlay.closeCard();
        if (active) setView(active, { kind: "idle" });
      },
    });
    ctx.onInvalidated(() => overlay.destroy());

    /**
     * While a suggestion waits in the active field, its message is checked now and then: a page that
     * sent it and emptied the field by script tells nobody. No timer runs otherwise.
     */
    const sentMessageWatch = new SentMessageWatch(
      () => {
        const field = active;
        const session = field && sessions.get(field);
        if (!field || !session) return;
        if (!field.isConnected) {
          // The page took the field away (a re-render, a closed composer) without moving the focus.
          overlay.closeCard(false);
          releaseActiveField();
          return;
        }
        if (messageGone(readFieldText(field))) dropSentMessage(field, session);
      },
      SENT_CHECK_MS,
      { set: (run, everyMs) => ctx.setInterval(run, everyMs), clear: (id) => clearInterval(id) },
    );
    function watchForSentMessage() {
      const session = active ? sessions.get(active) : undefined;
      sentMessageWatch.update(enabled() && session !== undefined && offeredSuggestion(session.view) !== null);
    }

    /** No field in use any more: the icon goes, and so does the check for a sent message. */
    function releaseActiveField() {
      active = null;
      overlay.detach();
      watchForSentMessage();
    }

    function setView(field: EditableField, view: OverlayView) {
      const session = sessions.get(field);
      if (!session) return;
      // At rest without a connection the field asks to connect: a new message (the first key in an
      // empty field starts one) must not leave it saying "keep typing" to someone who cannot get a suggestion.
      session.view = view.kind === "idle" && status?.connected === false ? { kind: "not_connected" } : view;
      if (field === active) overlay.render(session.view);
      watchForSentMessage();
    }

    function setReminder(field: EditableField, reminder: ReminderStep) {
      setView(field, { kind: "replaced", reminder });
    }

    /** Save: label, link and time go to the service worker (never the message); the card says when it will ring. */
    async function saveReminder(field: EditableField, draft: ReminderDraft) {
      const session = sessions.get(field);
      if (!session || session.view.kind !== "replaced" || session.view.reminder.step !== "form" || session.view.reminder.saving) return;
      const now = new Date();
      const dueAt = draftDueAt(draft);
      const label = draft.label.replace(/\s+/g, " ").trim();
      const timeProblem = dueAtProblem(dueAt, now);
      if (label === "" || timeProblem || !dueAt) {
        const error = label === "" ? { message: "Give the reminder a label.", field: "label" as const } : { message: timeProblem ?? "Choose a date and time.", field: "dueAt" as const };
        setReminder(field, { step: "form", draft, saving: false, error });
        return;
      }
      setReminder(field, { step: "form", draft, saving: true, error: null });
      const result = await send({ type: "createFollowUp", label, url: followUpUrl(location.href), dueAt: dueAt.toISOString(), requestId: draft.requestId });
      const current = sessions.get(field)?.view;
      // The user moved on (typed a new message) while it saved: the card shows that, not this.
      if (current?.kind !== "replaced" || current.reminder.step !== "form") return;
      if (result?.ok) {
        setReminder(field, { step: "saved", message: `Reminder set for ${formatDue(new Date(result.followUp.dueAt), draft.timeZone, new Date())}` });
        return;
      }
      const invalid = result?.field === "label" || result?.field === "dueAt" ? result.field : undefined;
      setReminder(field, { step: "form", draft, saving: false, error: { message: result?.message ?? "Tonewise could not be reached. Try again.", field: invalid } });
    }

    function failureView(failure: SuggestFailure): OverlayView | null {
      switch (failure.kind) {
        case "not_connected":
          return { kind: "not_connected" };
        case "quota":
          return { kind: "quota", message: failure.message, upgradeUrl: failure.upgradeUrl };
        case "rate_limited":
          return { kind: "error", message: failure.retryAfter ? `Too many requests just now. Try again in ${failure.retryAfter} s.` : failure.message };
        case "failed":
          return { kind: "error", message: failure.message, retry: failure.retry };
        case "offline":
          return { kind: "offline" };
        case "paused":
        case "site_off":
          return null;
        case "aborted":
          return { kind: "idle" };
      }
    }

    function sessionFor(field: EditableField): FieldSession {
      const existing = sessions.get(field);
      if (existing) return existing;
      const session: FieldSession = {
        draftId: randomId(),
        tone: undefined,
        view: { kind: "idle" },
        lastRequestedText: "",
        scheduler: createPauseScheduler<SuggestResult>({
          request: (text, signal) => {
            const requestId = randomId();
            session.lastRequestedText = text;
            const answer = send({ type: "suggest", requestId, text, tone: session.tone, draftId: session.draftId });
            return new Promise<SuggestResult>((resolve, reject) => {
              signal.addEventListener("abort", () => {
                void send({ type: "abort", requestId });
                reject(new AbortedError());
              });
              // No answer from the service worker: the card says Tonewise could not be reached (onError).
              void answer.then((result) => (result ? resolve(result) : reject(new NoAnswerError())));
            });
          },
          onStart: () => setView(field, { kind: "loading", ...(session.tone ? { tone: session.tone } : {}) }),
          // The user typed on while it was being written: nothing is on its way until they pause.
          onAbandon: () => setView(field, { kind: "idle" }),
          // When the pause ends the field must still hold what the user wrote: a chat box that sent
          // the message on Enter emptied itself by script, with no input event to say so.
          isMessage: (text) => readsAsMessage(text) && sameTextSpacingAside(readFieldText(field), text),
          onResult: (result) => {
            if (result.ok && messageGone(readFieldText(field))) {
              // Sent (or cleared) while the suggestion was being written: it was for that message.
              if (field === active) dropSentMessage(field, session);
              else startNewMessage(field, session);
              return;
            }
            if (result.ok) {
              session.tone = result.tone;
              setView(field, { kind: "ready", suggestion: result.suggestion, tone: result.tone });
              return;
            }
            const view = failureView(result.failure);
            if (view) setView(field, view);
            else refreshStatus();
          },
          onError: () => setView(field, { kind: "error", message: "Tonewise could not be reached." }),
          isOnline: () => canReachApp(APP_URL, navigator.onLine),
          onOffline: () => setView(field, { kind: "offline" }),
        }),
      };
      sessions.set(field, session);
      return session;
    }

    async function replaceActive() {
      const field = active;
      const session = field && sessions.get(field);
      const offered = session && offeredSuggestion(session.view);
      if (!field || !session || !offered) return;
      const { suggestion, tone } = offered;
      const current = readFieldText(field);
      if (messageGone(current)) {
        // The page sent the message and emptied the field: the suggestion was for that one.
        dropSentMessage(field, session);
        return;
      }
      if (!sameTextSpacingAside(current, session.lastRequestedText)) {
        // The user typed on after this suggestion was written (fewer words than ask for a new one
        // on their own, or within the pause): it would throw their new words away. Ask for one
        // for the text as it is now; Replace again once it is ready.
        session.scheduler.requestNow(current);
        return;
      }
      const outcome = await replaceFieldText(field, suggestion, { copy: (text) => overlay.copy(text) });
      if (outcome.ok) {
        session.scheduler.acknowledge(readFieldText(field));
        overlay.closeCard();
        setView(field, { kind: "replaced", reminder: { step: "offer" } });
      } else {
        setView(field, { kind: "not_replaced", copied: outcome.copied, suggestion, tone, ...(outcome.limit !== undefined ? { limit: outcome.limit } : {}) });
      }
    }

    /** The field's message is gone (sent, or cleared): what comes next is a new one, metered as such. */
    function startNewMessage(field: EditableField, session: FieldSession) {
      session.scheduler.reset();
      session.draftId = randomId();
      session.tone = undefined;
      setView(field, { kind: "idle" });
    }

    /** The message a suggestion was offered for left the field: the card closes, and the next text is new. */
    function dropSentMessage(field: EditableField, session: FieldSession) {
      overlay.closeCard();
      startNewMessage(field, session);
    }

    /**
     * A chat box that sends on Enter empties itself by script, with no input event. The user's next
     * keystroke (or paste, drop, dictation) announces itself with beforeinput while the field still
     * holds what it held: empty means this is a new message, not more of the one just sent.
     */
    ctx.addEventListener(document, "beforeinput", (event) => {
      if (!event.isTrusted || overlay.contains(event)) return;
      const field = detectField(event.composedPath()[0] ?? event.target);
      const session = field && sessions.get(field);
      if (field && session && messageGone(readFieldText(field))) startNewMessage(field, session);
    }, { capture: true });

    function enabled(): boolean {
      return status !== null && !status.paused && status.siteEnabled;
    }

    /** The field the user wrote in before the status was known: its text is weighed once it is. */
    let writtenBeforeStatus: EditableField | null = null;

    /**
     * The latest status request, while it is on its way: only its answer is taken (an older one may
     * say "on" after "paused"), and a field focused or typed in meanwhile waits for it.
     */
    let statusRequest: Promise<void> | null = null;

    function refreshStatus() {
      const request: Promise<void> = send({ type: "status" }).then((next) => {
        if (statusRequest !== request) return;
        statusRequest = null;
        const typed = writtenBeforeStatus;
        writtenBeforeStatus = null;
        // No answer: the status already known stays (none yet: the next focus or keystroke asks again).
        if (!next) return;
        status = next;
        if (!active) return;
        if (!enabled()) {
          const session = sessions.get(active);
          session?.scheduler.cancel();
          // A suggestion that was being written is not coming: switched back on, the field is at rest.
          if (session?.view.kind === "loading") session.view = { kind: "idle" };
          overlay.detach();
          watchForSentMessage();
          return;
        }
        const session = sessionFor(active);
        if (!status.connected) setView(active, { kind: "not_connected" });
        else if (session.view.kind === "not_connected") setView(active, { kind: "idle" });
        overlay.attach(active);
        overlay.render(session.view);
        // What they typed while the answer was on its way counts, as if it had come after: in the
        // field they are still in, and still writing in (the same test as every input).
        if (status.connected && typed === active && writtenByUser(active) && !messageGone(readFieldText(active))) {
          session.scheduler.input(readFieldText(active));
        }
      });
      statusRequest = request;
    }

    function activate(field: EditableField) {
      active = field;
      if (status === null) {
        // Not known yet (this script just started, or the service worker did not answer): ask,
        // unless a request is on its way already.
        if (!statusRequest) refreshStatus();
        return;
      }
      if (!enabled()) return;
      const session = sessionFor(field);
      // A field that asked to connect before the extension was connected starts afresh.
      if (status.connected && session.view.kind === "not_connected") session.view = { kind: "idle" };
      overlay.attach(field);
      overlay.render(status.connected ? session.view : { kind: "not_connected" });
      watchForSentMessage();
    }

    ctx.addEventListener(document, "focusin", (event) => {
      if (overlay.contains(event)) return;
      const target = event.composedPath()[0] ?? event.target;
      // Focus moving on to the page while the card is open (Tab or Shift+Tab out of it, a page's
      // own control) closes the card, as a click outside does, leaving focus where it went. Not
      // focus going to the card's own field: Replace writes there, and keeps the card open when
      // the page refuses the text.
      if (overlay.cardOpen && !(active && target instanceof Node && active.contains(target))) overlay.closeCard(false);
      const field = detectField(target);
      if (field) activate(field);
      else if (!overlay.cardOpen) releaseActiveField();
    }, { capture: true });

    /**
     * When the user last typed, pasted, dropped or dictated (an input method's composition) into
     * each field. A page can write into any field by itself, even with input events the browser
     * marks as trusted (an editing command), but it cannot make these: text goes to Tonewise only
     * from a field the user is writing in, never because the page filled one (which would spend
     * the user's messages, and read text they never typed).
     */
    const userEdits = new WeakMap<EditableField, number>();
    const noteUserEdit = (event: Event) => {
      if (!event.isTrusted || overlay.contains(event)) return;
      const field = detectField(event.composedPath()[0] ?? event.target);
      if (field) userEdits.set(field, Date.now());
    };
    ctx.addEventListener(document, "keydown", noteUserEdit, { capture: true });
    ctx.addEventListener(document, "paste", noteUserEdit, { capture: true });
    ctx.addEventListener(document, "drop", noteUserEdit, { capture: true });
    ctx.addEventListener(document, "compositionend", noteUserEdit, { capture: true });
    const writtenByUser = (field: EditableField) => Date.now() - (userEdits.get(field) ?? Number.NEGATIVE_INFINITY) < USER_EDIT_MS;

    ctx.addEventListener(document, "input", (event) => {
      // Typing in the card (the reminder's label) is not typing a message; paused, on a site
      // switched off or not connected, nothing typed is.
      if (overlay.contains(event) || (status !== null && (!enabled() || !status.connected))) return;
      const field = detectField(event.composedPath()[0] ?? event.target);
      if (!field) return;
      if (status === null) {
        // Only the user's own writing asks: a page filling a field while it loads asks nothing.
        if (!event.isTrusted || !writtenByUser(field)) return;
        writtenBeforeStatus = field;
        activate(field);
        return;
      }
      if (field !== active) {
        // Another field changed. It takes the icon when the user writes in it or it holds the focus;
        // a page mirroring text into some other field, or autofill filling a form, moves nothing.
        const focused = detectField(deepActiveElement(document)) === field;
        if (!focused && !(event.isTrusted && writtenByUser(field))) return;
        activate(field);
      }
      const session = sessionFor(field);
      const text = readFieldText(field);
      if (messageGone(text)) {
        // The message was sent or cleared: the next text is a new message.
        startNewMessage(field, session);
        return;
      }
      if (!event.isTrusted || !writtenByUser(field)) return;
      // An input method's text before a candidate is chosen is not what the user means to send
      // (Japanese and Chinese writers often pause there): asked for once it is committed.
      if (event instanceof InputEvent && event.isComposing) session.scheduler.hold();
      else session.scheduler.input(text);
    }, { capture: true });
    // Chrome sends no input event after the composition ends: its end is the committed text's input.
    ctx.addEventListener(document, "compositionend", (event) => {
      if (overlay.contains(event) || status === null || !enabled() || !status.connected) return;
      const field = detectField(event.composedPath()[0] ?? event.target);
      if (!field || field !== active || !event.isTrusted) return;
      const text = readFieldText(field);
      if (!messageGone(text)) sessionFor(field).scheduler.input(text);
    }, { capture: true });

    ctx.addEventListener(document, "keydown", (event) => {
      if (!active || !(event instanceof KeyboardEvent)) return;
      if (event.key === "Escape" && overlay.cardOpen) {
        // The card's Escape only: a modal dialog around the field stays open.
        event.preventDefault();
        overlay.closeCard();
        return;
      }
      // The user's own keys only: a page's script cannot open the card and take the focus.
      if (event.isTrusted && event.altKey && event.shiftKey && event.code === "KeyT" && enabled()) {
        event.preventDefault();
        overlay.openCard();
      }
    }, { capture: true });

    ctx.addEventListener(document, "pointerdown", (event) => {
      if (overlay.cardOpen && !overlay.contains(event)) overlay.closeCard();
    }, { capture: true });

    let frame = 0;
    // Only while a field has the overlay: a page that scrolls or animates with none costs nothing.
    const schedule = () => {
      if (frame || !active) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        overlay.reposition();
      });
    };
    ctx.addEventListener(window, "scroll", schedule, { capture: true, passive: true });
    ctx.addEventListener(window, "resize", schedule, { passive: true });
    // A field that moved without a scroll (a dialog or panel that slid or grew into place) takes its icon along.
    ctx.addEventListener(document, "transitionend", schedule, { capture: true, passive: true });
    ctx.addEventListener(document, "animationend", schedule, { capture: true, passive: true });

    // A field the page focused before this script ran (autofocus, a composer opened by script) gets
    // its icon without the user having to leave it and come back.
    const focusedAtStart = document.hasFocus() ? detectField(deepActiveElement(document)) : null;
    if (focusedAtStart) activate(focusedAtStart);

    // The service worker says when to ask again (this script never reads the extension's storage).
    browser.runtime.onMessage.addListener((message: unknown) => {
      if (!isStatusChanged(message)) return;
      if (active) {
        refreshStatus();
        return;
      }
      // No field in use in this frame: it asks when one is focused, not every frame of every tab now.
      status = null;
      statusRequest = null;
    });
    ctx.addEventListener(window, "online", () => {
      if (active && sessions.get(active)?.view.kind === "offline") setView(active, { kind: "idle" });
    });
  },
});

/** The view when it offers a suggestion (ready, or after the page refused it), else null. */
function offeredSuggestion(view: OverlayView): Extract<OverlayView, { kind: "ready" | "not_replaced" }> | null {
  return view.kind === "ready" || view.kind === "not_replaced" ? view : null;
}

/** A field holding nothing but spacing has no message in it: the last one was sent, or cleared. */
function messageGone(text: string): boolean {
  return text.trim() === "";
}

/** Whether two texts are the same but for spacing (a trailing space typed after a suggestion is no change). */
function sameTextSpacingAside(a: string, b: string): boolean {
  return a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();
}
