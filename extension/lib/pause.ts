/**
 * When to ask for a suggestion: after the user pauses (about 1 s without typing) and only when
 * at least 3 words changed since the text of the last suggestion. Event-driven: the content
 * script reports each input; nothing polls. One request per field at a time; a request whose
 * text is stale (the user typed again) is aborted.
 */

export const PAUSE_MS = 1000;
export const MIN_CHANGED_WORDS = 3;

/** Scripts written without spaces between words: their words are found by the runtime's word breaker. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
let wordBreaker: Intl.Segmenter | undefined;

export function words(text: string): string[] {
  const lower = text.toLowerCase();
  if (UNSPACED_SCRIPT.test(lower)) {
    // 「明日の会議の件でご連絡します」 is one run without spaces, and seven words.
    wordBreaker ??= new Intl.Segmenter(undefined, { granularity: "word" });
    return Array.from(wordBreaker.segment(lower)).filter((part) => part.isWordLike).map((part) => part.segment);
  }
  return lower.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu) ?? [];
}

/**
 * How many words changed between two texts: the larger of the words removed and the words added,
 * after the longest common subsequence. Common prefix and suffix are skipped first, so the usual
 * edit (typing at one place) costs little; a very long middle is counted by length alone.
 */
export function changedWordCount(before: string, after: string): number {
  const a = words(before);
  const b = words(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length === 0 || midB.length === 0) return Math.max(midA.length, midB.length);
  if (midA.length * midB.length > 250_000) return Math.max(midA.length, midB.length);
  // LCS by dynamic programming, one row at a time.
  let prev = new Array<number>(midB.length + 1).fill(0);
  for (let i = 1; i <= midA.length; i++) {
    const row = new Array<number>(midB.length + 1).fill(0);
    for (let j = 1; j <= midB.length; j++) {
      row[j] = midA[i - 1] === midB[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    }
    prev = row;
  }
  const common = prev[midB.length]!;
  return Math.max(midA.length - common, midB.length - common);
}

export interface PauseSchedulerOptions<T> {
  /** Sends one request; must honour the signal. */
  request: (text: string, signal: AbortSignal) => Promise<T>;
  onStart?: (text: string) => void;
  /** The request in flight was dropped because the user typed again (onStart's state is over). */
  onAbandon?: () => void;
  /** Checked when the pause ends: a text that is no message (digits alone) is never sent. */
  isMessage?: (text: string) => boolean;
  onResult: (result: T, text: string) => void;
  onError: (error: unknown, text: string) => void;
  /** Checked when the pause ends; when it says no, nothing is sent and `onOffline` is told. */
  isOnline?: () => boolean;
  onOffline?: () => void;
  delayMs?: number;
  minChangedWords?: number;
}

export interface PauseScheduler {
  /** The field's text changed (an input event). */
  input(text: string): void;
  /**
   * The user is composing with an input method (a candidate not yet chosen): stop the timer and
   * the request in flight, and ask nothing until the text is committed (then `input`).
   */
  hold(): void;
  /** Ask now for this text, whatever changed (Retry, another tone). */
  requestNow(text: string): void;
  /** The field now holds this text by the user's choice (Replace): measure from it, ask nothing. */
  acknowledge(text: string): void;
  /** Forget the last suggestion's text (a new message: the field was emptied). */
  reset(): void;
  /** Stop timers and abort the request in flight (the field went away, the user paused Tonewise). */
  cancel(): void;
  readonly inFlight: boolean;
}

export function createPauseScheduler<T>(options: PauseSchedulerOptions<T>): PauseScheduler {
  const delay = options.delayMs ?? PAUSE_MS;
  const minWords = options.minChangedWords ?? MIN_CHANGED_WORDS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: AbortController | null = null;
  /** The text of the last suggestion answered; changes are measured from it. */
  let lastAnsweredText = "";

  function clearTimer() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function abortCurrent() {
    current?.abort();
    current = null;
  }

  function send(text: string) {
    if (options.isOnline && !options.isOnline()) {
      options.onOffline?.();
      return;
    }
    abortCurrent();
    const controller = new AbortController();
    current = controller;
    options.onStart?.(text);
    options.request(text, controller.signal).then(
      (result) => {
        if (current !== controller || controller.signal.aborted) return;
        current = null;
        lastAnsweredText = text;
        options.onResult(result, text);
      },
      (error: unknown) => {
        if (current !== controller || controller.signal.aborted) return;
        current = null;
        options.onError(error, text);
      },
    );
  }

  /** The user changed the text: no timer, and the suggestion in flight is for a stale text. */
  function hold() {
    clearTimer();
    if (current) {
      abortCurrent();
      options.onAbandon?.();
    }
  }

  return {
    input(text) {
      hold();
      timer = setTimeout(() => {
        timer = undefined;
        if (options.isMessage && !options.isMessage(text)) return;
        if (changedWordCount(lastAnsweredText, text) >= minWords) send(text);
      }, delay);
    },
    hold,
    requestNow(text) {
      clearTimer();
      send(text);
    },
    acknowledge(text) {
      clearTimer();
      abortCurrent();
      lastAnsweredText = text;
    },
    reset() {
      clearTimer();
      abortCurrent();
      lastAnsweredText = "";
    },
    cancel() {
      clearTimer();
      abortCurrent();
    },
    get inFlight() {
      return current !== null;
    },
  };
}
