import type { Server } from "node:http";

/**
 * How long a bench child server lives at most, should the bench die without closing its channel:
 * longer than a whole bench may take (its watchdog stops it at 15 minutes).
 */
export const MAX_LIFETIME_MS = 16 * 60_000;

/**
 * Serves `app` on 127.0.0.1:`port` as a child process of `npm run bench`: it stops when the
 * bench's IPC channel closes, on SIGTERM or SIGINT, or after MAX_LIFETIME_MS.
 */
export function serveForBench(app: { listen(port: number, host: string): Server }, port: number): void {
  const server = app.listen(port, "127.0.0.1");
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once("disconnect", stop);
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  setTimeout(stop, MAX_LIFETIME_MS).unref();
}
