import { authenticateApiRequest } from "~/lib/api/authenticate.server";
import { readJsonObject } from "~/lib/api/request-body.server";
import { ApiError, apiJson, handleApi, methodNotAllowed } from "~/lib/api/responses.server";
import { optimizeForUser } from "~/lib/optimize/optimize.server";
import { optimizeRequestSchema } from "~/lib/optimize/request";
import type { Route } from "./+types/optimize";

/** POST /api/v1/optimize — a polished suggestion for the caller's message (README: The API). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const caller = await authenticateApiRequest(request, context);
    const parsed = optimizeRequestSchema.safeParse(await readJsonObject(request));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      throw new ApiError(400, "invalid_request", issue?.message ?? "The request is invalid.", {
        field: typeof field === "string" ? field : undefined,
      });
    }
    const result = await optimizeForUser({ context, userId: caller.userId, request: parsed.data, signal: request.signal });
    return apiJson(result);
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
