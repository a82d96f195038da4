import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changedWordCount, createPauseScheduler } from "../../extension/lib/pause";

interface Pending {
  text: string;
  signal: AbortSignal;
  resolve: (value: string) => void;
  reject: (error: unknown) => void;
}

function setup(overrides: { online?: () => boolean; isMessage?: (text: string) => boolean } = {}) {
  const requests: Pending[] = [];
  const results: Array<[string, string]> = [];
  const errors: unknown[] = [];
  const onOffline = vi.fn();
  const onAbandon = vi.fn();
  const scheduler = createPauseScheduler<string>({
    request: (text, signal) =>
      new Promise<string>((resolve, reject) => {
        requests.push({ text, signal, resolve, reject });
      }),
    onResult: (result, text) => results.push([result, text]),
    onError: (error) => errors.push(error),
    isOnline: overrides.online,
    onOffline,
    onAbandon,
    isMessage: overrides.isMessage,
  });
  return { scheduler, requests, results, errors, onOffline, onAbandon };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The user types `text`, then stops for the pause (one second). */
async function typeThenPause(scheduler: { input(text: string): void }, text: string) {
  scheduler.input(text);
  await vi.advanceTimersByTimeAsync(1000);
}

describe("changedWordCount", () => {
  it.each([
    ["", "", 0],
    ["", "hello there friend", 3],
    ["hello there", "hello there friend", 1],
    ["hello there", "hello there, my good friend", 3],
    ["I will send the deck", "I will send the deck tomorrow morning first", 3],
    ["please send the deck", "please share the deck", 1],
    ["one two three four", "one four", 2],
    ["Hello, there!", "hello there", 0],
  ])("%j → %j: %i", (before, after, count) => {
    expect(changedWordCount(before, after)).toBe(count);
  });
});

describe("pause scheduler", () => {
  it("asks only after 1 s without typing", async () => {
    const { scheduler, requests } = setup();
    scheduler.input("hello there my");
    await vi.advanceTimersByTimeAsync(600);
    scheduler.input("hello there my friend");
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((r) => r.text)).toEqual(["hello there my friend"]);
  });

  it("needs at least 3 changed words since the last suggestion", async () => {
    const { scheduler, requests, results } = setup();
    await typeThenPause(scheduler, "hi there");
    expect(requests).toHaveLength(0);

    await typeThenPause(scheduler, "hi there Sam");
    expect(requests).toHaveLength(1);
    requests[0]!.resolve("Hi there, Sam.");
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([["Hi there, Sam.", "hi there Sam"]]);

    await typeThenPause(scheduler, "hi there Sam, thanks");
    await typeThenPause(scheduler, "hi there Sam, thanks so");
    expect(requests).toHaveLength(1);

    await typeThenPause(scheduler, "hi there Sam, thanks so much");
    expect(requests).toHaveLength(2);
  });

  it("keeps one request in flight per field and aborts a stale one when the user types again", async () => {
    const { scheduler, requests, results } = setup();
    await typeThenPause(scheduler, "one two three");
    expect(requests).toHaveLength(1);
    expect(scheduler.inFlight).toBe(true);

    scheduler.input("one two three four");
    expect(requests[0]!.signal.aborted).toBe(true);
    // The stale answer arriving late is ignored.
    requests[0]!.resolve("stale");
    await vi.advanceTimersByTimeAsync(1000);
    expect(results).toEqual([]);
    // Measured from the last answered suggestion (none), so the pause asks again.
    expect(requests).toHaveLength(2);
    expect(requests[1]!.text).toBe("one two three four");
    expect(requests.filter((r) => !r.signal.aborted)).toHaveLength(1);
    requests[1]!.resolve("fresh");
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([["fresh", "one two three four"]]);
    expect(scheduler.inFlight).toBe(false);
  });

  it("says when it drops the request in flight, so the field does not go on saying a suggestion is coming", async () => {
    const { scheduler, requests, onAbandon } = setup();
    await typeThenPause(scheduler, "one two three");
    requests[0]!.resolve("One, two, three.");
    await vi.advanceTimersByTimeAsync(0);
    await typeThenPause(scheduler, "one two three four five six");
    expect(requests).toHaveLength(2);
    expect(onAbandon).not.toHaveBeenCalled();
    // Typing again while it is written: dropped and said so. Two words from the last answer: no new request.
    scheduler.input("one two three four five");
    expect(requests[1]!.signal.aborted).toBe(true);
    expect(onAbandon).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(2);
    // Typing with nothing in flight drops nothing.
    scheduler.input("one two three four five six seven");
    expect(onAbandon).toHaveBeenCalledTimes(1);
  });

  it("never sends a text that is no message", async () => {
    const { scheduler, requests } = setup({ isMessage: (text) => /\p{L}/u.test(text) });
    await typeThenPause(scheduler, "4242 4242 4242 4242");
    expect(requests).toHaveLength(0);
    await typeThenPause(scheduler, "Card ends in 4242, thanks");
    expect(requests).toHaveLength(1);
  });

  it("aborts the request in flight when a new one starts (Retry, another tone)", async () => {
    const { scheduler, requests } = setup();
    scheduler.requestNow("alpha beta gamma");
    scheduler.requestNow("alpha beta gamma");
    expect(requests).toHaveLength(2);
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(requests[1]!.signal.aborted).toBe(false);
  });

  it("reports errors and measures the next pause from the last answered text", async () => {
    const { scheduler, requests, errors } = setup();
    await typeThenPause(scheduler, "one two three");
    requests[0]!.reject(new Error("engine_failed"));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    await typeThenPause(scheduler, "one two three four");
    expect(requests).toHaveLength(2);
  });

  it("sends nothing while offline and says so", async () => {
    let online = false;
    const { scheduler, requests, onOffline } = setup({ online: () => online });
    await typeThenPause(scheduler, "one two three");
    expect(requests).toHaveLength(0);
    expect(onOffline).toHaveBeenCalledTimes(1);
    online = true;
    await typeThenPause(scheduler, "one two three four");
    expect(requests).toHaveLength(1);
  });

  it("cancel stops the timer and aborts; reset starts a new message", async () => {
    const { scheduler, requests } = setup();
    scheduler.input("one two three");
    scheduler.cancel();
    await vi.advanceTimersByTimeAsync(2000);
    expect(requests).toHaveLength(0);

    await typeThenPause(scheduler, "one two three");
    requests[0]!.resolve("x");
    await vi.advanceTimersByTimeAsync(0);
    scheduler.reset();
    await typeThenPause(scheduler, "one two three");
    expect(requests).toHaveLength(2);
  });

  it("after Replace, the replaced text is the new baseline and asks nothing by itself", async () => {
    const { scheduler, requests } = setup();
    await typeThenPause(scheduler, "one two three");
    requests[0]!.resolve("One, two and three, and four.");
    await vi.advanceTimersByTimeAsync(0);
    // The page's input event for the replacement arrives, then the extension acknowledges it.
    scheduler.input("One, two and three, and four.");
    scheduler.acknowledge("One, two and three, and four.");
    await vi.advanceTimersByTimeAsync(2000);
    expect(requests).toHaveLength(1);
    await typeThenPause(scheduler, "One, two and three, and four. Five six");
    expect(requests).toHaveLength(1);
    await typeThenPause(scheduler, "One, two and three, and four. Five six seven");
    expect(requests).toHaveLength(2);
  });
});

describe("writing with an input method", () => {
  it("asks nothing while a composition is open, however long the pause, and asks for the committed text", async () => {
    const { scheduler, requests, onAbandon } = setup();
    scheduler.input("thanks for the call today, see you");
    scheduler.hold();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(requests).toEqual([]);
    await typeThenPause(scheduler, "thanks for the call today, see you tomorrow");
    expect(requests.map((request) => request.text)).toEqual(["thanks for the call today, see you tomorrow"]);
    // A composition opened while that request is on its way stops it: its text is stale.
    scheduler.hold();
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(onAbandon).toHaveBeenCalledTimes(1);
  });

  it("counts the words of a language written without spaces", () => {
    expect(changedWordCount("", "明日の会議の件でご連絡します")).toBeGreaterThanOrEqual(3);
    expect(changedWordCount("", "ขอบคุณสำหรับการประชุมวันนี้")).toBeGreaterThanOrEqual(3);
    expect(changedWordCount("明日の会議の件でご連絡します", "明日の会議の件でご連絡します")).toBe(0);
  });
});
