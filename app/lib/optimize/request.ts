import "../zod-config";
import { z } from "zod";
import { MESSAGE_TYPES, TONES } from "~/content/preferences";
import { isPlainLine } from "../plain-text";
import { schemaOnFirstUse } from "../schema-on-first-use";
import { isTooLongToSend, MESSAGE_TOO_LONG } from "./message-length";

export { characterCount, MAX_MESSAGE_CHARACTERS } from "./message-length";

/**
 * What a caller asks of the optimizer, shared by the API (`POST /api/v1/optimize`), the
 * dashboard's Try it form and the browser: one schema, one set of messages.
 */
export const MAX_DRAFT_ID_LENGTH = 64;

export type Tone = (typeof TONES)[number];
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const OPTIMIZE_MESSAGES = {
  textRequired: "Write a message to optimize.",
  textTooLong: MESSAGE_TOO_LONG,
  tone: `Tone must be one of ${TONES.join(", ")}.`,
  messageType: `Message type must be one of ${MESSAGE_TYPES.join(", ")}.`,
  platform: "Platform must be a short label such as gmail, linkedin, slack or web.",
  draftId: `Draft id must be 1 to ${MAX_DRAFT_ID_LENGTH} printable characters.`,
} as const;

// Every schema here is built on first use (decision 059): the dashboard's first script run builds none.
const messageTextField = /* @__PURE__ */ schemaOnFirstUse(() =>
  z
    .string({ message: OPTIMIZE_MESSAGES.textRequired })
    .refine((text) => text.trim().length > 0, { message: OPTIMIZE_MESSAGES.textRequired })
    .refine((text) => !isTooLongToSend(text), { message: OPTIMIZE_MESSAGES.textTooLong }),
);

const draftIdField = /* @__PURE__ */ schemaOnFirstUse(() =>
  z
    .string({ message: OPTIMIZE_MESSAGES.draftId })
    .min(1, { message: OPTIMIZE_MESSAGES.draftId })
    .max(MAX_DRAFT_ID_LENGTH, { message: OPTIMIZE_MESSAGES.draftId })
    .refine(isPlainLine, { message: OPTIMIZE_MESSAGES.draftId }),
);

/** The API's body (`POST /api/v1/optimize`). */
export const optimizeRequestSchema = /* @__PURE__ */ schemaOnFirstUse(() =>
  z.object({
    text: messageTextField(),
    tone: z.enum(TONES, { message: OPTIMIZE_MESSAGES.tone }).optional(),
    messageType: z.enum(MESSAGE_TYPES, { message: OPTIMIZE_MESSAGES.messageType }).optional(),
    platform: z
      .string({ message: OPTIMIZE_MESSAGES.platform })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9._-]{0,31}$/, { message: OPTIMIZE_MESSAGES.platform })
      .optional(),
    draftId: draftIdField().optional(),
  }),
);

export type OptimizeRequest = z.infer<ReturnType<typeof optimizeRequestSchema>>;

/** The dashboard's Try it form: the same fields, tone and type always chosen, one draft per visit. */
export const tryItSchema = /* @__PURE__ */ schemaOnFirstUse(() =>
  z.object({
    text: messageTextField(),
    tone: z.enum(TONES, { message: OPTIMIZE_MESSAGES.tone }),
    messageType: z.enum(MESSAGE_TYPES, { message: OPTIMIZE_MESSAGES.messageType }),
    draftId: draftIdField().optional(),
  }),
);
