import { exchangeExtensionCode, revokeAccessToken } from "~/lib/access-tokens.server";
import { extensionTokenRequestSchema, TOKEN_MESSAGES } from "~/lib/access-token-forms";
import { authenticateApiRequest } from "~/lib/api/authenticate.server";
import { readJsonObject } from "~/lib/api/request-body.server";
import { parseApiInput } from "~/lib/api/validation.server";
import { ApiError, apiJson, handleApi, methodNotAllowed } from "~/lib/api/responses.server";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/extension-token";
import { PRIVATE_NO_STORE } from "~/lib/cache-policy.server";

/**
 * POST /api/v1/extension/token — the extension exchanges its one-time code and PKCE verifier for
 * its own access token. DELETE (with that token as Bearer) — Disconnect: the token is revoked.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method === "DELETE") {
      const caller = await authenticateApiRequest(request, context);
      if (caller.via !== "token" || !caller.tokenId) throw new ApiError(401, "unauthorized", "Send the token to revoke as 'Authorization: Bearer tw_…'.");
      await revokeAccessToken(getEnv(context), caller.userId, caller.tokenId);
      return new Response(null, { status: 204, headers: { "Cache-Control": PRIVATE_NO_STORE } });
    }
    if (request.method !== "POST") return methodNotAllowed("POST, DELETE");
    const input = parseApiInput(extensionTokenRequestSchema, await readJsonObject(request));
    const created = await exchangeExtensionCode(getEnv(context), input.code, input.codeVerifier);
    if (created === "invalid") throw new ApiError(400, "invalid_request", "This code is invalid, expired or already used. Connect the extension again.");
    if (created === "limit_reached") throw new ApiError(409, "limit_reached", TOKEN_MESSAGES.extensionLimit);
    return apiJson({ token: created.token, tokenType: "Bearer", name: created.summary.name });
  });
}

export function loader() {
  return methodNotAllowed("POST, DELETE");
}
