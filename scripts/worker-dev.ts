/**
 * Serves the Worker build (build-worker/, from `npm run build:worker`) in workerd with
 * `wrangler dev` on http://localhost:8787. Run it under the launcher so the environment holds
 * the backend's addresses and keys:
 *
 *   node emulators/launch.ts --app-url http://localhost:8787 -- node scripts/worker-dev.ts
 *
 * wrangler passes the variables wrangler.jsonc names (`vars` and `secrets.required`) from this
 * process's environment to the Worker, so no secret is written to disk. (A `.dev.vars` file in
 * build-worker/server/ would replace the environment; this script refuses to run with one.)
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { portIsFree } from "../emulators/ports.ts";

export const WORKER_BUILD_CONFIG = "build-worker/server/wrangler.json";
export const WORKER_PORT = 8787;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  if (!existsSync(WORKER_BUILD_CONFIG)) {
    fail(`No Worker build at ${WORKER_BUILD_CONFIG}: run \`npm run build:worker\` first.`);
  }
  if (existsSync("build-worker/server/.dev.vars")) {
    fail("build-worker/server/.dev.vars would replace the environment's variables: delete it.");
  }
  if (!(await portIsFree(WORKER_PORT))) {
    fail(`Port ${WORKER_PORT} is in use: stop whatever is serving http://localhost:${WORKER_PORT} first.`);
  }

  const wranglerPackage = createRequire(import.meta.url).resolve("wrangler/package.json");
  const wrangler = path.join(path.dirname(wranglerPackage), "bin", "wrangler.js");
  const child = spawn(
    process.execPath,
    [
      wrangler,
      "dev",
      "--config",
      WORKER_BUILD_CONFIG,
      "--ip",
      "127.0.0.1",
      "--port",
      String(WORKER_PORT),
      "--show-interactive-dev-session=false",
    ],
    {
      stdio: "inherit",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true" },
    },
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => child.kill(signal));
  }
  child.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.main) await main();
