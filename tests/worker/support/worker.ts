/**
 * Starts the Worker build in workerd (wrangler dev on :8787) behind the local backend, exactly as
 * `npm run preview:worker` does, and stops both. The Worker tests share one instance
 * (global-setup.ts); flows that need more of the backend (mailbox, Stripe) read its fixed
 * addresses from emulators/config.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { connect } from "node:net";
import {
  LOCAL_MAILBOX_PORT,
  LOCAL_STRIPE_PORT,
  LOCAL_SUPABASE_PORT,
} from "../../../emulators/config.ts";
import { LOOPBACK, portIsFree } from "../../../emulators/ports.ts";
import { WORKER_BUILD_CONFIG, WORKER_PORT } from "../../../scripts/worker-dev.ts";

export const WORKER_URL = `http://localhost:${WORKER_PORT}`;
/** The one extension origin the Worker under test allows for CORS (`EXTENSION_ORIGINS`). */
export const WORKER_EXTENSION_ORIGIN = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";

const PORTS: ReadonlyArray<{ port: number; what: string }> = [
  { port: WORKER_PORT, what: "the Worker (wrangler dev)" },
  { port: LOCAL_SUPABASE_PORT, what: "the local Supabase" },
  { port: LOCAL_MAILBOX_PORT, what: "the local mailbox" },
  { port: LOCAL_STRIPE_PORT, what: "the local Stripe" },
];

export interface RunningWorker {
  url: string;
  /** Everything the launcher, wrangler and the Worker printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Taken when something answers on 127.0.0.1:`port`, or when we could not listen there ourselves. */
async function portTaken(port: number): Promise<boolean> {
  const answers = await new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: LOOPBACK });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
  return answers || !(await portIsFree(port));
}

export async function assertPortsFree(): Promise<void> {
  const taken = [];
  for (const { port, what } of PORTS) if (await portTaken(port)) taken.push(`${port} (${what})`);
  if (taken.length > 0) {
    throw new Error(
      `Cannot start the Worker test stack: port${taken.length > 1 ? "s" : ""} ${taken.join(", ")} ` +
        "already in use. Stop the other dev server, preview or test run using them, then retry.",
    );
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startWorker(options: { timeoutMs?: number } = {}): Promise<RunningWorker> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  if (!existsSync(WORKER_BUILD_CONFIG)) {
    throw new Error(`No Worker build at ${WORKER_BUILD_CONFIG}: run \`npm run build:worker\` first.`);
  }
  await assertPortsFree();

  let output = "";
  const child = spawn(
    process.execPath,
    ["emulators/launch.ts", "--app-url", WORKER_URL, "--no-env-file", "--", process.execPath, "scripts/worker-dev.ts"],
    {
      // Its own process group, so a stuck stack can be stopped as a whole.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LOCAL_BACKEND_IN_MEMORY: "1", WRANGLER_SEND_METRICS: "false", EXTENSION_ORIGINS: WORKER_EXTENSION_ORIGIN },
    },
  );
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  async function stop(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM"); // the launcher forwards it to wrangler, then closes the emulators
    const done = exited(child);
    const timer = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 15_000).unref());
    if ((await Promise.race([done, timer])) === "timeout" && child.pid !== undefined) {
      process.kill(-child.pid, "SIGKILL");
      await done;
    }
  }

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The Worker stack exited before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${WORKER_URL}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return { url: WORKER_URL, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The Worker did not answer ${WORKER_URL}/healthz within ${timeoutMs / 1000}s:\n${output}`);
}
