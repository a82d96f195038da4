import { getFormProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, useRouteLoaderData } from "react-router";
import { ApiTokensSection } from "~/components/dashboard/api-tokens";
import { SubmitButton } from "~/components/submit-button";
import { Field, inputClasses } from "~/components/ui/field";
import { TextField } from "~/components/ui/text-field";
import { useValidatedForm } from "~/components/use-validated-form";
import { profileSchema } from "~/lib/profile";
import { saveFullName } from "~/lib/profile.server";
import { listAccessTokens } from "~/lib/access-tokens.server";
import { logDatabaseFailure } from "~/lib/database-unavailable.server";
import { dashboardUser } from "~/lib/dashboard-guard.server";
import { getSupabase, getUserFromAuth } from "~/lib/session.server";
import { invalidSubmission, validateForm } from "~/lib/form-validation.server";
import { flashToast } from "~/lib/toast.server";
import type { Route } from "./+types/account";
import type { loader as layoutLoader } from "./layout";
import { createTokenAction, revokeTokenAction } from "./account.server";
import { dashboardMeta } from "~/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  // A new one-time id for the token form on every render: a reload that posts it again makes no second token.
  return { tokens: await readableTokens(context), tokenFormId: crypto.randomUUID() };
}

/**
 * The account's tokens, or null when the database did not answer: the rest of the page (the
 * profile form, a token just created) still works, and the section says the list is missing.
 */
async function readableTokens(context: Route.LoaderArgs["context"]) {
  try {
    return await listAccessTokens(getSupabase(context), dashboardUser(context).id);
  } catch (error) {
    logDatabaseFailure(error, "[account] ");
    return null;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "create-token") return createTokenAction(context, formData);
  if (intent === "revoke-token") return revokeTokenAction(context, formData);
  const validated = validateForm(context, formData, profileSchema);
  if (!validated.ok) return invalidSubmission({ result: validated.result });
  const user = await getUserFromAuth(context);
  if (!user) {
    flashToast(context, { variant: "destructive", title: "Error", description: "No user found" });
    return { result: validated.submission.reply() };
  }
  if (!(await saveFullName(getSupabase(context), user.id, validated.value.fullName))) {
    flashToast(context, { variant: "destructive", title: "Error", description: "Failed to update profile" });
    return { result: validated.submission.reply() };
  }
  flashToast(context, { variant: "success", title: "Success", description: "Profile updated successfully" });
  return { result: validated.submission.reply({ resetForm: true }) };
}

export const meta = () => dashboardMeta("Account", "Your Tonewise profile, member since date and extension access tokens.");

export default function Account({ actionData, loaderData }: Route.ComponentProps) {
  const { account } = useRouteLoaderData<typeof layoutLoader>("routes/dashboard/layout")!;
  const memberSince = account.memberSince
    ? new Date(account.memberSince).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: account.timeZone })
    : "";

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Account</h1>
        <p className="mt-1 text-slate-600">Your profile and sign-in details.</p>
      </header>
      {/* A saved name starts the form afresh with it. The key, not the form's id: field ids (and so
          the error's aria-describedby) must never hold the name's spaces. */}
      <ProfileForm
        key={account.fullName}
        fullName={account.fullName}
        email={account.email}
        memberSince={memberSince}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
      />
      <ApiTokensSection
        tokens={loaderData.tokens}
        formId={loaderData.tokenFormId}
        timeZone={account.timeZone}
        result={actionData && "tokenResult" in actionData ? actionData.tokenResult : undefined}
        created={actionData && "created" in actionData ? actionData.created : undefined}
      />
    </div>
  );
}

function ProfileForm({
  fullName,
  email,
  memberSince,
  lastResult,
}: {
  fullName: string;
  email: string;
  memberSince: string;
  lastResult: Parameters<typeof useValidatedForm>[0]["lastResult"];
}) {
  const { form, fields, onSubmit } = useValidatedForm({ id: "account", schema: profileSchema, lastResult, defaultValue: { fullName } });
  const element = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Mounted by a save that changed the name (the key above): the Save Changes the user pressed
    // went with the old form, and the focus with it. It goes to the new one, not the page's body.
    if (lastResult !== undefined && document.activeElement === document.body) {
      element.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    }
    // On mount only: later answers find the button where it was.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Form ref={element} method="post" {...getFormProps(form)} onSubmit={onSubmit} className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <TextField field={fields.fullName} label="Full name" type="text" autoComplete="name" />
      <Field id="email" label="Email" hint="Email cannot be changed for security reasons">
        {(aria) => <input {...aria} type="email" value={email} readOnly className={inputClasses(false, undefined, true)} />}
      </Field>
      <Field id="member-since" label="Member Since">
        {(aria) => <input {...aria} type="text" value={memberSince} readOnly className={inputClasses(false, undefined, true)} />}
      </Field>
      <div className="border-t border-slate-200 pt-6">
        <SubmitButton className="w-full sm:w-auto">Save Changes</SubmitButton>
      </div>
    </Form>
  );
}
