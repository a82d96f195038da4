import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { clientAddress, rateLimitedBlock } from "./client-address.server";
import { getEnv, type AppEnv } from "./env.server";
import { sharedServiceClient } from "./supabase.server";
import { hmacSha256 } from "./secret-hmac";
import { flashToast } from "./toast.server";

type Rule = { limit: number; windowSeconds: number };

/**
 * How often each form may be used (issue 10, finding 2; the reasons are in decision 020). Every
 * attempt counts, valid or not, against the client's address and, where there is one, the email
 * or account it is about; the first limit reached refuses.
 */
export const FORM_RATE_LIMITS = {
  /** Password guessing: 10 tries at one account per 15 minutes, 50 from one address. */
  signIn: { perAddress: { limit: 50, windowSeconds: 900 }, perSubject: { limit: 10, windowSeconds: 900 } },
  /** Email bombing and mass sign-ups: 3 emails to one address an hour, 20 sign-ups from one client. */
  signUp: { perAddress: { limit: 20, windowSeconds: 3600 }, perSubject: { limit: 3, windowSeconds: 3600 } },
  /** Reset emails: 3 to one address an hour, 20 requests from one client. */
  passwordResetEmail: { perAddress: { limit: 20, windowSeconds: 3600 }, perSubject: { limit: 3, windowSeconds: 3600 } },
  /** Choosing a new password: 5 per account per 15 minutes. */
  newPassword: { perAddress: { limit: 30, windowSeconds: 900 }, perSubject: { limit: 5, windowSeconds: 900 } },
  /** Newsletter: 3 sign-ups of one address an hour, 20 from one client. */
  newsletter: { perAddress: { limit: 20, windowSeconds: 3600 }, perSubject: { limit: 3, windowSeconds: 3600 } },
  /** Stripe Checkout and the billing portal (shared): 10 per account per 10 minutes. */
  billing: { perAddress: { limit: 60, windowSeconds: 600 }, perSubject: { limit: 10, windowSeconds: 600 } },
  /**
   * The return from Checkout reads the session (and the subscription) from Stripe: 10 per account
   * per 10 minutes, 60 from one client, so a looped link cannot spend our Stripe allowance.
   * Refused, the page still says its toast; the webhook brings the plan.
   */
  checkoutReturn: { perAddress: { limit: 60, windowSeconds: 600 }, perSubject: { limit: 10, windowSeconds: 600 } },
} satisfies Record<string, { perAddress: Rule; perSubject: Rule }>;

export type RateLimitedAction = keyof typeof FORM_RATE_LIMITS;

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt at `action` by this request's client (its IPv6 /64: see rateLimitedBlock), about `subject` (an email, compared
 * case-insensitively, or a user id), and says whether it may go ahead. Decided in one call to
 * Postgres (`hit_rate_limits`), so it holds across processes, on Node and on the Worker alike.
 * If the counter cannot be reached the attempt goes ahead: the forms depend on the same database,
 * and refusing everyone because a counter is down would be worse than a few uncounted tries.
 */
export async function hitFormRateLimit(
  request: Request,
  context: Readonly<RouterContextProvider>,
  action: RateLimitedAction,
  subject: string | null,
): Promise<RateLimitDecision> {
  const rules = FORM_RATE_LIMITS[action];
  const env = getEnv(context);
  const keys = [`${action}:address:${await fingerprint(rateLimitedBlock(clientAddress(request, context) ?? "unknown"), env.COOKIE_SECRET)}`];
  const limits = [rules.perAddress.limit];
  const windows = [rules.perAddress.windowSeconds];
  if (subject) {
    keys.push(`${action}:subject:${await fingerprint(subject.trim().toLowerCase(), env.COOKIE_SECRET)}`);
    limits.push(rules.perSubject.limit);
    windows.push(rules.perSubject.windowSeconds);
  }
  return hitCounters(env, { keys, limits, windows }, action);
}

/**
 * Uses `key` up, answering whether this was its first use in `windowSeconds` (a form's one-time
 * id: a reload that posts the form again is its second use). Counted like the limits above, and,
 * like them, the first use when the counter cannot be reached.
 */
export async function claimFirstUse(context: Readonly<RouterContextProvider>, key: string, windowSeconds: number): Promise<boolean> {
  const env = getEnv(context);
  const keys = [await firstUseCounter(env, key)];
  return (await hitCounters(env, { keys, limits: [1], windows: [windowSeconds] }, "one-time form id")).allowed;
}

/**
 * Gives back a claim whose work failed, so the same form can be sent again: without it, trying
 * again after an error would be taken for a reload after success. If the counter cannot be
 * reached either, the claim stays (the form then says it was already sent).
 */
export async function releaseFirstUse(context: Readonly<RouterContextProvider>, key: string): Promise<void> {
  const env = getEnv(context);
  const { error } = await sharedServiceClient(env).from("rate_limits").delete().eq("key", await firstUseCounter(env, key));
  if (error) console.error(`[rate-limit] one-time form id: release failed (${error.code || "no answer"})`);
}

async function firstUseCounter(env: AppEnv, key: string): Promise<string> {
  return `once:${await fingerprint(key, env.COOKIE_SECRET)}`;
}

/**
 * One attempt on each counter, in one call to Postgres (`hit_rate_limits`): refused when any is
 * over its limit. If the counters cannot be reached the attempt goes ahead (see hitFormRateLimit).
 */
async function hitCounters(
  env: AppEnv,
  counters: { keys: string[]; limits: number[]; windows: number[] },
  what: string,
): Promise<RateLimitDecision> {
  const { data, error } = await sharedServiceClient(env)
    .rpc("hit_rate_limits", { p_keys: counters.keys, p_limits: counters.limits, p_window_seconds: counters.windows })
    .single<{ allowed: boolean; retry_after_seconds: number }>();
  if (error || !data) {
    console.error(`[rate-limit] ${what}: counter unavailable (${error?.code ?? "no row"}); allowed`);
    return { allowed: true };
  }
  return data.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, data.retry_after_seconds) };
}

const refusalContext = createContext<{ retryAfterSeconds: number } | null>(null);

/**
 * Shows the toast of a refused form and answers its status (429). The `Retry-After` header is
 * added by `rateLimitHeadersMiddleware`: React Router keeps only cookies from an action's own
 * headers when it renders the page.
 */
export function refuseTooManyAttempts(context: Readonly<RouterContextProvider>, retryAfterSeconds: number): ResponseInit {
  flashToast(context, {
    variant: "destructive",
    title: "Too many attempts",
    description: tooManyAttemptsMessage(retryAfterSeconds),
  });
  context.set(refusalContext, { retryAfterSeconds });
  return { status: 429 };
}

/** Says on the response when a refused form may be tried again. */
export const rateLimitHeadersMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const refusal = context.get(refusalContext);
  if (refusal) {
    try {
      response.headers.set("Retry-After", String(refusal.retryAfterSeconds));
    } catch {
      // Immutable headers (a proxied response): nothing to add.
    }
  }
  return response;
};

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `For your security, please wait ${waitDescription(retryAfterSeconds)} and try again.`;
}

function waitDescription(seconds: number): string {
  if (seconds <= 60) return "a minute";
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/**
 * A stable key part that cannot be turned back into the address or email (an HMAC keyed with the
 * server's secret: a plain hash of an IPv4 address is reversed by trying all 2^32).
 */
async function fingerprint(value: string, secret: string): Promise<string> {
  const signature = await hmacSha256(`rate-limit:${secret}`, value);
  return [...new Uint8Array(signature).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
