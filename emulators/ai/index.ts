/**
 * The local AI stand-in: an OpenAI-compatible chat-completions API (the subset the AI SDK's
 * `@ai-sdk/openai-compatible` provider calls) that answers with `rewriteByRules`. The app talks
 * to it exactly as to a real model, so the engine, its timeouts and its faults are exercised
 * offline. It keeps nothing and logs nothing of what it is sent.
 *
 *   POST /v1/chat/completions   { model, messages, stream? } → chat.completion (or SSE chunks)
 *   GET  /v1/models             → the one model, "tonewise-local"
 *
 * Prompt contract with app/lib/optimize/prompts.ts: the instructions (a `system` or `developer`
 * message) carry `Tone: …` and `Message type: …` lines; the text is in the last `user` message
 * between a `<message-CODE>` line and the matching `</message-CODE>` line (the code is random per
 * request; a plain `<message>` pair is read too).
 */
import { LOCAL_AI_MODEL } from "../config.ts";
import { MESSAGE_TYPES, rewriteByRules, TONES, type MessageType, type Tone } from "./rules.ts";

type ChatMessage = { role?: unknown; content?: unknown };

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (part && typeof part === "object" && (part as { type?: unknown }).type === "text" ? String((part as { text?: unknown }).text ?? "") : ""))
      .join("");
  }
  return "";
}

function openAiError(status: number, message: string, type = "invalid_request_error"): Response {
  return Response.json({ error: { message, type, param: null, code: null } }, { status });
}

/** Reads the brief and the message out of a chat request, as the prompt contract describes. */
export function readPrompt(messages: ChatMessage[]): { text: string; tone: Tone; messageType: MessageType } {
  const instructions = messages
    .filter((message) => message.role === "system" || message.role === "developer")
    .map((message) => textOf(message.content))
    .join("\n");
  const tone = /^Tone: *(\w+) *$/m.exec(instructions)?.[1] as Tone | undefined;
  const messageType = /^Message type: *(\w+) *$/m.exec(instructions)?.[1] as MessageType | undefined;
  const lastUser = [...messages].reverse().find((message) => message.role === "user");
  const prompt = textOf(lastUser?.content);
  const opening = /^<(message(?:-[0-9a-f]+)?)>$/m.exec(prompt);
  const start = opening ? opening.index + opening[0].length + 1 : -1;
  const end = opening ? prompt.lastIndexOf(`\n</${opening[1]}>`) : -1;
  const text = opening && end >= start ? prompt.slice(start, end) : prompt;
  return {
    text,
    tone: tone && (TONES as readonly string[]).includes(tone) ? tone : "professional",
    messageType: messageType && (MESSAGE_TYPES as readonly string[]).includes(messageType) ? messageType : "text",
  };
}

/** A rough token count for the usage block (4 characters a token). */
const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

let completionCounter = 0;

function completionResponse(model: string, content: string, promptTokens: number, stream: boolean): Response {
  const id = `chatcmpl-local-${++completionCounter}`;
  const created = Math.floor(Date.now() / 1000);
  const usage = { prompt_tokens: promptTokens, completion_tokens: tokens(content), total_tokens: promptTokens + tokens(content) };
  if (!stream) {
    return Response.json({
      id,
      object: "chat.completion",
      created,
      model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage,
    });
  }
  const chunk = (delta: Record<string, unknown>, finishReason: string | null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`;
  const body = [
    chunk({ role: "assistant", content: "" }, null),
    ...(content.match(/[\s\S]{1,48}/g) ?? []).map((piece) => chunk({ content: piece }, null)),
    chunk({}, "stop", { usage }),
    "data: [DONE]\n\n",
  ].join("");
  return new Response(body, { headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store" } });
}

export function createAiStandIn(): { handle(request: Request): Promise<Response> } {
  return {
    async handle(request) {
      const path = new URL(request.url).pathname.replace(/\/+$/, "");
      if (path === "/v1/models" && request.method === "GET") {
        return Response.json({ object: "list", data: [{ id: LOCAL_AI_MODEL, object: "model", created: 0, owned_by: "tonewise" }] });
      }
      if (path !== "/v1/chat/completions") return openAiError(404, `Unknown path ${path}`, "not_found_error");
      if (request.method !== "POST") return openAiError(405, "Use POST");

      let body: { model?: unknown; messages?: unknown; stream?: unknown };
      try {
        body = (await request.json()) as typeof body;
      } catch {
        return openAiError(400, "The request body is not valid JSON.");
      }
      if (!Array.isArray(body?.messages) || body.messages.length === 0) return openAiError(400, "'messages' must be a non-empty array.");
      const model = typeof body.model === "string" && body.model ? body.model : LOCAL_AI_MODEL;
      const { text, tone, messageType } = readPrompt(body.messages as ChatMessage[]);
      if (!text.trim()) return openAiError(400, "There is no message to rewrite.");
      const promptTokens = tokens((body.messages as ChatMessage[]).map((message) => textOf(message.content)).join(""));
      return completionResponse(model, rewriteByRules(text, tone, messageType), promptTokens, body.stream === true);
    },
  };
}
