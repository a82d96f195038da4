import type { EmailOtpType } from "@supabase/supabase-js";
import { Form, href, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { SubmitButton } from "~/components/submit-button";
import { getEnv } from "~/lib/env.server";
import { getSupabase, safeRedirectPath } from "~/lib/session.server";
import { flashToast } from "~/lib/toast.server";
import type { Route } from "./+types/confirm";

const OTP_TYPES = new Set<EmailOtpType>(["signup", "email", "recovery", "invite", "magiclink", "email_change"]);

/**
 * Where the links in confirmation and password-reset emails land. Opening the link signs no one
 * in: it shows whom the link is for ("Continue as name@example.com"), and only a same-origin POST
 * from that page verifies the token_hash and signs in (issue 10, finding 8). Otherwise anyone
 * could send a victim a link to the attacker's own account, sign them into it, and read what they
 * then write. Works without JavaScript: it is a plain form.
 */
type LinkFields = { tokenHash: string; type: EmailOtpType; next: string | null };

function readLink(source: URLSearchParams | FormData): LinkFields | null {
  const tokenHash = source.get("token_hash");
  const type = source.get("type");
  if (typeof tokenHash !== "string" || !/^[A-Za-z0-9_-]{8,200}$/.test(tokenHash)) return null;
  if (typeof type !== "string" || !OTP_TYPES.has(type as EmailOtpType)) return null;
  const next = source.get("next");
  return { tokenHash, type: type as EmailOtpType, next: typeof next === "string" ? next : null };
}

function invalidLink(context: Route.LoaderArgs["context"], type: string | null): never {
  flashToast(context, {
    variant: "destructive",
    title: "Error",
    description: "This link is invalid or has expired. Please request a new one.",
  });
  throw redirect(type === "recovery" ? href("/auth/forgot-password") : href("/auth"));
}

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const link = readLink(params);
  if (!link) invalidLink(context, params.get("type"));
  const email = params.get("email");
  return {
    tokenHash: link.tokenHash,
    type: link.type,
    next: link.next ?? "",
    // Only shown, never trusted: the token decides whose account it is.
    email: email && email.length <= 254 && email.includes("@") ? email : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const link = readLink(await request.formData());
  if (!link) invalidLink(context, null);
  const appOrigin = new URL(getEnv(context).APP_URL).origin;
  const fallback = link.type === "recovery" ? href("/auth/reset-password") : href("/dashboard");
  const next = safeRedirectPath(sameOriginPath(link.next, appOrigin), fallback);
  const { error } = await getSupabase(context).auth.verifyOtp({ type: link.type, token_hash: link.tokenHash });
  if (!error) throw redirect(link.type === "recovery" ? href("/auth/reset-password") : next);
  console.warn(`Email link verification failed: ${error.code ?? error.status ?? "error"}`);
  invalidLink(context, link.type);
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

export const meta: Route.MetaFunction = () => [{ title: "Continue | Tonewise" }, { name: "robots", content: "noindex" }];

export default function ConfirmEmailLink({ loaderData: { tokenHash, type, next, email } }: Route.ComponentProps) {
  const recovery = type === "recovery";
  return (
    <AuthCard
      title={email ? `Continue as ${email}` : "Continue to Tonewise"}
      description={
        recovery
          ? "You asked to reset your password. Continue to choose a new one."
          : "Continue to confirm your email address and sign in."
      }
    >
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token_hash" value={tokenHash} />
        <input type="hidden" name="type" value={type} />
        <input type="hidden" name="next" value={next} />
        <SubmitButton>Continue</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">Not you, or didn't ask for this? You can close this page.</p>
    </AuthCard>
  );
}
