/**
 * The Express app that serves a React Router build: compression, a one-line request log,
 * immutable caching for hashed assets, other static files, and the React Router handler with a
 * fresh RouterContextProvider per request. `server.ts` serves Tonewise with it; the benchmark
 * serves its minimal reference app with the very same setup.
 */
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express } from "express";
import path from "node:path";
import zlib from "node:zlib";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { loadContextKeys } from "./app/entry.server.tsx";
import { NODE_CLIENT_ADDRESS_HEADER } from "./app/lib/client-address.server.ts";
import type { AppEnv } from "./app/lib/env.server.ts";
import { createStoredPageGzip } from "./stored-page-gzip.ts";

/** The context keys our build exports (app/entry.server.tsx); the bench's reference app has none. */
function contextKeysOf(build: ServerBuild): typeof loadContextKeys | undefined {
  return (build.entry.module as { loadContextKeys?: typeof loadContextKeys }).loadContextKeys;
}

export function createExpressApp(options: {
  build: ServerBuild;
  /** The build's client folder (static files; hashed bundles under assets/). */
  clientDirectory: string;
  /** Routes answered before React Router's (e.g. a health check of a reference app). */
  extraRoutes?: (app: Express) => void;
  /** Which proxies to believe about the client's address and protocol (see parseTrustProxy). */
  trustProxy?: TrustProxy;
  /**
   * The app's validated environment, handed to every request's context as the Worker hands its
   * bindings (server.ts parses process.env once at start). Absent for the bench's minimal app.
   */
  appEnv?: AppEnv;
}): Express {
  const app = express();
  // Stored public pages go out gzipped from mostly pre-compressed bytes (the compression below
  // leaves a response that is already encoded alone).
  const storedPageGzip = createStoredPageGzip();
  const keys = contextKeysOf(options.build);
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);
  // Brotli's default 4 MB window is far larger than any page we send (under 256 KB): with 256 KB
  // windows each response's encoder needs a sixteenth of the memory, and under load the server's
  // resident memory stays flat instead of growing by the buffers the allocator keeps (npm run load).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));

  app.use((req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      const ms = (performance.now() - started).toFixed(1);
      console.log(`${req.method} ${pathOf(req)} ${res.statusCode} ${ms}ms`);
    });
    next();
  });

  // Hashed, content-addressed files never change: cache them for a year. Every file is taken
  // as the type its name says, never sniffed as another (as the Worker's _headers say too).
  const noSniffing = (res: express.Response) => res.setHeader("X-Content-Type-Options", "nosniff");
  app.use(
    "/assets",
    express.static(path.join(options.clientDirectory, "assets"), { immutable: true, maxAge: "1y", index: false, setHeaders: noSniffing }),
  );
  // The other static files (favicons, the social image, the extension's zips) all have an
  // extension; a page's path never asks the file system first.
  const publicFiles = express.static(options.clientDirectory, { maxAge: "1h", index: false, setHeaders: noSniffing });
  app.use((req, res, next) => (path.extname(req.path) === "" ? next() : publicFiles(req, res, next)));

  options.extraRoutes?.(app);

  // The client's address as TRUST_PROXY resolves it, for the app's rate limits. Replaces any
  // value the client sent (see app/lib/client-address.server.ts).
  app.use((req, _res, next) => {
    req.headers[NODE_CLIENT_ADDRESS_HEADER] = req.ip ?? "";
    next();
  });

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: options.build,
      getLoadContext: () => {
        const context = new RouterContextProvider();
        if (keys) {
          if (options.appEnv) context.set(keys.env, options.appEnv);
          context.set(keys.storedPageEncoder, storedPageGzip);
        }
        return context;
      },
    }),
  );
  app.use(finalErrorHandler);
  return app;
}

/**
 * What the log says was asked for: the path alone. A query string can carry an email link's
 * token and its reader's address (/auth/confirm?token_hash=…&email=…), which no log may keep.
 */
function pathOf(req: express.Request): string {
  return req.originalUrl.split("?", 1)[0]!;
}

export type TrustProxy = false | number | string[];

/**
 * `TRUST_PROXY`: unset or empty = trust no proxy (the client's address is the socket's, the
 * protocol is the connection's); a whole number = that many proxy hops in front of the server;
 * otherwise a comma-separated list of the proxies' addresses or CIDR ranges
 * (`10.0.0.1, 192.168.0.0/16`), or Express's names `loopback`, `linklocal`, `uniquelocal`.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const trimmed = (value ?? "").trim();
  if (trimmed === "" || trimmed === "false" || trimmed === "0") return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(",").map((entry) => entry.trim()).filter(Boolean);
  if (entries.includes("true")) {
    throw new Error("TRUST_PROXY=true would believe any client's X-Forwarded-* headers: give a hop count or the proxy's addresses");
  }
  return entries;
}

/** Security headers for the few answers Express writes itself. */
const PLAIN_HEADERS: Record<string, string> = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * The last word on any error that escapes a handler (a malformed Host header, a body the request
 * parser refuses): a plain 400 or 500 with our security headers, never a stack trace or a path.
 */
const finalErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : error instanceof TypeError ? 400 : 500;
  console.error(`${req.method} ${pathOf(req)} failed: ${error instanceof Error ? error.name : "error"} (answered ${status})`);
  res.status(status).set(PLAIN_HEADERS).send(status >= 500 ? "Something went wrong." : "Bad request.");
};
