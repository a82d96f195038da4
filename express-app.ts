/**
 * The Express app that serves a React Router build: compression, a one-line request log,
 * immutable caching for hashed assets, other static files, and the React Router handler with a
 * fresh RouterContextProvider per request. `server.ts` serves Tonewise with it; the benchmark
 * serves its minimal reference app with the very same setup.
 */
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import path from "node:path";
import { RouterContextProvider, type ServerBuild } from "react-router";

export function createExpressApp(options: {
  build: ServerBuild;
  /** The build's client folder (static files; hashed bundles under assets/). */
  clientDirectory: string;
  /** Routes answered before React Router's (e.g. a health check of a reference app). */
  extraRoutes?: (app: Express) => void;
}): Express {
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

  // Hashed, content-addressed files never change: cache them for a year.
  app.use(
    "/assets",
    express.static(path.join(options.clientDirectory, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(express.static(options.clientDirectory, { maxAge: "1h", index: false }));

  options.extraRoutes?.(app);

  app.all(
    "/{*splat}",
    createRequestHandler({ build: options.build, getLoadContext: () => new RouterContextProvider() }),
  );
  return app;
}
