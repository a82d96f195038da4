import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, href, Link, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { CheckEmailNotice } from "~/components/check-email-notice";
import { HoneypotField } from "~/components/honeypot-field";
import { SubmitButton } from "~/components/submit-button";
import { PASSWORD_HINT, TextField } from "~/components/ui/text-field";
import { serviceFailureMessage, signInFailureMessage } from "~/lib/auth-errors";
import { usePrefillRememberedEmail } from "~/components/auth-email-memory";
import { useValidatedForm } from "~/components/use-validated-form";
import { sendBrowserTimeZone } from "~/lib/browser-time-zone";
import { signInSchema, signUpSchema } from "~/lib/auth-schemas";
import { getEnv } from "~/lib/env.server";
import { invalidSubmission, validateForm } from "~/lib/form-validation.server";
import { isHoneypotTripped } from "~/lib/honeypot";
import { hitFormRateLimit, refuseTooManyAttempts } from "~/lib/rate-limits.server";
import { getSupabase, getUser, safeRedirectPath } from "~/lib/session.server";
import { adoptBrowserTimeZone, knownTimeZone } from "~/lib/settings.server";
import { flashToast } from "~/lib/toast.server";
import type { Route } from "./+types/auth";
import { originFrom } from "~/lib/seo";

type Mode = "signin" | "signup";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getUser(context)) throw redirect(redirectTo);
  const mode: Mode = url.searchParams.get("mode") === "signup" ? "signup" : "signin";
  return { mode, redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const mode: Mode = formData.get("mode") === "signup" ? "signup" : "signin";
  const env = getEnv(context);
  const supabase = getSupabase(context);
  const serviceError = (message: string) => flashToast(context, { variant: "destructive", title: "Error", description: message });

  if (mode === "signup") {
    const validated = validateForm(context, formData, signUpSchema, { hideFields: ["password"] });
    if (!validated.ok) return invalidSubmission({ mode, result: validated.result, checkEmail: null });
    const { fullName, email, password } = validated.value;
    const timeZone = knownTimeZone(validated.value.timeZone);
    const limit = await hitFormRateLimit(request, context, "signUp", email);
    if (!limit.allowed) {
      return data({ mode, result: validated.submission.reply({ hideFields: ["password"] }), checkEmail: null }, refuseTooManyAttempts(context, limit.retryAfterSeconds));
    }
    if (!isHoneypotTripped(formData)) {
      const { error } = await supabase.auth.signUp({
        email,
        password,
        options: {
          emailRedirectTo: new URL(href("/dashboard"), env.APP_URL).toString(),
          // The database's trigger stores the zone in the new account's settings (decision 059).
          data: { full_name: fullName, ...(timeZone ? { time_zone: timeZone } : {}) },
        },
      });
      if (error) {
        console.error(`Sign-up failed: ${error.code ?? error.status ?? "error"}`);
        serviceError(serviceFailureMessage(error, undefined, "over_email_send_rate_limit"));
        return { mode, result: validated.submission.reply({ hideFields: ["password"] }), checkEmail: null };
      }
    }
    return { mode, result: validated.submission.reply({ resetForm: true }), checkEmail: email };
  }

  const validated = validateForm(context, formData, signInSchema, { hideFields: ["password"] });
  if (!validated.ok) return invalidSubmission({ mode, result: validated.result, checkEmail: null });
  const limit = await hitFormRateLimit(request, context, "signIn", validated.value.email);
  if (!limit.allowed) {
    return data({ mode, result: validated.submission.reply({ hideFields: ["password"] }), checkEmail: null }, refuseTooManyAttempts(context, limit.retryAfterSeconds));
  }
  const signIn = await supabase.auth.signInWithPassword({
    email: validated.value.email,
    password: validated.value.password,
  });
  const { error } = signIn;
  if (error || !signIn.data.session) {
    if (error && error.code !== "invalid_credentials") console.error(`Sign-in failed: ${error.code ?? error.status ?? "error"}`);
    serviceError(signInFailureMessage(error));
    return { mode, result: validated.submission.reply({ hideFields: ["password"] }), checkEmail: null };
  }
  // An account without a time zone takes the browser's as it signs in (decision 059); a zone the
  // runtime does not know is dropped there.
  const { timeZone } = validated.value;
  const zoneError = timeZone ? await adoptBrowserTimeZone(supabase, signIn.data.session.user.id, timeZone) : null;
  if (zoneError) console.error(`Time zone save failed: ${zoneError}`);
  throw redirect(safeRedirectPath(validated.value.redirectTo));
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const signup = loaderData?.mode === "signup";
  return [
    { title: signup ? "Create your account | Tonewise" : "Sign in | Tonewise" },
    { name: "description", content: "Sign in to Tonewise or create a free account." },
    // Indexable: people search for a product's sign-in page (docs/decisions/029). Every mode and
    // redirect target is the same page to a search engine.
    { tagName: "link", rel: "canonical", href: new URL(href("/auth"), originFrom(matches)).toString() },
  ];
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const mode: Mode = loaderData.mode;
  const signup = mode === "signup";
  const lastResult = actionData?.mode === mode ? actionData.result : undefined;
  const { form, fields, onSubmit } = useValidatedForm({
    id: `auth-${mode}`,
    // One form, two schemas sharing email and password (sign-up adds the full name, sign-in a
    // redirectTo, a plain hidden input rather than a field): typed as the sign-up one.
    schema: (signup ? signUpSchema : signInSchema) as typeof signUpSchema,
    lastResult,
    secretFields: ["password"],
  });
  usePrefillRememberedEmail(form, fields.email.name);
  const toggleQuery = new URLSearchParams();
  if (!signup) toggleQuery.set("mode", "signup");
  if (loaderData.redirectTo !== href("/dashboard")) toggleQuery.set("redirectTo", loaderData.redirectTo);
  const toggleHref = `${href("/auth")}${toggleQuery.size ? `?${toggleQuery}` : ""}`;
  const checkEmail = actionData?.mode === "signup" ? actionData.checkEmail : null;

  // After the server answers, the password is never kept, with or without JavaScript. A field
  // already empty (the page the server sent back for a form posted before the scripts ran) is left
  // alone: clearing it again would put a new input in its place, taking away the focus the page
  // gave it.
  const { update } = form;
  const passwordName = fields.password.name;
  const formId = form.id;
  useEffect(() => {
    if (!actionData) return;
    const password = document.forms.namedItem(formId)?.elements.namedItem(passwordName);
    if (password instanceof HTMLInputElement && password.value === "") return;
    update({ name: passwordName, value: "" });
  }, [actionData, update, passwordName, formId]);

  return (
    <AuthCard
      title={signup ? "Create your account" : "Welcome back"}
      description={signup ? "Start free. No credit card required." : "Sign in to your Tonewise account."}
    >
      {checkEmail ? (
        <CheckEmailNotice key={checkEmail}>
          We've sent a confirmation link to <strong>{checkEmail}</strong>. Click it to activate your account, then you'll be
          signed in.
        </CheckEmailNotice>
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        onSubmit={(event) => {
          // Reminders are due at 9:00 where the user is: the account learns the zone as it signs in
          // or up, so its first dashboard already shows their mornings (decision 059).
          sendBrowserTimeZone(event.currentTarget);
          onSubmit(event);
        }}
        className="relative space-y-5"
      >
        <HoneypotField />
        <input type="hidden" name={fields.timeZone.name} />
        <input type="hidden" name="mode" value={mode} />
        {signup ? null : <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
        {signup ? (
          <TextField field={fields.fullName} label="Full name" type="text" autoComplete="name" />
        ) : null}
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete={signup ? "new-password" : "current-password"}
          hint={signup ? PASSWORD_HINT : undefined}
        />
        {signup ? null : (
          <p className="text-right text-sm">
            <Link to={href("/auth/forgot-password")} className="font-medium text-brand-700 hover:text-brand-800">
              Forgot password?
            </Link>
          </p>
        )}
        <SubmitButton>{signup ? "Create Account" : "Sign In"}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {signup ? "Already have an account? " : "Don't have an account? "}
        <Link to={toggleHref} className="font-semibold text-brand-700 hover:text-brand-800">
          {signup ? "Sign in" : "Sign up"}
        </Link>
      </p>
    </AuthCard>
  );
}
