import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../../../..");
/** The app this test copy of the extension talks to: the e2e web server (playwright.config.ts). */
export const E2E_APP_URL = "http://localhost:3000";
/** `wxt build extension --mode e2e` writes here (WXT's `<browser>-mv3-<mode>`), beside the release builds. */
export const EXTENSION_DIR = path.join(ROOT, "extension/.output/chrome-mv3-e2e");
/** The fixture pages, bundled from tests/e2e/extension/fixtures. */
export const FIXTURES_DIR = path.join(ROOT, "extension/.output/e2e-fixtures");
export const FIXTURE_SOURCES = path.join(ROOT, "tests/e2e/extension/fixtures");

export const FIXTURES = ["textarea", "input", "react", "contenteditable", "prosemirror", "lexical", "quill", "draftjs", "guards", "framed", "srcdoc", "chat", "email"] as const;
export type Fixture = (typeof FIXTURES)[number];
