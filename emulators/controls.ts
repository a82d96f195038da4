/**
 * Test controls over HTTP, under /__emulator/ on the local Supabase port (only ever bound to
 * 127.0.0.1). Each mirrors a method of the LocalBackend object.
 *
 *   POST /__emulator/reset                               → { ok: true }
 *   POST /__emulator/sql            { query, params? }   → { rows }           (superuser)
 *   POST /__emulator/clock          { advanceMonths?, advanceMs?, toNextWindowMs? } → { now }
 *   GET  /__emulator/clock                               → { now }
 *   POST /__emulator/faults         { service, mode, count, pathPrefix?, bodyContains? } → { ok: true }
 *   POST /__emulator/config         { accessTokenLifetimeSeconds? }       → { ok: true }
 *   POST /__emulator/stripe-webhook { url }              → { ok: true }
 * Bad input answers 400 { error }.
 */
import { parseFaultSpec } from "./faults.ts";
import type { LocalBackend } from "./index.ts";
import { errorMessage } from "../app/lib/error-message.ts";

class ControlInputError extends Error {}

async function readObject(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ControlInputError("The body must be JSON");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ControlInputError("The body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

function optionalNonNegative(body: Record<string, unknown>, key: string): number | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new ControlInputError(`${key} must be a non-negative number`);
  }
  return value;
}

const ok = () => Response.json({ ok: true });

export async function handleControlRequest(backend: LocalBackend, request: Request): Promise<Response> {
  const route = `${request.method.toUpperCase()} ${new URL(request.url).pathname.replace(/\/+$/, "")}`;
  try {
    switch (route) {
      case "POST /__emulator/reset":
        await backend.reset();
        return ok();

      case "POST /__emulator/sql": {
        const body = await readObject(request);
        if (typeof body.query !== "string" || body.query.trim() === "") throw new ControlInputError("query must be SQL text");
        if (body.params !== undefined && !Array.isArray(body.params)) throw new ControlInputError("params must be an array");
        try {
          return Response.json({ rows: await backend.sql(body.query, body.params as unknown[] | undefined) });
        } catch (error) {
          const { message, code } = error as { message?: string; code?: string };
          return Response.json({ error: message ?? String(error), code }, { status: 400 });
        }
      }

      case "GET /__emulator/clock":
        return Response.json({ now: new Date(backend.clock.now()).toISOString() });

      case "POST /__emulator/clock": {
        const body = await readObject(request);
        const advanceMonths = optionalNonNegative(body, "advanceMonths");
        const advanceMs = optionalNonNegative(body, "advanceMs");
        const toNextWindowMs = optionalNonNegative(body, "toNextWindowMs");
        if (advanceMonths !== undefined && !Number.isInteger(advanceMonths)) {
          throw new ControlInputError("advanceMonths must be a whole number");
        }
        if (toNextWindowMs !== undefined && (!Number.isInteger(toNextWindowMs) || toNextWindowMs < 1)) {
          throw new ControlInputError("toNextWindowMs must be a positive whole number");
        }
        return Response.json(await backend.advanceClock({ advanceMonths, advanceMs, toNextWindowMs }));
      }

      case "POST /__emulator/faults": {
        let spec;
        try {
          spec = parseFaultSpec(await readObject(request));
        } catch (error) {
          throw new ControlInputError(errorMessage(error));
        }
        backend.injectFault(spec);
        return ok();
      }

      case "POST /__emulator/config": {
        const body = await readObject(request);
        const seconds = optionalNonNegative(body, "accessTokenLifetimeSeconds");
        if (seconds !== undefined && (!Number.isInteger(seconds) || seconds < 1)) {
          throw new ControlInputError("accessTokenLifetimeSeconds must be a positive whole number");
        }
        backend.configure({ accessTokenLifetimeSeconds: seconds });
        return ok();
      }

      case "POST /__emulator/stripe-webhook": {
        const body = await readObject(request);
        if (body.url !== undefined && body.url !== null) {
          if (typeof body.url !== "string" || !URL.canParse(body.url)) throw new ControlInputError("url must be an absolute URL");
        }
        backend.setStripeWebhookUrl((body.url as string | null | undefined) ?? undefined);
        return ok();
      }

      default:
        return Response.json({ error: `No control at ${route}` }, { status: 404 });
    }
  } catch (error) {
    if (error instanceof ControlInputError) return Response.json({ error: error.message }, { status: 400 });
    throw error;
  }
}
