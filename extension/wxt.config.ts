import { readFileSync } from "node:fs";
import { defineConfig } from "wxt";

/**
 * The app this build talks to: `EXTENSION_APP_URL` at build time (default the dev server). Only
 * its origin is used, and the extension's host permissions cover that origin alone.
 */
function appOrigin(): string {
  const raw = process.env.EXTENSION_APP_URL?.trim() || "http://localhost:5173";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`EXTENSION_APP_URL must be an absolute http(s) URL, got "${raw}".`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("EXTENSION_APP_URL must use http or https.");
  return url.origin;
}

const APP_ORIGIN = appOrigin();
const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig({
  // Explicit imports everywhere: the root tsconfig and ESLint check these files as plain TypeScript.
  imports: false,
  manifestVersion: 3,
  zip: { name: "tonewise-extension", artifactTemplate: "{{name}}-{{version}}-{{browser}}.zip", zipSources: false },
  manifest: ({ browser }) => ({
    name: "Tonewise",
    short_name: "Tonewise",
    version,
    description: "Polished, human-toned versions of the messages you type, with one-click Replace.",
    permissions: ["storage", "activeTab", "alarms", "notifications"],
    host_permissions: [`${APP_ORIGIN}/*`],
    action: { default_title: "Tonewise" },
    ...(browser === "firefox"
      ? {
          browser_specific_settings: {
            gecko: {
              id: "extension@tonewise.app",
              strict_min_version: "128.0",
              // What leaves the browser (Firefox asks the user at install): the text of the message
              // being written, and the page a saved reminder links back to.
              data_collection_permissions: { required: ["websiteContent", "personalCommunications", "browsingActivity"] },
            },
          },
        }
      : {}),
  }),
  vite: () => ({
    define: { __TONEWISE_APP_URL__: JSON.stringify(APP_ORIGIN) },
  }),
});
