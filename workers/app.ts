/**
 * The Cloudflare Worker entry (wrangler.jsonc `main`). Static files are answered by the assets
 * binding before this runs; every other request goes through React Router, as on the Node
 * server (server.ts), with the Worker's bindings as the app's environment (workers/handler.ts).
 */
import { createRequestHandler } from "react-router";
import { createWorkerHandler } from "./handler";

export default createWorkerHandler(
  createRequestHandler(
    () => import("virtual:react-router/server-build"),
    import.meta.env.DEV ? "development" : "production",
  ),
);
