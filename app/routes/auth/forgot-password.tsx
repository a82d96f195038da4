import { getFormProps } from "@conform-to/react";
import { data, Form, href, Link } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { CheckEmailNotice } from "~/components/check-email-notice";
import { usePrefillRememberedEmail } from "~/components/auth-email-memory";
import { HoneypotField } from "~/components/honeypot-field";
import { SubmitButton } from "~/components/submit-button";
import { TextField } from "~/components/ui/text-field";
import { useValidatedForm } from "~/components/use-validated-form";
import { forgotPasswordSchema } from "~/lib/auth-schemas";
import { getEnv } from "~/lib/env.server";
import { invalidSubmission, validateForm } from "~/lib/form-validation.server";
import { isHoneypotTripped } from "~/lib/honeypot";
import { hitFormRateLimit, refuseTooManyAttempts } from "~/lib/rate-limits.server";
import { getSupabase } from "~/lib/session.server";
import type { Route } from "./+types/forgot-password";
import { serviceErrorCode } from "~/lib/error-log.server";

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const validated = validateForm(context, formData, forgotPasswordSchema);
  if (!validated.ok) return invalidSubmission({ result: validated.result, sentTo: null });
  const limit = await hitFormRateLimit(request, context, "passwordResetEmail", validated.value.email);
  if (!limit.allowed) return data({ result: validated.submission.reply(), sentTo: null }, refuseTooManyAttempts(context, limit.retryAfterSeconds));
  if (!isHoneypotTripped(formData)) {
    const { error } = await getSupabase(context).auth.resetPasswordForEmail(validated.value.email, {
      redirectTo: new URL(href("/auth/reset-password"), getEnv(context).APP_URL).toString(),
    });
    // The answer is the same whether or not the address has an account.
    if (error) console.error(`Password reset request failed: ${serviceErrorCode(error)}`);
  }
  return { result: validated.submission.reply({ resetForm: true }), sentTo: validated.value.email };
}

export const meta: Route.MetaFunction = () => [
  { title: "Reset your password | Tonewise" },
  { name: "robots", content: "noindex" },
];

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { form, fields, onSubmit } = useValidatedForm({
    id: "forgot-password",
    schema: forgotPasswordSchema,
    lastResult: actionData?.result,
  });
  usePrefillRememberedEmail(form, fields.email.name);
  return (
    <AuthCard title="Forgot your password?" description="Enter your email and we'll send you a link to choose a new one.">
      {actionData?.sentTo ? (
        <CheckEmailNotice key={actionData.sentTo}>
          If an account exists for <strong>{actionData.sentTo}</strong>, you'll receive a link to reset your password in a few
          minutes.
        </CheckEmailNotice>
      ) : null}
      <Form method="post" {...getFormProps(form)} onSubmit={onSubmit} className="relative space-y-5">
        <HoneypotField />
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <SubmitButton>Send Reset Link</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{" "}
        <Link to={href("/auth")} className="font-semibold text-brand-700 hover:text-brand-800">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
