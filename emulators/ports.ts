/**
 * Loopback ports for the tools around the app (tests, the bench, scripts): one the OS picks, and
 * whether a fixed one is free. Only ever 127.0.0.1.
 */
import { createServer } from "node:net";

export const LOOPBACK = "127.0.0.1";

/** A port that was free on 127.0.0.1 a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("No free port"))));
    });
  });
}

/** Whether a server could listen on 127.0.0.1:`port` just now (it listens, then closes again). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, LOOPBACK, () => probe.close(() => resolve(true)));
  });
}
