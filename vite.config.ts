import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";

/**
 * `--mode worker` (npm run build:worker) builds the Cloudflare Worker: the Cloudflare plugin runs
 * the server build in workerd's shape (workers/app.ts is the entry, see wrangler.jsonc) and the
 * output goes to build-worker/ (react-router.config.ts reads TONEWISE_TARGET), so the Node build
 * in build/ is left alone. Every other mode is the Node build, unchanged.
 */
export const WORKER_MODE = "worker";

export default defineConfig(({ mode }) => {
  const worker = mode === WORKER_MODE;
  if (worker) process.env.TONEWISE_TARGET = "worker";
  return {
    plugins: [
      ...(worker ? [cloudflare({ viteEnvironment: { name: "ssr" } }), workerAssetHeaders()] : []),
      tailwindcss(),
      reactRouter(),
    ],
    // Names the Worker's page cache (workers/page-store.ts): a new build never reads the last one's pages.
    define: { __TONEWISE_BUILD_ID__: JSON.stringify(`${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`) },
    resolve: { tsconfigPaths: true },
    server: { port: 5173, strictPort: true },
  };
});

/**
 * Puts workers/_headers into the Worker's static assets (immutable caching for hashed files).
 * Only the Worker build gets it: the Node server sets the same headers itself, and would
 * otherwise serve the file as /_headers.
 */
function workerAssetHeaders(): Plugin {
  return {
    name: "tonewise:worker-asset-headers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "_headers",
        source: readFileSync(new URL("./workers/_headers", import.meta.url), "utf8"),
      });
    },
  };
}
