/**
 * A chat box that sends on Enter may empty itself by script and tell nobody; a suggestion offered
 * for the message it sent would then go on being offered. So while a suggestion waits in the
 * field, the content script checks now and then that its message is still there, and only then:
 * with nothing waiting, no timer runs (the content script never polls a page the user only reads).
 */
export interface IntervalTimers {
  set(run: () => void, everyMs: number): number;
  clear(id: number): void;
}

const browserTimers: IntervalTimers = { set: (run, everyMs) => setInterval(run, everyMs) as unknown as number, clear: (id) => clearInterval(id) };

export class SentMessageWatch {
  readonly #check: () => void;
  readonly #everyMs: number;
  readonly #timers: IntervalTimers;
  #timer: number | undefined;

  /** `check` runs every `everyMs` while `update(true)` says a suggestion waits. */
  constructor(check: () => void, everyMs: number, timers: IntervalTimers = browserTimers) {
    this.#check = check;
    this.#everyMs = everyMs;
    this.#timers = timers;
  }

  /** Whether a suggestion waits now: starts the checks, or stops them. */
  update(waiting: boolean): void {
    if (waiting && this.#timer === undefined) this.#timer = this.#timers.set(() => this.#check(), this.#everyMs);
    else if (!waiting && this.#timer !== undefined) {
      this.#timers.clear(this.#timer);
      this.#timer = undefined;
    }
  }
}
