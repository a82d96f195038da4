/** The app's origin, fixed at build time from EXTENSION_APP_URL (see wxt.config.ts). */
declare const __TONEWISE_APP_URL__: string;
