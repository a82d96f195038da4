/**
 * Copies the extension packages `wxt zip` made (extension/.output) into public/downloads/ under
 * the names the app's /extension/download page links to, so the next app build serves them.
 */
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUTPUT = path.join(ROOT, "extension/.output");
const DOWNLOADS = path.join(ROOT, "public/downloads");

mkdirSync(DOWNLOADS, { recursive: true });
const packages = readdirSync(OUTPUT);
for (const browser of ["chrome", "firefox"]) {
  const built = packages.find((name) => name.endsWith(`-${browser}.zip`));
  if (!built) {
    console.error(`No ${browser} package in extension/.output: run \`wxt zip extension${browser === "chrome" ? "" : " -b firefox"}\` first.`);
    process.exit(1);
  }
  copyFileSync(path.join(OUTPUT, built), path.join(DOWNLOADS, `tonewise-${browser}.zip`));
  console.log(`public/downloads/tonewise-${browser}.zip ← extension/.output/${built}`);
}
