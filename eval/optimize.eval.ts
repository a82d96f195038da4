/**
 * npm run eval — every corpus message (eval/messages.ts), in every tone, through the configured
 * engine exactly as the API calls it (the same prompts, the same AI SDK provider), judged by the
 * same guardrails. Prints the guardrail pass rate (first attempt, as the API's retry would not
 * see it), the length ratio and latency p50/p95 per tone, and fails below the pass-rate floor.
 *
 *   npm run eval                                   # the local AI stand-in (part of npm test)
 *   AI_BASE_URL=… AI_MODEL=… AI_API_KEY=… npm run eval   # a real model
 *
 * EVAL_LIMIT=n runs only the first n messages; EVAL_MIN_PASS_RATE (default 0.9; 1 for the
 * stand-in, whose rules must never break a fact) sets the floor.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppEnv } from "~/lib/env.server";
import { generateRewrite, resolveEngine, type Engine } from "~/lib/optimize/engine.server";
import { checkRewrite, type GuardrailProblem } from "~/lib/optimize/guardrails";
import { buildOptimizePrompt } from "~/lib/optimize/prompts";
import { characterCount } from "~/lib/optimize/request";
import { createAiStandIn } from "../emulators/ai/index.ts";
import { LOCAL_AI_MODEL } from "../emulators/config.ts";
import { EVAL_MESSAGES } from "./messages.ts";

const TONES = ["professional", "friendly", "persuasive", "casual"] as const;
const realModel = Boolean(process.env.AI_BASE_URL);
const minPassRate = Number(process.env.EVAL_MIN_PASS_RATE ?? (realModel ? 0.9 : 1));
const messages = EVAL_MESSAGES.slice(0, Number(process.env.EVAL_LIMIT ?? EVAL_MESSAGES.length));

let standIn: Server | undefined;
let engine: Engine;

beforeAll(async () => {
  let env: Partial<AppEnv>;
  if (realModel) {
    env = { AI_BASE_URL: process.env.AI_BASE_URL, AI_MODEL: process.env.AI_MODEL, AI_API_KEY: process.env.AI_API_KEY };
  } else {
    const ai = createAiStandIn();
    standIn = createServer(async (incoming, outgoing) => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const response = await ai.handle(
        new Request(`http://127.0.0.1${incoming.url}`, { method: incoming.method, headers: incoming.headers as HeadersInit, body: incoming.method === "POST" ? Buffer.concat(chunks) : undefined }),
      );
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => standIn!.listen(0, "127.0.0.1", resolve));
    env = { AI_BASE_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`, AI_MODEL: LOCAL_AI_MODEL, AI_API_KEY: "eval" };
  }
  const resolved = resolveEngine(env as AppEnv);
  if (!resolved) throw new Error("No engine: set AI_BASE_URL and AI_MODEL");
  engine = resolved;
});

afterAll(async () => {
  await new Promise((resolve) => (standIn ? standIn.close(resolve) : resolve(undefined)));
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

it(`passes the guardrails on the corpus (${realModel ? process.env.AI_MODEL : "local AI stand-in"})`, async () => {
  type Row = { passed: number; total: number; ratios: number[]; latencies: number[]; problems: Map<GuardrailProblem | "error", number> };
  const rows = new Map<string, Row>(TONES.map((tone) => [tone, { passed: 0, total: 0, ratios: [], latencies: [], problems: new Map() }]));
  for (const message of messages) {
    for (const tone of TONES) {
      const row = rows.get(tone)!;
      const prompt = buildOptimizePrompt({ text: message.text, tone, messageType: message.messageType });
      const started = performance.now();
      row.total++;
      try {
        const output = await generateRewrite(engine, prompt, message.text, AbortSignal.timeout(15_000));
        row.latencies.push(performance.now() - started);
        row.ratios.push(characterCount(output) / characterCount(message.text));
        const verdict = checkRewrite(message.text, output);
        if (verdict.ok) row.passed++;
        else for (const problem of verdict.problems) row.problems.set(problem, (row.problems.get(problem) ?? 0) + 1);
      } catch {
        row.problems.set("error", (row.problems.get("error") ?? 0) + 1);
      }
    }
  }

  const lines = [
    `Engine: ${engine.name} — ${messages.length} messages × ${TONES.length} tones`,
    "tone          pass    length ×  p50 ms  p95 ms  problems",
  ];
  let passed = 0;
  let total = 0;
  for (const [tone, row] of rows) {
    passed += row.passed;
    total += row.total;
    const ratios = [...row.ratios].sort((a, b) => a - b);
    const latencies = [...row.latencies].sort((a, b) => a - b);
    const meanRatio = ratios.reduce((sum, value) => sum + value, 0) / Math.max(1, ratios.length);
    lines.push(
      `${tone.padEnd(12)} ${`${((100 * row.passed) / row.total).toFixed(0)}%`.padStart(5)} ${meanRatio.toFixed(2).padStart(10)} ${percentile(latencies, 50).toFixed(0).padStart(7)} ${percentile(latencies, 95).toFixed(0).padStart(7)}  ${[...row.problems].map(([problem, count]) => `${problem}×${count}`).join(" ") || "–"}`,
    );
  }
  const passRate = passed / total;
  lines.push(`overall: ${(100 * passRate).toFixed(1)}% of ${total} rewrites passed the guardrails (floor ${(100 * minPassRate).toFixed(0)}%)`);
  console.log(lines.join("\n"));
  expect(passRate).toBeGreaterThanOrEqual(minPassRate);
});
