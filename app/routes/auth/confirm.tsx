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
 *
 * The address shown comes from the link, so the attacker could write the victim's own there: the
 * form carries it, and a token that turns out to belong to another account signs no one in (the
 * session it just made is ended, and the link is refused as invalid). A link without an address
 * is refused: every email we send has one.
 */
type LinkFields = { tokenHash: string; type: EmailOtpType; next: string | null; email: string };

function readLink(source: URLSearchParams | FormData): LinkFields | null {
  const tokenHash = source.get("token_hash");
  const type = source.get("type");
  if (typeof tokenHash !== "string" || !/^[A-Za-z0-9_-]{8,200}$/.test(tokenHash)) return null;
  if (typeof type !== "string" || !OTP_TYPES.has(type as EmailOtpType)) return null;
  // A "+" in an address written into a link unencoded (a hosted project's email template) reads
  // back as a space; an address has no spaces.
  const email = source.get("email")?.toString().replaceAll(" ", "+");
  if (typeof email !== "string" || email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) return null;
  const next = source.get("next");
  return { tokenHash, type: type as EmailOtpType, next: typeof next === "string" ? next : null, email };
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
  // Shown, and checked against the token's account when the form comes back.
  return { tokenHash: link.tokenHash, type: link.type, next: link.next ?? "", email: link.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const link = readLink(await request.formData());
  if (!link) invalidLink(context, null);
  const appOrigin = new URL(getEnv(context).APP_URL).origin;
  const fallback = link.type === "recovery" ? href("/auth/reset-password") : href("/dashboard");
  const next = safeRedirectPath(sameOriginPath(link.next, appOrigin), fallback);
  const supabase = getSupabase(context);
  const { data, error } = await supabase.auth.verifyOtp({ type: link.type, token_hash: link.tokenHash });
  if (error) {
    console.warn(`Email link verification failed: ${error.code ?? error.status ?? "error"}`);
    invalidLink(context, link.type);
  }
  if (data.user?.email?.toLowerCase() !== link.email.toLowerCase()) {
    // Someone else's link, dressed up with this visitor's address: end the session it just made.
    console.warn("Email link verification refused: the link's address is not its account's");
    await supabase.auth.signOut({ scope: "local" }).catch(() => undefined);
    invalidLink(context, link.type);
  }
  throw redirect(link.type === "recovery" ? href("/auth/reset-password") : next);
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
      title={`Continue as ${email}`}
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
        <input type="hidden" name="email" value={email} />
        <SubmitButton>Continue</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">Not you, or didn't ask for this? You can close this page.</p>
    </AuthCard>
  );
}
