/**
 * What went wrong, as one line for a log: an Error's message, or anything else as a string. Only
 * for errors from our own services (Stripe, Supabase, the engine's status): never pass an error
 * that could quote a user's text.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
