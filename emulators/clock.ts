/**
 * The local backend's clock. Every emulator reads time from here, so tests can move it forward
 * (to the next month, past a billing period) without waiting.
 */
export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
  /** Moves the clock forward by a number of milliseconds. */
  advance(ms: number): void;
  /** Moves the clock to the first instant of the next UTC calendar month plus `extraMs`. */
  advanceToNextMonth(extraMs?: number): void;
  /**
   * Moves the clock one second into the next fixed window of `windowMs` (windows start at
   * multiples of it since the epoch, as the database's rate limits count them), so a burst of
   * calls that follows has the whole window ahead and never straddles two.
   */
  advanceToNextWindow(windowMs: number): void;
  /** Back to real time. */
  reset(): void;
}

const WINDOW_MARGIN_MS = 1_000;

export function createClock(): Clock {
  let offsetMs = 0;
  const clock: Clock = {
    now: () => Date.now() + offsetMs,
    advance(ms) {
      offsetMs += ms;
    },
    advanceToNextMonth(extraMs = 60_000) {
      const current = new Date(clock.now());
      const nextMonth = Date.UTC(current.getUTCFullYear(), current.getUTCMonth() + 1, 1);
      offsetMs += nextMonth + extraMs - current.getTime();
    },
    advanceToNextWindow(windowMs) {
      if (!(windowMs > 0)) throw new RangeError("advanceToNextWindow: windowMs must be positive");
      offsetMs += windowMs - (clock.now() % windowMs) + WINDOW_MARGIN_MS;
    },
    reset() {
      offsetMs = 0;
    },
  };
  return clock;
}
