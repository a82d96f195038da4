import { apiCredential } from "~/lib/api/authenticate.server";
import { readJsonObject } from "~/lib/api/request-body.server";
import { apiJson, handleApi, methodNotAllowed } from "~/lib/api/responses.server";
import { parseApiInput } from "~/lib/api/validation.server";
import { optimizeForUser } from "~/lib/optimize/optimize.server";
import { optimizeRequestSchema } from "~/lib/optimize/request";
import type { Route } from "./+types/optimize";

/** POST /api/v1/optimize — a polished suggestion for the caller's message (README: The API). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    // An access token is checked by the first database call, with the rate limit and the quota.
    const caller = await apiCredential(request, context);
    const input = parseApiInput(optimizeRequestSchema(), await readJsonObject(request));
    const result = await optimizeForUser({ context, caller, request: input, signal: request.signal });
    return apiJson(result);
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
