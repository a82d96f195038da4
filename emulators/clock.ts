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
  /** Back to real time. */
  reset(): void;
}

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
    reset() {
      offsetMs = 0;
    },
  };
  return clock;
}
