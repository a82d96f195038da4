import { loadApiAccount } from "~/lib/account.server";
import { authenticateApiRequest } from "~/lib/api/authenticate.server";
import { readJsonObject } from "~/lib/api/request-body.server";
import { ApiError, apiJson, handleApi, methodNotAllowed } from "~/lib/api/responses.server";
import { settingsChangeSchema } from "~/lib/auth-schemas";
import { getEnv } from "~/lib/env.server";
import { saveSettings } from "~/lib/settings.server";
import { sharedServiceClient } from "~/lib/supabase.server";
import type { Route } from "./+types/me";

/** GET /api/v1/me — the caller's account, this month's usage and their settings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await authenticateApiRequest(request, context);
    return apiJson(await accountOf(context, caller.userId));
  });
}

/**
 * PATCH /api/v1/me — `{ "settings": { "defaultTone"?, "defaultMessageType"?, "notifications"?,
 * "usageAnalytics"? } }`: changes those settings (the others stay) and answers as GET does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed("GET, PATCH");
    const caller = await authenticateApiRequest(request, context);
    const body = await readJsonObject(request);
    const parsed = settingsChangeSchema.safeParse(body.settings);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = issue?.code === "unrecognized_keys" ? issue.keys[0] : issue?.path[0];
      throw new ApiError(400, "invalid_request", body.settings === undefined ? "settings is required." : (issue?.message ?? "The settings are invalid."), {
        field: typeof key === "string" ? `settings.${key}` : "settings",
      });
    }
    const current = await accountOf(context, caller.userId);
    const error = await saveSettings(sharedServiceClient(getEnv(context)), caller.userId, { ...current.settings, ...parsed.data });
    if (error) {
      console.error("Settings save failed (API)");
      throw new ApiError(503, "service_unavailable", "Your settings could not be saved just now. Please try again.");
    }
    return apiJson(await accountOf(context, caller.userId));
  });
}

async function accountOf(context: Route.LoaderArgs["context"], userId: string) {
  const account = await loadApiAccount(sharedServiceClient(getEnv(context)), userId);
  if (!account) throw new ApiError(401, "unauthorized", "This account no longer exists.");
  return account;
}
