import "./zod-config";
import { z } from "zod";
import { EXTENSION_TOKEN_LIMIT_MESSAGE, MAX_ACTIVE_TOKENS } from "./access-token-limit";
import { isPlainLine } from "./plain-text";

// The Account page's token forms and the extension hand-over's parameters, shared by browser and server.

export { MAX_ACTIVE_TOKENS };

export const TOKEN_MESSAGES = {
  name: "Give the token a name, such as 'Work laptop' or 'CRM script'.",
  nameTooLong: "Token names can be at most 100 characters.",
  namePlain: "Token names can use letters, numbers, spaces and punctuation.",
  limit: `You already have ${MAX_ACTIVE_TOKENS} tokens. Revoke one you no longer use first.`,
  /** The hand-over's page, the token exchange's 409 and the extension's popup (access-token-limit.ts). */
  extensionLimit: EXTENSION_TOKEN_LIMIT_MESSAGE,
  /** The same form posted again (a reload after Create token). */
  alreadyCreated: "That form was already sent: the token is in your list below. Its secret was shown only once.",
} as const;

export const createTokenSchema = z.object({
  name: z
    .string({ message: TOKEN_MESSAGES.name })
    .trim()
    .min(1, { message: TOKEN_MESSAGES.name })
    .max(100, { message: TOKEN_MESSAGES.nameTooLong })
    .refine(isPlainLine, { message: TOKEN_MESSAGES.namePlain }),
  /** The rendered form's one-time id: the same form posted again (a reload) makes no second token. */
  once: z.uuid().optional().catch(undefined),
});

export const revokeTokenSchema = z.object({ tokenId: z.uuid({ message: "Choose a token to revoke." }) });

/** What the extension sends to /extension/connect (RFC 7636 PKCE with S256). */
export const extensionConnectSchema = z.object({
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/),
  code_challenge_method: z.literal("S256"),
  state: z.string().regex(/^[A-Za-z0-9._~-]{8,128}$/),
});

/** What the extension posts to /api/v1/extension/token. */
export const extensionTokenRequestSchema = z.object({
  code: z.string({ message: "code is required." }).regex(/^[A-Za-z0-9_-]{43}$/, { message: "code is malformed." }),
  codeVerifier: z
    .string({ message: "codeVerifier is required." })
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, { message: "codeVerifier must be 43 to 128 URL-safe characters." }),
});
