import { readJsonObject } from "~/lib/api/request-body.server";
import { apiJson, handleApi, methodNotAllowed } from "~/lib/api/responses.server";
import { parseApiInput } from "~/lib/api/validation.server";
import { reminderIdSchema, updateFollowUpRequestSchema } from "~/lib/follow-ups/follow-up-schemas";
import { callerFollowUps, dueAtFrom, limitReached, reminderNotFound } from "~/lib/follow-ups/follow-ups-api.server";
import type { Route } from "./+types/follow-up";
import { PRIVATE_NO_STORE } from "~/lib/cache-policy.server";

/** The reminder's id from the path; anything that is not one of ours is simply not found. */
function reminderId(params: Route.LoaderArgs["params"]): string {
  const parsed = reminderIdSchema.safeParse({ id: params.id });
  return parsed.success ? parsed.data.id : reminderNotFound();
}

/** GET /api/v1/follow-ups/:id — one of the caller's reminders. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    const store = await callerFollowUps(request, context);
    const followUp = await store.get(reminderId(params));
    return followUp ? apiJson({ followUp }) : reminderNotFound();
  });
}

/**
 * PATCH /api/v1/follow-ups/:id — any of `{ label, url, dueAt, done, followUpNumber }`, the rest
 * unchanged. DELETE — removes it (204).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed("GET, PATCH, DELETE");
    const store = await callerFollowUps(request, context);
    const id = reminderId(params);
    if (request.method === "DELETE") {
      if (!(await store.remove(id))) reminderNotFound();
      return new Response(null, { status: 204, headers: { "Cache-Control": PRIVATE_NO_STORE } });
    }
    const change = parseApiInput(updateFollowUpRequestSchema, await readJsonObject(request));
    const updated = await store.update(id, {
      label: change.label,
      url: change.url,
      dueAt: change.dueAt === undefined ? undefined : dueAtFrom(change.dueAt),
      done: change.done,
      followUpNumber: change.followUpNumber,
    });
    if (updated && "limitReached" in updated) limitReached(updated.limitReached);
    return updated ? apiJson({ followUp: updated }) : reminderNotFound();
  });
}
