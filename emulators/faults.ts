/**
 * Fault injection, one wrapper over every service's handler: the next N requests to a service
 * (optionally only those whose path starts with a prefix, or whose body holds a given text) fail
 * with HTTP 500 and a body shaped like that service's own errors, or hang: they never answer until
 * the faults are reset or the request is aborted, and then end as a network error (Response.error()).
 */
import { authErrorResponse, unexpectedFailure } from "./supabase/auth/errors.ts";

export type ServiceName = "supabase" | "stripe" | "mailbox" | "ai";
export const SERVICE_NAMES: ReadonlyArray<ServiceName> = ["supabase", "stripe", "mailbox", "ai"];

export interface FaultSpec {
  service: ServiceName;
  mode: "fail" | "hang";
  /** How many matching requests are affected. */
  count: number;
  /** Only requests whose path starts with this, e.g. "/auth/v1/token" or "/v1/checkout". */
  pathPrefix?: string;
  /**
   * Only requests whose body holds this text: a test's own marker, so a fault meant for one test
   * never lands on a parallel test's request to the same service (the AI's one endpoint, say).
   * The body is read only to look for it; nothing of it is kept.
   */
  bodyContains?: string;
}

export type Handler = (request: Request) => Promise<Response>;

export interface FaultInjector {
  inject(spec: FaultSpec): void;
  wrap(service: ServiceName, handler: Handler): Handler;
  /** Forgets pending faults and ends every hanging request. */
  reset(): void;
}

/** Checks a fault coming from outside (the HTTP control); throws a readable message. */
export function parseFaultSpec(input: unknown): FaultSpec {
  const spec = (input ?? {}) as Record<string, unknown>;
  if (!SERVICE_NAMES.includes(spec.service as ServiceName)) {
    throw new Error(`service must be one of ${SERVICE_NAMES.join(", ")}`);
  }
  if (spec.mode !== "fail" && spec.mode !== "hang") throw new Error(`mode must be "fail" or "hang"`);
  if (!Number.isInteger(spec.count) || (spec.count as number) < 1) throw new Error("count must be a positive integer");
  if (spec.pathPrefix !== undefined && (typeof spec.pathPrefix !== "string" || !spec.pathPrefix.startsWith("/"))) {
    throw new Error(`pathPrefix must be a path starting with "/"`);
  }
  if (spec.bodyContains !== undefined && (typeof spec.bodyContains !== "string" || spec.bodyContains.length === 0)) {
    throw new Error("bodyContains must be a non-empty string");
  }
  return {
    service: spec.service as ServiceName,
    mode: spec.mode,
    count: spec.count as number,
    ...(spec.pathPrefix === undefined ? {} : { pathPrefix: spec.pathPrefix as string }),
    ...(spec.bodyContains === undefined ? {} : { bodyContains: spec.bodyContains as string }),
  };
}

/** A 500 as the real service would send it. */
function failure(service: ServiceName, request: Request): Response {
  const path = new URL(request.url).pathname;
  switch (service) {
    case "supabase":
      if (path.startsWith("/auth/v1")) return authErrorResponse(request, unexpectedFailure());
      if (path.startsWith("/rest/v1")) {
        return Response.json(
          { code: "XX000", details: null, hint: null, message: "Injected failure (local backend fault)" },
          { status: 500 },
        );
      }
      return Response.json({ message: "An unexpected error occurred" }, { status: 500 });
    case "stripe":
      // Stripe marks most 500s as not worth retrying; the SDK honours it, so one fault = one failed call.
      return Response.json(
        { error: { type: "api_error", message: "An unknown error occurred (local backend fault)" } },
        { status: 500, headers: { "Stripe-Should-Retry": "false", "Request-Id": `req_fault_${Date.now()}` } },
      );
    case "mailbox":
      return Response.json({ error: "Internal error (local backend fault)" }, { status: 500 });
    case "ai":
      return Response.json(
        { error: { message: "The server had an error while processing your request (local backend fault)", type: "server_error" } },
        { status: 500 },
      );
  }
}

interface PendingFault extends FaultSpec {
  remaining: number;
}

export function createFaultInjector(): FaultInjector {
  let faults: PendingFault[] = [];
  const hanging = new Set<() => void>();

  async function take(service: ServiceName, request: Request): Promise<PendingFault | undefined> {
    const path = new URL(request.url).pathname;
    // Pending faults are never used up: one that is leaves the list.
    const candidates = faults.filter((candidate) => candidate.service === service && (!candidate.pathPrefix || path.startsWith(candidate.pathPrefix)));
    if (candidates.length === 0) return undefined;
    // The body is read (from a copy, the handler gets it whole) only when a fault asks about it.
    const body = candidates.some((candidate) => candidate.bodyContains) ? await request.clone().text() : "";
    // Still pending after the read: another request may have used it up, or a reset cleared them all.
    const fault = candidates.find((candidate) => faults.includes(candidate) && (!candidate.bodyContains || body.includes(candidate.bodyContains)));
    if (!fault) return undefined;
    fault.remaining -= 1;
    faults = faults.filter((candidate) => candidate.remaining > 0);
    return fault;
  }

  function hang(request: Request): Promise<Response> {
    return new Promise((resolve) => {
      const release = () => {
        hanging.delete(release);
        request.signal.removeEventListener("abort", release);
        resolve(Response.error());
      };
      hanging.add(release);
      if (request.signal.aborted) release();
      else request.signal.addEventListener("abort", release, { once: true });
    });
  }

  return {
    inject(spec) {
      faults.push({ ...spec, remaining: spec.count });
    },
    wrap(service, handler) {
      return async (request) => {
        const fault = await take(service, request);
        if (!fault) return handler(request);
        return fault.mode === "fail" ? failure(service, request) : hang(request);
      };
    },
    reset() {
      faults = [];
      for (const release of [...hanging]) release();
    },
  };
}
