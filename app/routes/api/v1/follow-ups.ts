import { readJsonObject } from "~/lib/api/request-body.server";
import { apiJson, handleApi, methodNotAllowed } from "~/lib/api/responses.server";
import { parseApiInput } from "~/lib/api/validation.server";
import { createFollowUpRequestSchema, idempotencyKeySchema, listFollowUpsQuerySchema } from "~/lib/follow-ups/follow-up-schemas";
import { callerFollowUps, dueAtFrom, limitReached } from "~/lib/follow-ups/follow-ups-api.server";
import type { Route } from "./+types/follow-ups";

/**
 * GET /api/v1/follow-ups?status=open|done|all&limit=1..200 — the caller's reminders (open ones
 * soonest first, done ones latest first) and how many are due now.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const store = await callerFollowUps(request, context);
    const params = new URL(request.url).searchParams;
    const query = parseApiInput(listFollowUpsQuerySchema, {
      status: params.get("status") ?? undefined,
      limit: params.get("limit") ?? undefined,
    });
    const [followUps, dueCount] = await Promise.all([store.list(query.status, query.limit), store.countDue()]);
    return apiJson({ followUps, dueCount });
  });
}

/**
 * POST /api/v1/follow-ups — `{ label, url?, dueAt, followUpNumber? }`: a new reminder (201). With
 * an `Idempotency-Key` header, the same reminder sent again answers the one made the first time.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const store = await callerFollowUps(request, context);
    const headers = parseApiInput(idempotencyKeySchema, { "Idempotency-Key": request.headers.get("Idempotency-Key") ?? undefined });
    const input = parseApiInput(createFollowUpRequestSchema, await readJsonObject(request));
    const created = await store.create({
      label: input.label,
      url: input.url ?? null,
      dueAt: dueAtFrom(input.dueAt),
      followUpNumber: input.followUpNumber,
      requestId: headers["Idempotency-Key"],
    });
    if ("limitReached" in created) limitReached(created.limitReached);
    return apiJson({ followUp: created }, { status: 201 });
  });
}
