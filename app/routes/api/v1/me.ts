import { loadApiAccount } from "~/lib/account.server";
import { authenticateApiRequest } from "~/lib/api/authenticate.server";
import { ApiError, apiJson, handleApi, methodNotAllowed } from "~/lib/api/responses.server";
import { getEnv } from "~/lib/env.server";
import { sharedServiceClient } from "~/lib/supabase.server";
import type { Route } from "./+types/me";

/** GET /api/v1/me — the caller's account, this month's usage and their settings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const caller = await authenticateApiRequest(request, context);
    const account = await loadApiAccount(sharedServiceClient(getEnv(context)), caller.userId);
    if (!account) throw new ApiError(401, "unauthorized", "This account no longer exists.");
    return apiJson(account);
  });
}

export function action() {
  return methodNotAllowed("GET");
}
