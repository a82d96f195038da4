/**
 * Builds what the extension tests load: a copy of the extension that talks to the e2e server
 * (the release builds keep their own EXTENSION_APP_URL), and the fixture pages, bundled from
 * npm editors with esbuild.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { E2E_APP_URL, EXTENSION_DIR, FIXTURE_SOURCES, FIXTURES, FIXTURES_DIR, ROOT } from "./paths";

export function buildExtension(): void {
  const wxtBin = path.join(ROOT, "node_modules/wxt/bin/wxt.mjs");
  execFileSync(process.execPath, [wxtBin, "build", "extension", "--mode", "e2e"], {
    cwd: ROOT,
    env: { ...process.env, EXTENSION_APP_URL: E2E_APP_URL },
    stdio: "pipe",
  });
  if (!existsSync(path.join(EXTENSION_DIR, "manifest.json"))) throw new Error(`wxt did not write ${path.relative(ROOT, EXTENSION_DIR)}`);
}

export async function buildFixtures(): Promise<void> {
  rmSync(FIXTURES_DIR, { recursive: true, force: true });
  mkdirSync(FIXTURES_DIR, { recursive: true });
  const entryPoints = FIXTURES.map((name) => {
    const tsx = path.join(FIXTURE_SOURCES, `${name}.tsx`);
    return { in: existsSync(tsx) ? tsx : path.join(FIXTURE_SOURCES, `${name}.ts`), out: name };
  });
  await build({
    entryPoints,
    outdir: FIXTURES_DIR,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    // Node's `global`, which Draft.js's dependencies (fbjs, setimmediate) read as the browser's global object.
    define: { "process.env.NODE_ENV": JSON.stringify("production"), global: "globalThis" },
    logLevel: "warning",
  });
  for (const name of FIXTURES) {
    const css = existsSync(path.join(FIXTURES_DIR, `${name}.css`)) ? `<link rel="stylesheet" href="${name}.css">` : "";
    writeFileSync(
      path.join(FIXTURES_DIR, `${name}.html`),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>${css}</head><body><script src="${name}.js"></script></body></html>\n`,
    );
  }
}
