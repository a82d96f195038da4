import { href, type RouterContextProvider } from "react-router";
import { sha256Hex } from "../access-tokens.server";
import { invalidAccessToken, type ApiCredential } from "../api/authenticate.server";
import { ApiError, serviceUnavailable } from "../api/responses.server";
import { getEnv, NO_ENGINE_MESSAGE } from "../env.server";
import { sharedServiceClient } from "../supabase.server";
import { FREE_MONTHLY_MESSAGE_LIMIT } from "~/content/plans";
import { apiUsage, nextResetDate, nextResetInstant, type ApiUsage, type Tier } from "../usage";
import { generateRewrite, resolveEngine } from "./engine.server";
import { checkRewrite, type GuardrailProblem } from "./guardrails";
import { draftChange, MAX_CHANGED_SHARE, pairHashes, sketchKey, sketchOf, type SketchKey } from "./message-sketch";
import { buildOptimizePrompt } from "./prompts";
import { characterCount, type MessageType, type OptimizeRequest, type Tone } from "./request";

/**
 * The one server function behind `POST /api/v1/optimize` and the dashboard's Try it:
 *
 *   engine configured? → rate limit + quota check (one call; with an access token, the token's
 *   check too) → the engine → guardrails (one retry) → count the message (one atomic call, which
 *   can still refuse) → answer.
 *
 * Nothing is counted until a suggestion that passed the guardrails is in hand; if the count is
 * refused (a concurrent request took the last free message) the suggestion is discarded. The text
 * of the message is never stored or logged: logs carry only categories, counts and timings.
 */
export const ENGINE_TIMEOUT_MS = 15_000;
/** The first call, and at most one retry (a failed call or a rewrite that broke the guardrails). */
const ENGINE_ATTEMPTS = 2;

export type OptimizeResult = {
  suggestion: string;
  tone: Tone;
  messageType: MessageType;
  usage: ApiUsage;
};

type BeginRow = {
  rate_allowed: boolean;
  retry_after_seconds: number;
  tier: Tier;
  used: number;
  message_limit: number | null;
  would_count: boolean;
  default_tone: Tone;
  default_message_type: MessageType;
  usage_analytics: boolean;
  /** The draft's sketches, when its free re-polishes are open (else null). */
  draft_input_sketch: number[] | null;
  draft_output_sketch: number[] | null;
  /** What the draft's free re-polishes have changed of its message so far (0–1; null: none open). */
  draft_changed_share: number | null;
};

type RecordRow = { allowed: boolean; counted: boolean; tier: Tier; used: number; message_limit: number | null };

let engineMissingLogged = false;

/** The sketches' key, derived once per secret. */
let sketchKeyFor: { secret: string; key: Promise<SketchKey> } | undefined;
function draftSketchKey(secret: string): Promise<SketchKey> {
  if (sketchKeyFor?.secret !== secret) sketchKeyFor = { secret, key: sketchKey(secret) };
  return sketchKeyFor.key;
}

export function quotaExceeded(appUrl: string, now = new Date()): ApiError {
  return new ApiError(
    429,
    "quota_exceeded",
    `You've used your ${FREE_MONTHLY_MESSAGE_LIMIT} free messages this month. They reset on ${nextResetDate(now)}; upgrade to Pro for unlimited messages.`,
    { details: { upgradeUrl: new URL(href("/dashboard/subscription"), appUrl).href, resetsAt: nextResetInstant(now).toISOString() } },
  );
}

type EngineFailure = "timeout" | "failed" | "guardrails" | "unchanged";

const ENGINE_FAILURE_MESSAGES: Record<EngineFailure, string> = {
  timeout: "The writing engine took too long to answer. Nothing was counted; please try again.",
  guardrails: "The writing engine's suggestion changed facts in your message, so we held it back. Nothing was counted; please try again.",
  unchanged: "Your message already reads well: the writing engine found nothing to change. Nothing was counted.",
  failed: "The writing engine could not write a suggestion. Nothing was counted; please try again.",
};

function engineFailed(reason: EngineFailure): ApiError {
  return new ApiError(502, "engine_failed", ENGINE_FAILURE_MESSAGES[reason]);
}

/** What to tell the user of a refused rewrite: changed facts, the message given back as it was, or no usable rewrite. */
function failureOf(problems: GuardrailProblem[]): EngineFailure {
  if (problems.includes("missing_fact") || problems.includes("invented_fact")) return "guardrails";
  if (problems.length === 1 && problems[0] === "echo") return "unchanged";
  return "failed";
}

function describeProblems(problems: GuardrailProblem[]): string {
  return problems.join(",");
}

/**
 * The rate limit and quota check for the caller: by user id (a session the route has checked), or
 * by access token, checked in the same call (docs/decisions/055). With the user whose it is.
 */
async function begin(db: ReturnType<typeof sharedServiceClient>, caller: ApiCredential, draftId: string | null) {
  if ("userId" in caller) {
    const { data, error } = await db.rpc("begin_optimization", { p_user_id: caller.userId, p_draft_id: draftId }).single<BeginRow>();
    if (error || !data) {
      console.error(`[optimize] begin failed: ${error?.code ?? "no row"}`);
      throw serviceUnavailable();
    }
    return { userId: caller.userId, state: data };
  }
  const { data, error } = await db
    .rpc("begin_optimization_with_token", { p_token_hash: await sha256Hex(caller.accessToken), p_draft_id: draftId })
    .maybeSingle<BeginRow & { user_id: string }>();
  if (error) {
    console.error(`[optimize] begin failed: ${error.code}`);
    throw serviceUnavailable();
  }
  // No row: the token is unknown, revoked or expired.
  if (!data) throw invalidAccessToken();
  return { userId: data.user_id, state: data };
}

export async function optimizeForUser(options: {
  context: Readonly<RouterContextProvider>;
  caller: ApiCredential;
  request: OptimizeRequest;
  /** The caller's request signal: aborted when they go away. */
  signal: AbortSignal;
}): Promise<OptimizeResult> {
  const { context, caller, request, signal } = options;
  const env = getEnv(context);
  const engine = resolveEngine(env, context);
  if (!engine) {
    if (!engineMissingLogged) {
      engineMissingLogged = true;
      console.error(`[optimize] ${NO_ENGINE_MESSAGE}`);
    }
    throw new ApiError(503, "engine_unavailable", "Message optimization is not available right now: no writing engine is configured.");
  }

  const db = sharedServiceClient(env);
  const draftId = request.draftId ?? null;
  const { userId, state } = await begin(db, caller, draftId);
  const key = await draftSketchKey(env.COOKIE_SECRET);
  // A draft's re-polish is free only for the same message: its last text or suggestion is still
  // mostly there (typing on, another tone, after Replace), and the re-polishes since it was
  // counted have not changed half of it in all — not another message under its id, nor a block
  // of text kept in every call around another message each time (decision 046).
  const textHashes = draftId === null ? null : pairHashes(request.text, key);
  const changed = textHashes && draftChange({ input: state.draft_input_sketch, output: state.draft_output_sketch }, textHashes);
  const sameMessage = changed !== null && (state.draft_changed_share ?? 0) + changed <= MAX_CHANGED_SHARE;
  const wouldCount = state.would_count || !sameMessage;
  if (!state.rate_allowed) {
    const retryAfter = Math.max(1, state.retry_after_seconds);
    throw new ApiError(429, "rate_limited", `Too many requests: at most 60 a minute. Try again in ${retryAfter} seconds.`, {
      headers: { "Retry-After": String(retryAfter) },
    });
  }
  if (wouldCount && state.message_limit !== null && state.used >= state.message_limit) {
    throw quotaExceeded(env.APP_URL);
  }

  const tone = request.tone ?? state.default_tone;
  const messageType = request.messageType ?? state.default_message_type;
  const prompt = buildOptimizePrompt({ text: request.text, tone, messageType });
  const inputCharacters = characterCount(request.text);
  const deadline = AbortSignal.timeout(ENGINE_TIMEOUT_MS);
  const engineSignal = AbortSignal.any([signal, deadline]);
  const started = Date.now();

  let suggestion: string | undefined;
  let failure: EngineFailure = "failed";
  for (let attempt = 1; attempt <= ENGINE_ATTEMPTS && suggestion === undefined; attempt++) {
    try {
      const rewrite = await generateRewrite(engine, prompt, request.text, engineSignal);
      const verdict = checkRewrite(request.text, rewrite);
      if (verdict.ok) suggestion = rewrite;
      else {
        failure = failureOf(verdict.problems);
        console.warn(`[optimize] attempt ${attempt}/${ENGINE_ATTEMPTS}: guardrails refused the rewrite (${describeProblems(verdict.problems)})`);
      }
    } catch (error) {
      if (signal.aborted) throw new ApiError(499, "invalid_request", "The request was cancelled.");
      if (deadline.aborted) {
        failure = "timeout";
        console.warn(`[optimize] attempt ${attempt}/${ENGINE_ATTEMPTS}: the engine timed out after ${ENGINE_TIMEOUT_MS} ms`);
        break;
      }
      failure = "failed";
      // The error's name and status only: an SDK error can carry the request body (the text).
      const status = (error as { statusCode?: unknown }).statusCode;
      console.warn(
        `[optimize] attempt ${attempt}/${ENGINE_ATTEMPTS}: the engine failed (${error instanceof Error ? error.name : "error"}${typeof status === "number" ? ` ${status}` : ""})`,
      );
    }
  }
  if (suggestion === undefined) throw engineFailed(failure);
  // The caller went away while the engine wrote: nobody will see this suggestion, so it is not counted.
  if (signal.aborted) throw new ApiError(499, "invalid_request", "The request was cancelled.");
  const latencyMs = Date.now() - started;

  const recorded = await db
    .rpc("record_optimization", {
      p_user_id: userId,
      p_draft_id: draftId,
      p_tone: tone,
      p_message_type: messageType,
      p_platform: request.platform ?? "web",
      p_input_length: inputCharacters,
      p_output_length: characterCount(suggestion),
      p_latency_ms: latencyMs,
      p_same_message: sameMessage,
      p_changed_share: changed ?? 0,
      p_input_sketch: textHashes && sketchOf(textHashes),
      p_output_sketch: textHashes && sketchOf(pairHashes(suggestion, key)),
    })
    .single<RecordRow>();
  if (recorded.error || !recorded.data) {
    console.error(`[optimize] record failed: ${recorded.error?.code ?? "no row"}`);
    throw serviceUnavailable();
  }
  if (!recorded.data.allowed) throw quotaExceeded(env.APP_URL);

  return {
    suggestion,
    tone,
    messageType,
    usage: apiUsage(recorded.data.tier, recorded.data.used, recorded.data.message_limit),
  };
}
