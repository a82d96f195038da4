import type { z } from "zod";
import { ApiError } from "./responses.server";

/**
 * Checks an API input (a JSON body, a member of one, or the query) with its shared zod schema:
 * the parsed value, or 400 `invalid_request` naming the first field at fault. `fieldPrefix`
 * names where the input sits in the body ("settings" → "settings.defaultTone").
 */
export function parseApiInput<Schema extends z.ZodType>(schema: Schema, input: unknown, fieldPrefix?: string): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const key = issue?.code === "unrecognized_keys" ? issue.keys[0] : issue?.path[0];
  const field = typeof key === "string" ? (fieldPrefix ? `${fieldPrefix}.${key}` : key) : fieldPrefix;
  throw new ApiError(400, "invalid_request", issue?.message ?? "The request is invalid.", { field });
}
