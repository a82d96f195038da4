import { WxtVitest } from "wxt/testing/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Two projects: the app, its backend and its security (Node), and the browser extension's unit
 * tests through WXT's Vitest integration (its config from extension/wxt.config.ts, `wxt/browser`
 * backed by WXT's in-memory fake browser), in happy-dom where a test asks for it.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "app",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}", "tests/security/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        extends: true,
        plugins: [WxtVitest({ root: "extension" })],
        // What extension/wxt.config.ts defines for a build (WXT's Vitest plugin leaves its Vite
        // options out): the app the default build talks to.
        define: { __TONEWISE_APP_URL__: JSON.stringify("http://localhost:5173") },
        test: { name: "extension", include: ["tests/extension/**/*.test.{ts,tsx}"], environment: "node" },
      },
    ],
  },
});
