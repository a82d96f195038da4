/**
 * Whether the app can be reached. `navigator.onLine` says whether this machine has a network;
 * an app on this machine itself (a loopback origin: the dev server, a local test server) needs
 * none, so a browser without a network connection still reaches it.
 */

export function isLoopbackOrigin(appUrl: string): boolean {
  let host: string;
  try {
    host = new URL(appUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]";
}

export function canReachApp(appUrl: string, online: boolean): boolean {
  return online || isLoopbackOrigin(appUrl);
}
