import { describe, expect, it } from "vitest";
import { inOrder } from "../../extension/lib/in-order";

describe("inOrder", () => {
  it("runs each piece after the one before has ended, failed ones included, and gives each its own result", async () => {
    const queue = inOrder();
    const events: string[] = [];
    const piece = (name: string, ms: number, fail = false) => () =>
      new Promise<string>((resolve, reject) => {
        events.push(`start ${name}`);
        setTimeout(() => {
          events.push(`end ${name}`);
          if (fail) reject(new Error(name));
          else resolve(name);
        }, ms);
      });
    const results = await Promise.allSettled([queue(piece("a", 20)), queue(piece("b", 1, true)), queue(piece("c", 5))]);
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(results.map((result) => (result.status === "fulfilled" ? result.value : (result.reason as Error).message))).toEqual(["a", "b", "c"]);
    expect(results[1]!.status).toBe("rejected");
  });
});
