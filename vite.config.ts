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
      serverRenderedIslands(),
      compactPreloadHelper(),
      tailwindcss(),
      reactRouter(),
    ],
    // Names the Worker's page cache (workers/page-store.ts): a new build never reads the last one's pages.
    define: { __TONEWISE_BUILD_ID__: JSON.stringify(`${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`) },
    resolve: { tsconfigPaths: true },
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [siteShellChunk, reactDomChunk] } } } } },
      // The server's bundle is one file: a module imported both lazily (Try it's reminder form) and
      // statically (the Follow-ups page) cannot become a chunk of its own there, and need not. The
      // client build, where the lazy import does split, keeps the check.
      ssr: { build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } } },
    },
    server: { port: 5173, strictPort: true },
  };
});

/**
 * The small modules every page's shell uses (the root's toaster, error boundary, focus on the
 * first invalid field and on the new page after a move, the header's logo and links, buttons,
 * icons, the meta tags, whether a page goes without scripts) go out as
 * one chunk instead of ten: every page that has scripts loads all of them anyway, and one file
 * compresses to about 2 kB less than nine did (decision 033).
 * A module that only some pages use does not belong here; one exception, the hook that closes the
 * site's and the dashboard's menus after a navigation (under 0.2 kB): every page with scripts
 * but /auth uses it, and on its own it was one more request for the landing page and the dashboard.
 */
const siteShellChunk = {
  name: "site-shell",
  test: /\/app\/(components\/(toaster|error-boundary|icons|logo|use-menu-closed-after-navigation|page-focus-after-navigation|ui\/(cx|button|container|first-invalid-focus|focus-lost))|content\/site|lib\/(seo|document-scripts))\.tsx?$/,
};

/**
 * React DOM (with its scheduler) as a chunk of its own, so that the page can evaluate it in a task
 * of its own before the client entry starts hydrating (app/lib/hydration-after-paint.server.ts,
 * which finds it by this name): two shorter tasks on the main thread instead of one long one.
 */
const reactDomChunk = { name: "react-dom", test: /\/node_modules\/(react-dom|scheduler)\// };

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

/**
 * The landing page's islands render on the server from app/components/landing/islands-rendered.tsx;
 * the browser loads each one as a chunk of its own (deferred-islands.tsx, decision 033). In the
 * client build that module is empty, so its static imports do not pull every island back into the
 * landing page's chunk (the bundler places modules by their imports before it drops dead code).
 */
function serverRenderedIslands(): Plugin {
  const emptyModule = "\0tonewise:islands-rendered-on-the-server-only";
  return {
    name: "tonewise:server-rendered-islands",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (source) => (source.endsWith("/islands-rendered") ? emptyModule : undefined),
    load: (id) => (id === emptyModule ? "export {};" : undefined),
  };
}

/**
 * A smaller stand-in for Vite's preload helper, the function every dynamic import() in the client
 * build goes through (the landing page's islands, Try it's reminder form): it adds a
 * `<link rel="modulepreload">` for each module the imported chunk needs, so they download in
 * parallel instead of one import after another, then imports the chunk. Vite's own helper also
 * loads CSS a chunk imports, reads the CSP nonce from a meta tag, checks which links the page
 * already has and reports failures as a `vite:preloadError` event: none of which this app uses
 * (one stylesheet for the whole site, same-origin scripts allowed by the CSP, no listener), and
 * together 0.8 kB of the landing page's JavaScript against 0.2 kB (decision 054). A build where a
 * dynamically imported chunk brings CSS fails here rather than ship a page without its styles.
 */
function compactPreloadHelper(): Plugin {
  const helperId = "\0vite/preload-helper.js";
  let base = "/";
  return {
    name: "tonewise:compact-preload-helper",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      base = config.base;
    },
    load: (id) =>
      id === helperId
        ? `const requested = new Set();
export const __vitePreload = (load, dependencies) => {
  for (const dependency of dependencies ?? []) {
    if (requested.has(dependency)) continue;
    requested.add(dependency);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = ${JSON.stringify(base)} + dependency;
    document.head.append(link);
  }
  return load();
};`
        : undefined,
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== "chunk") continue;
          const dependencies = /__vite__mapDeps=.*?m\.f=\[([^\]]*)\]/.exec(output.code)?.[1] ?? "";
          if (/\.css"/.test(dependencies)) {
            this.error(`${output.fileName} imports a chunk that brings CSS, which the compact preload helper does not load.`);
          }
        }
      },
    },
  };
}
