import type { SubmissionResult } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import { createAccessToken, revokeAccessToken } from "~/lib/access-tokens.server";
import { createTokenSchema, revokeTokenSchema, TOKEN_MESSAGES } from "~/lib/access-token-forms";
import { dashboardUser } from "~/lib/dashboard-guard.server";
import { getEnv } from "~/lib/env.server";
import { invalidSubmission, validateForm, type FormAnswer } from "~/lib/form-validation.server";
import { claimFirstUse } from "~/lib/rate-limits.server";
import { flashToast } from "~/lib/toast.server";

/** The Account page's API token forms (the route's action dispatches on `intent`). */
export type TokenActionResult = {
  tokenResult?: SubmissionResult<string[]>;
  /** The new token, shown once: it lives only in this response. */
  created?: { name: string; token: string };
};

export async function createTokenAction(context: Readonly<RouterContextProvider>, formData: FormData): Promise<FormAnswer<TokenActionResult>> {
  const validated = validateForm(context, formData, createTokenSchema);
  if (!validated.ok) return invalidSubmission({ tokenResult: validated.result });
  const userId = dashboardUser(context).id;
  const { once } = validated.value;
  if (once && !(await claimFirstUse(context, `create-token:${userId}:${once}`, 24 * 60 * 60))) {
    // The page was reloaded after the token was made: the browser posted the same form again.
    flashToast(context, { variant: "default", title: "Token already created", description: TOKEN_MESSAGES.alreadyCreated });
    return { tokenResult: validated.submission.reply({ resetForm: true }) };
  }
  const created = await createAccessToken(getEnv(context), userId, validated.value.name);
  if (!created) {
    flashToast(context, {
      variant: "destructive",
      title: "Error",
      description: TOKEN_MESSAGES.limit,
    });
    return { tokenResult: validated.submission.reply() };
  }
  flashToast(context, { variant: "success", title: "Token created", description: "Copy it now: it won't be shown again." });
  return { tokenResult: validated.submission.reply({ resetForm: true }), created: { name: created.summary.name, token: created.token } };
}

export async function revokeTokenAction(context: Readonly<RouterContextProvider>, formData: FormData): Promise<TokenActionResult> {
  const parsed = revokeTokenSchema.safeParse({ tokenId: formData.get("tokenId") });
  const revoked = parsed.success && (await revokeAccessToken(getEnv(context), dashboardUser(context).id, parsed.data.tokenId));
  if (revoked) flashToast(context, { variant: "success", title: "Token revoked", description: "Anything using it can no longer reach your account." });
  else flashToast(context, { variant: "destructive", title: "Error", description: "That token could not be found." });
  return {};
}
