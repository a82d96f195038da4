/**
 * Playwright drives the system Chromium (a browser download cannot work on these machines).
 * If it is missing and we are root on Debian, install the `chromium` package; otherwise say how.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } else {
    console.error(
      `Chromium not found at ${chromium}. Install it (Debian: sudo apt-get install chromium) ` +
        "or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
}
