import { createContext, type RouterContextProvider } from "react-router";

/**
 * The address of the client a request comes from, for rate limits. Each target decides it from
 * what it can trust, never from a header the client controls:
 *
 * - the Worker sets `clientAddressContext` from `CF-Connecting-IP` (Cloudflare writes it);
 * - the Node server (Express) writes `NODE_CLIENT_ADDRESS_HEADER` from `req.ip`, which follows
 *   `TRUST_PROXY` (the socket's address unless a configured proxy reports another), replacing
 *   any value the client sent.
 *
 * The development server sets neither; its requests share one "unknown" address.
 */
export const clientAddressContext = createContext<{ address: string | null } | null>(null);

export const NODE_CLIENT_ADDRESS_HEADER = "x-tonewise-client-address";

export function clientAddress(request: Request, context: Readonly<RouterContextProvider>): string | null {
  const fromWorker = context.get(clientAddressContext);
  if (fromWorker) return fromWorker.address || null;
  return request.headers.get(NODE_CLIENT_ADDRESS_HEADER) || null;
}
