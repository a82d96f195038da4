import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The Cloudflare Worker build (`vite.config.ts`, mode "worker") gets its own directory.
  buildDirectory: process.env.TONEWISE_TARGET === "worker" ? "build-worker" : "build",
} satisfies Config;
