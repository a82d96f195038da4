/** The check that a waiting suggestion's message is still in its field runs only while one waits. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SentMessageWatch } from "../../extension/lib/sent-message-watch";

describe("SentMessageWatch", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs no timer until a suggestion waits, checks every second while one does, and stops after", () => {
    const check = vi.fn();
    const watch = new SentMessageWatch(check, 1_000);
    watch.update(false);
    vi.advanceTimersByTime(10_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(check).not.toHaveBeenCalled();

    watch.update(true);
    watch.update(true); // still one timer
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(3_000);
    expect(check).toHaveBeenCalledTimes(3);

    watch.update(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(check).toHaveBeenCalledTimes(3);
  });
});
