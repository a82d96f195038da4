import { getFormProps } from "@conform-to/react";
import { data, Form, href, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { SubmitButton } from "~/components/submit-button";
import { PASSWORD_HINT, TextField } from "~/components/ui/text-field";
import { useValidatedForm } from "~/components/use-validated-form";
import { resetPasswordSchema } from "~/lib/auth-schemas";
import { invalidSubmission, validateForm } from "~/lib/form-validation.server";
import { hitFormRateLimit, refuseTooManyAttempts } from "~/lib/rate-limits.server";
import { getSupabase, getUser, getUserFromAuth } from "~/lib/session.server";
import { flashToast } from "~/lib/toast.server";
import { serviceFailureMessage } from "~/lib/auth-errors";
import { listAccessTokens } from "~/lib/access-tokens.server";
import { logDatabaseFailure } from "~/lib/database-unavailable.server";
import type { Route } from "./+types/reset-password";

/** Never sent back to the browser. */
const PASSWORD_FIELDS = ["password", "confirmPassword"];

/** How recently an emailed link must have signed the session in for it to set a new password. */
const RECOVERY_WINDOW_SECONDS = 15 * 60;

/**
 * Reached from the reset email's link, which has already signed the user in. Changing the
 * password needs that proof, not just any session (a stolen session must not be able to lock the
 * owner out): the session's access token must show an email-link sign-in (`amr` method
 * "recovery" or "otp") in the last 15 minutes. The token was verified first: from its claims to
 * show the form, by Auth (the session still exists) to change the password (decision 027).
 */
async function requireRecoverySession(context: Route.LoaderArgs["context"], confirmWithAuth = false) {
  const user = await (confirmWithAuth ? getUserFromAuth(context) : getUser(context));
  if (user && (await signedInByEmailLinkRecently(context))) return user;
  flashToast(context, {
    variant: "destructive",
    title: "Error",
    description: user
      ? "For your security, choose a new password from the link in a new reset email."
      : // No session: the page was opened without its link, or after the link's sign-in lapsed.
        "To choose a new password, open the link in a reset email. Request one here.",
  });
  throw redirect(href("/auth/forgot-password"));
}

async function signedInByEmailLinkRecently(context: Route.LoaderArgs["context"]): Promise<boolean> {
  const { data } = await getSupabase(context).auth.getSession();
  const token = data.session?.access_token;
  if (!token) return false;
  try {
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as {
      amr?: Array<{ method?: string; timestamp?: number }>;
    };
    const now = Date.now() / 1000;
    return (payload.amr ?? []).some(
      (entry) => (entry.method === "recovery" || entry.method === "otp") && typeof entry.timestamp === "number" && now - entry.timestamp <= RECOVERY_WINDOW_SECONDS,
    );
  } catch {
    return false;
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireRecoverySession(context);
  return { email: user.email ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireRecoverySession(context, true);
  const formData = await request.formData();
  const validated = validateForm(context, formData, resetPasswordSchema, { hideFields: PASSWORD_FIELDS });
  if (!validated.ok) return invalidSubmission({ result: validated.result });
  const limit = await hitFormRateLimit(request, context, "newPassword", user.id);
  if (!limit.allowed) return data({ result: validated.submission.reply({ hideFields: PASSWORD_FIELDS }) }, refuseTooManyAttempts(context, limit.retryAfterSeconds));
  // The new password revokes the account's API tokens (a database trigger, decision 056): the
  // toast says so when there were any. Not knowing (the database failed) changes nothing else.
  const hadTokens = await listAccessTokens(getSupabase(context), user.id).then(
    (tokens) => tokens.length > 0,
    (failure: unknown) => (logDatabaseFailure(failure, "Token list before a new password: "), false),
  );
  const { error } = await getSupabase(context).auth.updateUser({ password: validated.value.password });
  if (error) {
    console.error(`Password update failed: ${error.code ?? error.status ?? "error"}`);
    flashToast(context, { variant: "destructive", title: "Error", description: serviceFailureMessage(error, "Failed to update password") });
    return { result: validated.submission.reply({ hideFields: PASSWORD_FIELDS }) };
  }
  flashToast(context, {
    variant: "success",
    title: "Password updated",
    description: hadTokens
      ? "Your new password is ready to use. Your API tokens were revoked too, so connect the browser extension again."
      : "Your new password is ready to use.",
  });
  throw redirect(href("/dashboard"));
}

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Tonewise" },
  { name: "robots", content: "noindex" },
];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { form, fields, onSubmit } = useValidatedForm({
    id: "reset-password",
    schema: resetPasswordSchema,
    lastResult: actionData?.result,
    secretFields: PASSWORD_FIELDS,
  });
  return (
    <AuthCard title="Choose a new password" description={<>For {loaderData.email}</>}>
      <Form method="post" {...getFormProps(form)} onSubmit={onSubmit} className="space-y-5">
        <TextField field={fields.password} label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
        <TextField field={fields.confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
        <SubmitButton>Update Password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
