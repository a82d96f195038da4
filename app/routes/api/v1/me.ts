import { loadApiAccount } from "~/lib/account.server";
import { authenticateApiRequest } from "~/lib/api/authenticate.server";
import { readJsonObject } from "~/lib/api/request-body.server";
import { ApiError, apiJson, handleApi, methodNotAllowed } from "~/lib/api/responses.server";
import { parseApiInput } from "~/lib/api/validation.server";
import { settingsChangeSchema } from "~/lib/settings-schemas";
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
 * "usageAnalytics"?, "timeZone"? } }`: changes those settings (the others stay) and answers as
 * GET does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed("GET, PATCH");
    const caller = await authenticateApiRequest(request, context);
    const body = await readJsonObject(request);
    if (body.settings === undefined) throw new ApiError(400, "invalid_request", "settings is required.", { field: "settings" });
    const change = parseApiInput(settingsChangeSchema, body.settings, "settings");
    await accountOf(context, caller.userId);
    // Only the fields given are written: a change saved meanwhile by another caller stays.
    const error = await saveSettings(sharedServiceClient(getEnv(context)), caller.userId, change);
    if (error) {
      console.error(`Settings save failed (API): ${error}`);
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
