import type { EmailOtpType } from "@supabase/supabase-js";
import { redirect } from "react-router";
import { getEnv } from "~/lib/env.server";
import { getSupabase, safeRedirectPath } from "~/lib/session.server";
import { flashToast } from "~/lib/toast.server";
import type { Route } from "./+types/confirm";

const OTP_TYPES = new Set<EmailOtpType>(["signup", "email", "recovery", "invite", "magiclink", "email_change"]);

/**
 * Where the links in confirmation and password-reset emails land: verifies the token_hash,
 * which signs the user in, then continues to `next` (same-site only).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tokenHash = url.searchParams.get("token_hash");
  const type = url.searchParams.get("type") as EmailOtpType | null;
  const appOrigin = new URL(getEnv(context).APP_URL).origin;
  const fallback = type === "recovery" ? "/auth/reset-password" : "/dashboard";
  const next = safeRedirectPath(sameOriginPath(url.searchParams.get("next"), appOrigin), fallback);

  if (tokenHash && type && OTP_TYPES.has(type)) {
    const { error } = await getSupabase(context).auth.verifyOtp({ type, token_hash: tokenHash });
    if (!error) throw redirect(type === "recovery" ? "/auth/reset-password" : next);
    console.warn(`Email link verification failed: ${error.message}`);
  }
  flashToast(context, {
    variant: "destructive",
    title: "Error",
    description: "This link is invalid or has expired. Please request a new one.",
  });
  throw redirect(type === "recovery" ? "/auth/forgot-password" : "/auth");
}

/** An absolute URL on our own origin becomes its path; anything else passes through to the check. */
function sameOriginPath(value: string | null, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return value;
  }
}
