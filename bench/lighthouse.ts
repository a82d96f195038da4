/**
 * Lighthouse (the npm package, pinned in devDependencies) against the system Chromium, offline:
 * mobile form factor and simulated throttling (Lighthouse's defaults), one fresh browser per URL.
 * The browser is never downloaded: Lighthouse drives whatever CHROME_PATH names.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runCommand } from "./processes.ts";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** The flags every run of the system Chromium here uses (the Playwright config's too), plus headless. */
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const RUN_TIMEOUT_MS = 90_000;

/** The audits that make up the performance score (Lighthouse 10+ weights). */
const METRICS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
  "speed-index": "SI",
} as const;

export interface LighthouseSetup {
  cli: string;
  chromium: string;
}

/** The Lighthouse CLI and Chromium to use, or why Lighthouse cannot run here. */
export function findLighthouse(root: string): LighthouseSetup | { skip: string } {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    return { skip: `no Chromium at ${chromium} (install it, or set CHROMIUM_PATH; npm run test:e2e installs it as root on Debian)` };
  }
  const bin = path.join(root, "node_modules/.bin/lighthouse");
  if (!existsSync(bin)) return { skip: "the lighthouse package is not installed (run npm install)" };
  return { cli: realpathSync(bin), chromium };
}

export interface LighthouseResult {
  url: string;
  scores: Partial<Record<Category, number>>;
  /** The performance metrics behind the score, as Lighthouse displays them (e.g. "2.1 s"). */
  metrics?: string;
  /** Cumulative layout shift and total blocking time (ms), as numbers, for their own budgets. */
  cls?: number;
  tbtMs?: number;
  /** Lighthouse's own host CPU benchmark: lower means a slower (or busier) machine. */
  benchmarkIndex?: number;
  /** When anything shifted: the elements that did, with their share of the CLS (Lighthouse's layout-shifts audit). */
  layoutShifts?: string;
  /** Why the run produced no scores (or a partial run's warning). */
  error?: string;
  /** For a median of several runs: each run's TBT (ms) and performance score, in order. */
  runs?: { tbtMs?: number; performance?: number }[];
}

/**
 * The median of several runs of one page, number by number: each category's score, the CLS and
 * the TBT. With an even count (a run failed twice) the worse of the two middle values counts.
 * The text lines (metrics, shifts, host benchmark) are those of the run whose TBT is the median.
 * Runs without scores are left out; when none has scores, the first one's error is the answer.
 */
export function medianOfRuns(all: LighthouseResult[]): LighthouseResult {
  const runs = all.filter((run) => !run.error);
  if (runs.length === 0) return all[0]!;
  // Sorted from the best value to the worst, a missing one (not measured) the worst of all: the
  // middle, or the worse of the two middles. A number most runs did not measure is not measured.
  const middle = (values: (number | undefined)[], better: (a: number, b: number) => number): number | undefined => {
    const sorted = [...values].sort((a, b) => (a === undefined ? (b === undefined ? 0 : 1) : b === undefined ? -1 : better(a, b)));
    return sorted[Math.floor(sorted.length / 2)];
  };
  const scores: Partial<Record<Category, number>> = {};
  for (const category of CATEGORIES) {
    const score = middle(
      runs.map((run) => run.scores[category]),
      (a, b) => b - a,
    );
    if (score !== undefined) scores[category] = score;
  }
  const tbtMs = middle(
    runs.map((run) => run.tbtMs),
    (a, b) => a - b,
  );
  const representative = runs.find((run) => run.tbtMs === tbtMs) ?? runs[0]!;
  return {
    ...representative,
    scores,
    cls: middle(
      runs.map((run) => run.cls),
      (a, b) => a - b,
    ),
    tbtMs,
    runs: runs.map((run) => ({ tbtMs: run.tbtMs, performance: run.scores.performance })),
  };
}

/** `headers`: sent with every request of the page load (e.g. a signed-in session's Cookie). */
export async function runLighthouse(setup: LighthouseSetup, url: string, headers?: Record<string, string>): Promise<LighthouseResult> {
  const directory = mkdtempSync(path.join(tmpdir(), "tonewise-lighthouse-"));
  const report = path.join(directory, "report.json");
  try {
    const { code, output } = await runCommand(
      process.execPath,
      [
        setup.cli,
        url,
        "--quiet",
        "--output=json",
        `--output-path=${report}`,
        `--only-categories=${CATEGORIES.join(",")}`,
        `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
        ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
      ],
      {
        env: { ...process.env, CHROME_PATH: setup.chromium, TMPDIR: directory },
        timeoutMs: RUN_TIMEOUT_MS,
      },
    );
    if (code !== 0 || !existsSync(report)) {
      return { url, scores: {}, error: `lighthouse exited with ${code}: ${output.trim().split("\n").slice(-5).join(" | ")}` };
    }
    const parsed = JSON.parse(readFileSync(report, "utf8")) as {
      runtimeError?: { code: string; message: string };
      categories: Record<string, { score: number | null } | undefined>;
      audits: Record<
        string,
        { displayValue?: string; numericValue?: number; details?: { items?: { score?: number; node?: { selector?: string } }[] } } | undefined
      >;
      environment?: { benchmarkIndex?: number };
    };
    if (parsed.runtimeError) return { url, scores: {}, error: `${parsed.runtimeError.code}: ${parsed.runtimeError.message}` };
    const scores: Partial<Record<Category, number>> = {};
    for (const category of CATEGORIES) {
      const score = parsed.categories[category]?.score;
      if (typeof score === "number") scores[category] = Math.round(score * 100);
    }
    const metrics = Object.entries(METRICS)
      .map(([id, label]) => `${label} ${parsed.audits[id]?.displayValue ?? "–"}`)
      .join(", ");
    return {
      url,
      scores,
      metrics,
      cls: parsed.audits["cumulative-layout-shift"]?.numericValue,
      tbtMs: parsed.audits["total-blocking-time"]?.numericValue,
      benchmarkIndex: parsed.environment?.benchmarkIndex,
      layoutShifts: parsed.audits["layout-shifts"]?.details?.items
        ?.map((item) => `${item.node?.selector ?? "?"} ${item.score?.toExponential(1) ?? "?"}`)
        .join("; "),
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
