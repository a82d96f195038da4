/**
 * The bench checks Lighthouse's numbers at their median over several runs (bench/lighthouse.ts):
 * each score and metric on its own, the worse middle when a failed run leaves an even count.
 */
import { describe, expect, it } from "vitest";
import { type LighthouseResult, medianOfRuns } from "../../bench/lighthouse.ts";

function run(performance: number, tbtMs: number, cls = 0, label = `${tbtMs}`): LighthouseResult {
  return {
    url: "http://127.0.0.1/",
    scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
    tbtMs,
    cls,
    metrics: `run ${label}`,
    benchmarkIndex: 3000,
  };
}

describe("medianOfRuns", () => {
  it("takes each number's median on its own, and the text of the run with the median TBT", () => {
    const median = medianOfRuns([run(100, 63, 0), run(99, 4, 0.002), run(100, 7, 0)]);
    expect(median.scores.performance).toBe(100);
    expect(median.tbtMs).toBe(7);
    expect(median.cls).toBe(0);
    expect(median.metrics).toBe("run 7");
    expect(median.runs).toEqual([
      { tbtMs: 63, performance: 100 },
      { tbtMs: 4, performance: 99 },
      { tbtMs: 7, performance: 100 },
    ]);
  });

  it("is over budget when most runs are", () => {
    const median = medianOfRuns([run(100, 70), run(98, 20), run(99, 55)]);
    expect(median.tbtMs).toBe(55);
    expect(median.scores.performance).toBe(99);
  });

  it("leaves out a run without scores, and counts the worse middle of an even count", () => {
    const failed: LighthouseResult = { url: "http://127.0.0.1/", scores: {}, error: "NO_NAVSTART" };
    const median = medianOfRuns([run(100, 10), failed, run(99, 60)]);
    expect(median.error).toBeUndefined();
    expect(median.tbtMs).toBe(60);
    expect(median.scores.performance).toBe(99);
  });

  it("counts a number a run did not measure as the worst value", () => {
    const unmeasured: LighthouseResult = { ...run(100, 0), tbtMs: undefined, cls: undefined, scores: { accessibility: 100 } };
    const oneMissing = medianOfRuns([run(100, 10), unmeasured, run(100, 20)]);
    expect(oneMissing.tbtMs).toBe(20);
    expect(oneMissing.scores.performance).toBe(100);
    const mostMissing = medianOfRuns([unmeasured, run(100, 10), unmeasured]);
    expect(mostMissing.tbtMs).toBeUndefined();
    expect(mostMissing.cls).toBeUndefined();
    expect(mostMissing.scores.performance).toBeUndefined();
  });

  it("answers the first error when no run has scores", () => {
    const failed: LighthouseResult = { url: "http://127.0.0.1/", scores: {}, error: "first" };
    expect(medianOfRuns([failed, { ...failed, error: "second" }]).error).toBe("first");
  });
});
