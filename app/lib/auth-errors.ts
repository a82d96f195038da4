/**
 * What a visitor is told when Supabase refuses an auth or profile request: our own fixed words,
 * chosen by the error's code — never the service's or the database's raw text, and never a
 * message that would tell an attacker more than the visitor needs (finding 10 of the security
 * review). "Email not confirmed" is answered like a wrong password: it would confirm the password.
 */
type ServiceError = { code?: string; status?: number; message?: string } | null | undefined;

export const AUTH_FALLBACK_ERROR = "An error occurred during authentication";
/** What a wrong email or password is answered with (the wording Supabase itself uses). */
export const INVALID_CREDENTIALS = "Invalid login credentials";

const KNOWN: Record<string, string> = {
  over_email_send_rate_limit: "Email rate limit exceeded",
  over_request_rate_limit: "Too many attempts. Please wait a few minutes and try again.",
  weak_password: "Please choose a stronger password.",
  same_password: "Your new password must be different from your current one.",
  signup_disabled: "Sign-ups are closed right now. Please try again later.",
};

/** For sign-in: a wrong password and an unconfirmed address read the same. */
export function signInFailureMessage(error: ServiceError): string {
  if (!error || error.code === "invalid_credentials" || error.code === "email_not_confirmed") return INVALID_CREDENTIALS;
  if (/^(invalid login credentials|email not confirmed)$/i.test(error.message ?? "")) return INVALID_CREDENTIALS;
  return (error.code && KNOWN[error.code]) || AUTH_FALLBACK_ERROR;
}

/**
 * For sign-up, password changes and the like: a known refusal in our words, else `fallback`. A 429
 * without a code (an older Auth server) is the limit on what the request does: for sign-up and
 * reset emails, `tooManyCode` says which.
 */
export function serviceFailureMessage(error: ServiceError, fallback = AUTH_FALLBACK_ERROR, tooManyCode = "over_request_rate_limit"): string {
  const code = error?.code ?? (error?.status === 429 ? tooManyCode : undefined);
  return (code && KNOWN[code]) || fallback;
}
