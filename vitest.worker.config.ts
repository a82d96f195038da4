import { defineConfig } from "vitest/config";

/**
 * Smoke tests against the Cloudflare Worker build running in workerd (`npm run test:worker`,
 * which builds it first). One Worker and local backend serve the whole run: see
 * tests/worker/support/global-setup.ts.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/worker/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/worker/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
