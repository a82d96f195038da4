import { loadApiAccount } from "~/lib/account.server";
import { authenticateApiRequest } from "~/lib/api/authenticate.server";
import { readJsonObject } from "~/lib/api/request-body.server";
import { ApiError, apiJson, handleApi, methodNotAllowed } from "~/lib/api/responses.server";
import { parseApiInput } from "~/lib/api/validation.server";
import { browserTimeZoneSchema, settingsChangeSchema } from "~/lib/settings-schemas";
import { getEnv } from "~/lib/env.server";
import { adoptBrowserTimeZone, saveSettings } from "~/lib/settings.server";
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
 * PATCH /api/v1/me — `{ "settings"?: { "defaultTone"?, "defaultMessageType"?, "notifications"?,
 * "usageAnalytics"?, "timeZone"? }, "browserTimeZone"? }` (at least one of the two): changes those
 * settings (the others stay), stores `browserTimeZone` only if the account has no zone yet, and
 * answers as GET does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed("GET, PATCH");
    const caller = await authenticateApiRequest(request, context);
    const body = await readJsonObject(request);
    if (body.settings === undefined && body.browserTimeZone === undefined) {
      throw new ApiError(400, "invalid_request", "settings or browserTimeZone is required.", { field: "settings" });
    }
    const change = body.settings === undefined ? undefined : parseApiInput(settingsChangeSchema, body.settings, "settings");
    const browserZone = body.browserTimeZone === undefined ? undefined : parseApiInput(browserTimeZoneSchema, body.browserTimeZone, "browserTimeZone");
    await accountOf(context, caller.userId);
    const supabase = sharedServiceClient(getEnv(context));
    // Only the fields given are written: a change saved meanwhile by another caller stays. The
    // browser's zone goes in only where none is stored, in the same update's condition.
    const error =
      (change ? await saveSettings(supabase, caller.userId, change) : null) ??
      (browserZone ? await adoptBrowserTimeZone(supabase, caller.userId, browserZone) : null);
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
