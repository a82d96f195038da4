/**
 * How many access tokens a user may have, and what the extension's hand-over says at that limit.
 * Imports nothing: the browser extension bundles this module (access-token-forms.ts, which the
 * extension must not pull in with its zod, re-uses it).
 */

/** Active (not revoked, not idle-expired) tokens a user may have at once; the database enforces it too. */
export const MAX_ACTIVE_TOKENS = 20;

/**
 * At the limit, connecting the extension gives no token: the hand-over's page and the extension's
 * popup say this (where to go, and what to do after), whether the landing page or the token
 * exchange (409 limit_reached) found the limit.
 */
export const EXTENSION_TOKEN_LIMIT_MESSAGE = `You already have ${MAX_ACTIVE_TOKENS} access tokens. Revoke one you no longer use on your Account page, then connect again.`;
