import { defineConfig } from "vitest/config";

/** `npm run eval`: the evaluation corpus through the configured AI engine (see eval/optimize.eval.ts). */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["eval/**/*.eval.ts"],
    environment: "node",
    testTimeout: 30 * 60_000,
    reporters: ["default"],
  },
});
