/**
 * The browser extension's scripts, as a browser loads them from the Chrome build: the content
 * script runs in every page the user opens, so its size is what every page pays.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { runCommand } from "./processes.ts";

export interface ExtensionScript {
  name: string;
  rawBytes: number;
  gzipBytes: number;
}

/** Builds the Chrome target (`wxt build extension`) into extension/.output/chrome-mv3. */
export async function buildExtension(root: string): Promise<string> {
  const { code, output } = await runCommand(process.execPath, [path.join(root, "node_modules/wxt/bin/wxt.mjs"), "build", "extension"], {
    cwd: root,
    timeoutMs: 120_000,
  });
  if (code !== 0) throw new Error(`wxt build failed (exit ${code}):\n${output.slice(-3000)}`);
  return path.join(root, "extension/.output/chrome-mv3");
}

export function measureExtension(outputDirectory: string): ExtensionScript[] {
  return ["content-scripts/content.js", "background.js"].map((name) => {
    const bytes = readFileSync(path.join(outputDirectory, name));
    return { name, rawBytes: bytes.byteLength, gzipBytes: gzipSync(bytes, { level: 9 }).byteLength };
  });
}
