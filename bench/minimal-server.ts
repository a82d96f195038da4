/**
 * Child process of `npm run bench`: serves the minimal app's build with the same Express app as
 * our server.ts (`express-app.ts`), so the comparison isolates what our app adds on top of the
 * framework.
 *
 * Env: PORT (on 127.0.0.1), BENCH_MINIMAL_BUILD (the minimal app's build directory).
 * Exits when the bench's IPC channel closes, on a signal, or after five minutes (serveForBench).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createExpressApp } from "../express-app.ts";
import { serveForBench } from "./child-server.ts";

const port = Number(process.env.PORT);
const buildDirectory = process.env.BENCH_MINIMAL_BUILD;
if (!port || !buildDirectory) {
  console.error("bench/minimal-server.ts needs PORT and BENCH_MINIMAL_BUILD");
  process.exit(2);
}

const build = (await import(pathToFileURL(path.join(buildDirectory, "server/index.js")).href)) as ServerBuild;

const app = createExpressApp({
  build,
  clientDirectory: path.join(buildDirectory, "client"),
  extraRoutes: (app) =>
    app.get("/healthz", (_req, res) => {
      res.type("text/plain").send("ok");
    }),
});

serveForBench(app, port);
