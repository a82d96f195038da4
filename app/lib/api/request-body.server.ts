import { ApiError } from "./responses.server";

/** The largest JSON body `/api/v1/*` reads. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Reads a request body as text, refusing it with 413 as soon as it is known to be over
 * API_BODY_LIMIT_BYTES: from Content-Length before reading anything, and by counting bytes as they
 * arrive for a chunked body, so an oversized body is never held in memory whole.
 */
export async function readBodyText(request: Request): Promise<string> {
  const limit = API_BODY_LIMIT_BYTES;
  const tooLarge = () => new ApiError(413, "payload_too_large", `The request body is over ${Math.floor(limit / 1024)} KB.`);
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const reader = request.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A JSON object body, or 400 `invalid_request` (malformed JSON, or not an object) / 413. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await readBodyText(request);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_request", "The request body must be valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ApiError(400, "invalid_request", "The request body must be a JSON object.");
  }
  return value as Record<string, unknown>;
}
