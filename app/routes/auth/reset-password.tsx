import { getFormProps } from "@conform-to/react";
import { Form, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { SubmitButton } from "~/components/submit-button";
import { PASSWORD_HINT, TextField } from "~/components/ui/text-field";
import { useValidatedForm } from "~/components/use-validated-form";
import { resetPasswordSchema } from "~/lib/auth-schemas";
import { validateForm } from "~/lib/form-validation.server";
import { getSupabase, getUser } from "~/lib/session.server";
import { flashToast } from "~/lib/toast.server";
import { serviceFailureMessage } from "~/lib/auth-errors";
import type { Route } from "./+types/reset-password";

const FIELDS = ["password", "confirmPassword"];

/** Reached from the reset email's link, which has already signed the user in. */
async function requireRecoverySession(context: Route.LoaderArgs["context"]) {
  const user = await getUser(context);
  if (!user) {
    flashToast(context, {
      variant: "destructive",
      title: "Error",
      description: "Your reset link has expired. Please request a new one.",
    });
    throw redirect("/auth/forgot-password");
  }
  return user;
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireRecoverySession(context);
  return { email: user.email ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRecoverySession(context);
  const formData = await request.formData();
  const validated = validateForm(context, formData, resetPasswordSchema, { fieldOrder: FIELDS, hideFields: FIELDS });
  if (!validated.ok) return { result: validated.result };
  const { error } = await getSupabase(context).auth.updateUser({ password: validated.value.password });
  if (error) {
    console.error(`Password update failed: ${error.code ?? error.status ?? "error"}`);
    flashToast(context, { variant: "destructive", title: "Error", description: serviceFailureMessage(error, "Failed to update password") });
    return { result: validated.submission.reply({ hideFields: FIELDS }) };
  }
  flashToast(context, { variant: "success", title: "Password updated", description: "Your new password is ready to use." });
  throw redirect("/dashboard");
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
    fieldOrder: FIELDS,
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
