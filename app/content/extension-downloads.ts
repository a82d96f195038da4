/**
 * The extension packages the app serves (copied into public/downloads/ by `npm run
 * build:extension`) and how to install each from a file.
 */
export const EXTENSION_DOWNLOADS = [
  {
    id: "chrome",
    browser: "Chrome",
    browsers: "Also Edge, Brave and other Chromium browsers.",
    href: "/downloads/tonewise-chrome.zip",
    steps: [
      "Download the file and unzip it.",
      "Open chrome://extensions and turn on Developer mode (top right).",
      "Click “Load unpacked” and choose the unzipped folder.",
      "Pin Tonewise from the puzzle icon, click it, and choose Connect to Tonewise.",
    ],
    note: null,
  },
  {
    id: "firefox",
    browser: "Firefox",
    browsers: "Firefox 128 or later.",
    href: "/downloads/tonewise-firefox.zip",
    steps: [
      "Download the file.",
      "Open about:addons, click the gear icon, and choose “Install Add-on From File…”.",
      "Choose the downloaded file, then click Tonewise in the toolbar and connect your account.",
    ],
    note: "Firefox installs only signed add-ons for good. To try an unsigned build, open about:debugging, choose This Firefox, then “Load Temporary Add-on…”.",
  },
] as const;
