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

/**
 * What a per-address rate limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 address
 * becomes its IPv4 form), an IPv6 address as its /64 network. One IPv6 subscriber usually holds
 * a whole /64 and can send each request from a new address in it; counted one by one, the
 * address limits would never be reached. Anything unparseable is counted as written.
 */
export function rateLimitedBlock(address: string): string {
  const plain = address.trim().toLowerCase().replace(/%.*$/, "");
  if (!plain.includes(":")) return plain;
  const groups = ipv6Groups(plain);
  if (!groups) return plain;
  // ::ffff:a.b.c.d, however written: the IPv4 client it stands for.
  if (groups.slice(0, 5).every((group) => group === "0") && groups[5] === "ffff") {
    const [high, low] = groups.slice(6).map((group) => Number.parseInt(group, 16)) as [number, number];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (hex, no leading zeros), or null. */
function ipv6Groups(address: string): string[] | null {
  let text = address;
  const ipv4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (ipv4) {
    const [a, b, c, d] = ipv4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((octet) => octet > 255)) return null;
    text = `${text.slice(0, ipv4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
