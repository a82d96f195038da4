/**
 * The Node server for the production build: compression, immutable caching for hashed assets,
 * PORT and HOST, request logging, and a graceful shutdown on SIGTERM/SIGINT.
 */
import "./server-defaults.ts";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigurationError, NO_ENGINE_MESSAGE, parseEnv, type AppEnv } from "./app/lib/env.server.ts";
import { createExpressApp, parseTrustProxy } from "./express-app.ts";

const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? "0.0.0.0";
const SHUTDOWN_GRACE_MS = 10_000;

let appEnv: AppEnv;
try {
  appEnv = parseEnv(process.env);
  // The Node server has no Workers AI binding: production needs an OpenAI-compatible engine.
  if (appEnv.NODE_ENV === "production" && !appEnv.AI_BASE_URL) throw new ConfigurationError(NO_ENGINE_MESSAGE);
} catch (error) {
  if (error instanceof ConfigurationError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const buildPath = path.resolve(import.meta.dirname, "build/server/index.js");
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

let trustProxy;
try {
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
} catch (error) {
  console.error(`Configuration error: ${(error as Error).message}`);
  process.exit(1);
}

const app = createExpressApp({ build, clientDirectory: path.resolve(import.meta.dirname, "build/client"), trustProxy, appEnv });

const server = app.listen(PORT, HOST, () => {
  console.log(`Tonewise listening on http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${PORT}`);
});

let shuttingDown = false;
function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: finishing open requests, then exiting`);
  server.close((error) => process.exit(error ? 1 : 0));
  server.closeIdleConnections();
  setTimeout(() => {
    console.error("Forcing shutdown after grace period");
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
