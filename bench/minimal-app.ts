/**
 * The reference app for the server comparison: bench/minimal-app/ (a root and one index route
 * rendering a paragraph) copied to a git-ignored cache folder and built there with the installed
 * `react-router build`. It resolves react-router, react, react-dom, express… from this repo's
 * node_modules (Node walks up from the cache folder), so it runs exactly our framework versions
 * and installs nothing. Its own package.json lists isbot, which React Router's default
 * entry.server needs: without it the build would add isbot to the repository's package.json
 * and run npm install.
 */
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { runCommand } from "./processes.ts";

const BUILD_TIMEOUT_MS = 120_000;

export async function buildMinimalApp(root: string): Promise<string> {
  const directory = path.join(root, "node_modules/.cache/tonewise-bench/minimal-app");
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  cpSync(path.join(root, "bench/minimal-app"), directory, { recursive: true });
  const cli = path.join(root, "node_modules/@react-router/dev/bin.cjs");
  const { code, output } = await runCommand(process.execPath, [cli, "build"], {
    cwd: directory,
    env: { ...process.env, NODE_ENV: "production" },
    timeoutMs: BUILD_TIMEOUT_MS,
  });
  const buildDirectory = path.join(directory, "build");
  if (code !== 0 || !existsSync(path.join(buildDirectory, "server/index.js"))) {
    throw new Error(`Building the minimal app failed (exit ${code}):\n${output.slice(-3000)}`);
  }
  return buildDirectory;
}
