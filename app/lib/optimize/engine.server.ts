import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, type LanguageModel } from "ai";
import { createContext, type RouterContextProvider } from "react-router";
import { createWorkersAI } from "workers-ai-provider";
import type { AppEnv } from "../env.server";
import { MAX_LENGTH_RATIO } from "./guardrails";
import type { OptimizePrompt } from "./prompts";

/**
 * The AI engine behind the optimizer, through the Vercel AI SDK: an OpenAI-compatible endpoint
 * (`AI_BASE_URL`, `AI_MODEL`, `AI_API_KEY`: OpenAI, Groq, Ollama, vLLM, the local stand-in) or, on
 * Cloudflare with no `AI_BASE_URL`, Workers AI through the Worker's `AI` binding.
 */
export type Engine = { readonly name: string; readonly model: LanguageModel };

/** The Worker's Workers AI binding (`env.AI`), handed over by workers/handler.ts when bound. */
export const workersAiContext = createContext<unknown>(null);

/** A sensible default when only the binding is configured. */
export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

const engines = new WeakMap<object, Engine>();

function hasRun(binding: unknown): binding is Parameters<typeof createWorkersAI>[0]["binding"] {
  return typeof binding === "object" && binding !== null && typeof (binding as { run?: unknown }).run === "function";
}

/** The configured engine, or null when none is (the API then answers 503 engine_unavailable). */
export function resolveEngine(env: AppEnv, context?: Readonly<RouterContextProvider>): Engine | null {
  if (env.AI_BASE_URL && env.AI_MODEL) {
    let engine = engines.get(env);
    if (!engine) {
      const provider = createOpenAICompatible({
        name: "openai-compatible",
        baseURL: env.AI_BASE_URL,
        apiKey: env.AI_API_KEY || undefined,
      });
      engine = { name: `${new URL(env.AI_BASE_URL).host} ${env.AI_MODEL}`, model: provider.chatModel(env.AI_MODEL) };
      engines.set(env, engine);
    }
    return engine;
  }
  const binding = context?.get(workersAiContext);
  if (hasRun(binding)) {
    let engine = engines.get(binding);
    if (!engine) {
      const model = env.AI_WORKERS_MODEL || DEFAULT_WORKERS_AI_MODEL;
      engine = { name: `workers-ai ${model}`, model: createWorkersAI({ binding }).chat(model) };
      engines.set(binding, engine);
    }
    return engine;
  }
  return null;
}

/**
 * Letters of scripts a tokenizer spends about a token each on, or more (Han, kana, Hangul, the
 * Indic and Southeast Asian scripts…): anything but Latin, Greek, Cyrillic and the shared marks.
 */
const DENSE_SCRIPT = /[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]/u;

/**
 * Tokens enough for a rewrite up to the guardrails' longest allowed length (MAX_LENGTH_RATIO × the message):
 * about 4 characters a token in Latin, Greek or Cyrillic, and up to 1.5 tokens a character in the
 * dense scripts. A budget only caps a model that rambles; one too small cuts a rewrite off.
 */
function outputTokenBudget(text: string): number {
  let tokens = 0;
  for (const character of text) tokens += DENSE_SCRIPT.test(character) ? 1.5 : 0.34;
  return Math.min(4_096, Math.ceil(tokens * MAX_LENGTH_RATIO + 100));
}

/** The model stopped at its output budget: what it wrote is a rewrite cut off mid-way, never a suggestion. */
class RewriteCutOff extends Error {
  override readonly name = "RewriteCutOff";
}

/**
 * One call to the model: the rewrite, trimmed. No retries here (the optimizer decides when to try
 * again); `signal` carries the overall deadline and the caller going away.
 */
export async function generateRewrite(engine: Engine, prompt: OptimizePrompt, text: string, signal: AbortSignal): Promise<string> {
  const result = await generateText({
    model: engine.model,
    instructions: prompt.instructions,
    prompt: prompt.prompt,
    temperature: 0.3,
    maxOutputTokens: outputTokenBudget(text),
    maxRetries: 0,
    abortSignal: signal,
  });
  if (result.finishReason === "length") throw new RewriteCutOff("The model reached its output budget.");
  return result.text.trim();
}
