import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The Cloudflare Worker build (`vite.config.ts`, mode "worker") gets its own directory.
  buildDirectory: process.env.TONEWISE_TARGET === "worker" ? "build-worker" : "build",
  // The dev server scans every route for the packages the browser will import and bundles them
  // before the first page, instead of finding them page by page and reloading the open page each
  // time (a first `npm run dev` reloaded the landing page and /auth while they were being used).
  future: { unstable_optimizeDeps: true },
} satisfies Config;
