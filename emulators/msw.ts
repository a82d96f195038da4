/**
 * MSW handlers that answer every request to the local backend's origins (local Supabase, mailbox,
 * Stripe and the AI stand-in) with the in-process handlers, so Vitest runs the real supabase-js and stripe
 * clients with no server:
 *
 *   const backend = await createLocalBackend();
 *   const server = setupServer(...localBackendHandlers(backend));
 *   server.listen({ onUnhandledFrame: "error" });
 *   // and, to break something for one test: server.use(http.post(`${LOCAL_SUPABASE_URL}/auth/v1/token`, …))
 */
import { http, type HttpHandler } from "msw";
import type { LocalBackend, LocalBackendPorts } from "./index.ts";

export function localBackendHandlers(backend: LocalBackend): HttpHandler[] {
  return (["supabase", "mailbox", "stripe", "ai"] as const satisfies ReadonlyArray<keyof LocalBackendPorts>).flatMap((service) => {
    const origin = `http://127.0.0.1:${backend.ports[service]}`;
    const forward = ({ request }: { request: Request }) => backend[service].handle(request);
    return [http.all(origin, forward), http.all(`${origin}/*`, forward)];
  });
}
