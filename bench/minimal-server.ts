/**
 * Child process of `npm run bench`: serves the minimal app's build with the same Express setup as
 * our server.ts (compression, the one-line request log, immutable /assets, static files, the
 * React Router handler with a RouterContextProvider), so the comparison isolates what our app
 * adds on top of the framework.
 *
 * Env: PORT (on 127.0.0.1), BENCH_MINIMAL_BUILD (the minimal app's build directory).
 * Exits when the bench's IPC channel closes, or after MAX_LIFETIME_MS.
 */
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { RouterContextProvider, type ServerBuild } from "react-router";

const MAX_LIFETIME_MS = 5 * 60_000;

const port = Number(process.env.PORT);
const buildDirectory = process.env.BENCH_MINIMAL_BUILD;
if (!port || !buildDirectory) {
  console.error("bench/minimal-server.ts needs PORT and BENCH_MINIMAL_BUILD");
  process.exit(2);
}

const build = (await import(pathToFileURL(path.join(buildDirectory, "server/index.js")).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", true);
app.use(compression());
app.use((req, res, next) => {
  const started = performance.now();
  res.on("finish", () => {
    const ms = (performance.now() - started).toFixed(1);
    console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms}ms`);
  });
  next();
});
app.use(
  "/assets",
  express.static(path.join(buildDirectory, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
);
app.use(express.static(path.join(buildDirectory, "client"), { maxAge: "1h", index: false }));
app.get("/healthz", (_req, res) => {
  res.type("text/plain").send("ok");
});
app.all(
  "/{*splat}",
  createRequestHandler({ build, getLoadContext: () => new RouterContextProvider() }),
);

const server = app.listen(port, "127.0.0.1");
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once("disconnect", stop);
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
setTimeout(stop, MAX_LIFETIME_MS).unref();
