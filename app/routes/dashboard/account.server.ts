import type { SubmissionResult } from "@conform-to/react";
import type { RouterContextProvider } from "react-router";
import { createAccessToken, revokeAccessToken } from "~/lib/access-tokens.server";
import { createTokenSchema, revokeTokenSchema, TOKEN_MESSAGES } from "~/lib/access-token-forms";
import { dashboardUser } from "~/lib/dashboard-guard.server";
import { getEnv } from "~/lib/env.server";
import { invalidSubmission, unavailableSubmission, validateForm, type FormAnswer } from "~/lib/form-validation.server";
import { claimFirstUse, releaseFirstUse } from "~/lib/rate-limits.server";
import { flashToast } from "~/lib/toast.server";

const UNAVAILABLE = {
  create: "The token could not be created. Please try again in a moment.",
  revoke: "The token could not be revoked. Please try again in a moment.",
};

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
  const onceKey = `create-token:${userId}:${once}`;
  if (once && !(await claimFirstUse(context, onceKey, 24 * 60 * 60))) {
    // The page was reloaded after the token was made: the browser posted the same form again.
    flashToast(context, { variant: "default", title: "Token already created", description: TOKEN_MESSAGES.alreadyCreated });
    return { tokenResult: validated.submission.reply({ resetForm: true }) };
  }
  let created: Awaited<ReturnType<typeof createAccessToken>>;
  try {
    created = await createAccessToken(getEnv(context), userId, validated.value.name);
  } catch (error) {
    // Nothing to show for it: the same form may be sent again (a lost answer after the insert
    // leaves a token nobody saw, which its owner can revoke).
    if (once) await releaseFirstUse(context, onceKey);
    return unavailableSubmission(context, error, { tokenResult: validated.submission.reply() }, UNAVAILABLE.create);
  }
  if (!created) {
    if (once) await releaseFirstUse(context, onceKey);
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

export async function revokeTokenAction(context: Readonly<RouterContextProvider>, formData: FormData): Promise<FormAnswer<TokenActionResult>> {
  const parsed = revokeTokenSchema.safeParse({ tokenId: formData.get("tokenId") });
  let revoked: boolean;
  try {
    revoked = parsed.success && (await revokeAccessToken(getEnv(context), dashboardUser(context).id, parsed.data.tokenId));
  } catch (error) {
    return unavailableSubmission(context, error, {}, UNAVAILABLE.revoke);
  }
  if (revoked) flashToast(context, { variant: "success", title: "Token revoked", description: "Anything using it can no longer reach your account." });
  else flashToast(context, { variant: "destructive", title: "Error", description: "That token could not be found." });
  return {};
}
