/** The app's origin this build talks to (EXTENSION_APP_URL at build time). */
export const APP_URL: string = __TONEWISE_APP_URL__;

export function appLink(path: string): string {
  return new URL(path, APP_URL).toString();
}
