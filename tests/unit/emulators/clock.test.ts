/** The local backend's clock: moved by tests, running in real time on top of the moves. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClock } from "../../../emulators/clock.ts";

afterEach(() => vi.useRealTimers());

describe("createClock", () => {
  it("moves one second into the next fixed window, whatever the time within the current one", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 18, 20, 42, 500) });
    const clock = createClock();
    clock.advanceToNextWindow(60_000);
    expect(new Date(clock.now()).toISOString()).toBe("2026-11-23T18:21:01.000Z");
    clock.advanceToNextWindow(15 * 60_000);
    expect(new Date(clock.now()).toISOString()).toBe("2026-11-23T18:30:01.000Z");
    // Already one second into a window: the next one, not this one.
    clock.advanceToNextWindow(15 * 60_000);
    expect(new Date(clock.now()).toISOString()).toBe("2026-11-23T18:45:01.000Z");
    expect(() => clock.advanceToNextWindow(0)).toThrow(RangeError);
  });

  it("moves to the next UTC month, and back to real time on reset", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 31, 23, 59, 0) });
    const clock = createClock();
    clock.advanceToNextMonth();
    expect(new Date(clock.now()).toISOString()).toBe("2027-01-01T00:01:00.000Z");
    clock.reset();
    expect(clock.now()).toBe(Date.now());
  });
});
