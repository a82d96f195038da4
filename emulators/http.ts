/**
 * Serves the local backend over HTTP on 127.0.0.1 (only), one node:http server per service,
 * converting between Node's request/response and Web Request/Response.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Handler } from "./faults.ts";
import type { LocalBackend, LocalBackendPorts } from "./index.ts";

export interface ServedLocalBackend {
  /** The addresses actually listened on (a port of 0 picks a free one). */
  readonly urls: { supabase: string; mailbox: string; stripe: string; ai: string };
  close(): Promise<void>;
}

const SERVICES = ["supabase", "mailbox", "stripe", "ai"] as const;

const SERVICE_TITLES: Record<keyof LocalBackendPorts, string> = {
  supabase: "local Supabase",
  mailbox: "local mailbox",
  stripe: "local Stripe",
  ai: "local AI stand-in",
};

async function toWebRequest(incoming: IncomingMessage, port: number, signal: AbortSignal): Promise<Request> {
  const url = `http://${incoming.headers.host ?? `127.0.0.1:${port}`}${incoming.url ?? "/"}`;
  const headers = new Headers();
  for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
    headers.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
  }
  const method = incoming.method ?? "GET";
  let body: ArrayBuffer | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const buffer = Buffer.concat(chunks);
    body = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
  }
  return new Request(url, { method, headers, body, signal, redirect: "manual" });
}

async function writeWebResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  if (response.type === "error") {
    // A network error (e.g. a released hanging fault): drop the connection.
    outgoing.destroy();
    return;
  }
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : undefined;
  outgoing.writeHead(response.status, response.statusText || undefined, headers);
  outgoing.end(body);
}

function listen(server: Server, port: number, service: keyof LocalBackendPorts): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      if (error.code === "EADDRINUSE") {
        reject(
          new Error(
            `Cannot start the ${SERVICE_TITLES[service]} on 127.0.0.1:${port}: the port is already in use ` +
              `(is another "npm run dev", "npm run emulators" or test run still going?).`,
          ),
        );
      } else {
        reject(new Error(`Cannot start the ${SERVICE_TITLES[service]} on 127.0.0.1:${port}: ${error.message}`));
      }
    };
    const onListening = () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, "127.0.0.1");
  });
}

function serverFor(handle: Handler, port: () => number): Server {
  const server = createServer(async (incoming, outgoing) => {
    const controller = new AbortController();
    outgoing.on("close", () => {
      if (!outgoing.writableFinished) controller.abort();
    });
    try {
      const request = await toWebRequest(incoming, port(), controller.signal);
      await writeWebResponse(await handle(request), outgoing);
    } catch (error) {
      console.error("[local backend] request failed:", error);
      if (!outgoing.headersSent) {
        outgoing.writeHead(500, { "content-type": "application/json" });
        outgoing.end(JSON.stringify({ message: "The local backend failed to answer" }));
      } else {
        outgoing.destroy();
      }
    }
  });
  server.keepAliveTimeout = 5_000;
  return server;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Fails with the same message serveLocalBackend would give when a port is taken. Call it before
 * opening an on-disk backend, so that a second copy never opens the same data directory.
 */
export async function assertPortsAvailable(ports: LocalBackendPorts): Promise<void> {
  for (const service of SERVICES) {
    const probe = createServer();
    await listen(probe, ports[service], service);
    await closeServer(probe);
  }
}

/** Starts the three services on 127.0.0.1 at `ports` (default: the backend's ports, normally 54321, 54324, 12111). */
export async function serveLocalBackend(
  backend: LocalBackend,
  ports: Partial<LocalBackendPorts> = {},
): Promise<ServedLocalBackend> {
  const wanted: LocalBackendPorts = { ...backend.ports, ...ports };
  const services = SERVICES.map((service) => {
    let actualPort = wanted[service];
    const server = serverFor(backend[service].handle, () => actualPort);
    return { service, server, setPort: (port: number) => (actualPort = port) };
  });

  try {
    for (const { service, server, setPort } of services) setPort(await listen(server, wanted[service], service));
  } catch (error) {
    await Promise.all(services.map(({ server }) => closeServer(server)));
    throw error;
  }

  const urlOf = (service: keyof LocalBackendPorts) => {
    const { server } = services.find((entry) => entry.service === service)!;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  return {
    urls: { supabase: urlOf("supabase"), mailbox: urlOf("mailbox"), stripe: urlOf("stripe"), ai: `${urlOf("ai")}/v1` },
    async close() {
      await Promise.all(services.map(({ server }) => closeServer(server)));
    },
  };
}
