/**
 * Child processes for the benchmark and the load test: servers started in their own process
 * group, waiting for them to answer, and stopping them (the whole group, by its id) even when
 * the run fails half-way, is interrupted or hangs (`runToCompletion`). (Free loopback ports
 * come from emulators/ports.ts.)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

export interface Started {
  readonly name: string;
  readonly child: ChildProcess;
  /** The last lines the process wrote to stderr, for error messages. */
  stderrTail(): string;
  stop(): Promise<void>;
}

const running = new Set<Started>();

/**
 * Starts `node <args>` in its own process group with an IPC channel: the bench's own child
 * scripts exit when that channel closes, so they stop by themselves even if the bench is killed.
 * stdout is discarded (both servers log one line per request; a pipe nobody reads would stall
 * them), stderr is kept in a small ring for diagnostics.
 */
export function startNode(name: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string): Started {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    detached: true,
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  const lines: string[] = [];
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    lines.push(...chunk.split("\n").filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  });
  const started: Started = {
    name,
    child,
    stderrTail: () => lines.join("\n"),
    stop: () => stopGroup(started),
  };
  running.add(started);
  child.once("exit", () => running.delete(started));
  return started;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

async function stopGroup(started: Started): Promise<void> {
  const { child } = started;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    signalGroup(child, "SIGTERM");
    const timer = setTimeout(() => signalGroup(child, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }
  // Grandchildren (the app under the backend wrapper) share the group: make sure none is left.
  signalGroup(child, "SIGKILL");
  running.delete(started);
}

/** Stops everything still running (at the end of runToCompletion, whatever happened). */
async function stopAll(): Promise<void> {
  await Promise.all([...running].map((started) => started.stop()));
}

/** Last resort on a synchronous exit: no awaiting possible, so SIGKILL every group we started. */
function killAllNow(): void {
  for (const { child } of running) signalGroup(child, "SIGKILL");
}

export interface Run {
  /** What the messages call the program: "bench", "load". */
  name: string;
  /** The watchdog: after this long, everything started is killed and the process exits 1. */
  watchdogMs: number;
  /** How the watchdog's message says that time ("6 minutes"). */
  watchdogLabel: string;
  /** Said on Ctrl-C or SIGTERM, before everything started is killed (then exit 130). */
  onSignal?: (signal: NodeJS.Signals) => void;
  /** After `main` threw and its message was printed (e.g. a summary of what was measured). */
  afterFailure?: () => void;
}

/**
 * The entry point of `npm run bench` and `npm run load`: runs `main` and exits with its code
 * (1 when it throws), stopping every process started here in any case — at the end, on a
 * failure, on Ctrl-C or SIGTERM, on a synchronous exit and when the watchdog fires.
 */
export async function runToCompletion(run: Run, main: () => Promise<number>): Promise<never> {
  const watchdog = setTimeout(() => {
    console.error(`${run.name}: still running after ${run.watchdogLabel}; stopping.`);
    killAllNow();
    process.exit(1);
  }, run.watchdogMs);
  watchdog.unref();
  process.once("exit", killAllNow);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      run.onSignal?.(signal);
      killAllNow();
      process.exit(130);
    });
  }

  let code = 1;
  try {
    code = await main();
  } catch (error) {
    console.error(`\n${run.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    run.afterFailure?.();
  } finally {
    await stopAll();
  }
  process.exit(code);
}

/** Polls `url` until it answers 200, the process dies, or `timeoutMs` passes. */
export async function waitUntilServing(started: Started, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`${started.name} exited before serving:\n${started.stderrTail()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${started.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${started.stderrTail()}`);
}

/** Runs a command to completion with a time limit; resolves with its exit code and output. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const timer = setTimeout(() => {
      output += `\n[bench] ${command} timed out after ${options.timeoutMs / 1000} s`;
      signalGroup(child, "SIGKILL");
    }, options.timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      signalGroup(child, "SIGKILL"); // anything it left behind (e.g. a browser)
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

/** A process's command line, spaces for NULs ("" once it has exited). */
function commandLineOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/**
 * The live processes in `started`'s process group, from /proc (Linux; none elsewhere): each
 * one's pid and the fields of /proc/<pid>/stat after the command name, read once.
 */
function* groupMembers(started: Started): Generator<{ pid: string; fields: string[] }> {
  const group = started.child.pid;
  if (group === undefined || !existsSync("/proc/self/stat")) return;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …"
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === group) yield { pid: entry, fields };
  }
}

/**
 * CPU time (user + system, ms) used so far by every live process in `started`'s process group,
 * from /proc (Linux; undefined elsewhere). Unlike requests per second, CPU per request hardly
 * depends on how much of the machine other work leaves us.
 */
export function groupCpuMs(started: Started, only?: (commandLine: string) => boolean): number | undefined {
  if (started.child.pid === undefined || !existsSync("/proc/self/stat")) return undefined;
  const TICKS_PER_SECOND = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const { pid, fields } of groupMembers(started)) {
    if (only && !only(commandLineOf(pid))) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The pids of the live processes in `started`'s group whose command line passes `only` ([] without /proc). */
export function groupPids(started: Started, only: (commandLine: string) => boolean): number[] {
  return [...groupMembers(started)].filter(({ pid }) => only(commandLineOf(pid))).map(({ pid }) => Number(pid));
}

/** A process's resident set size (VmRSS in /proc/<pid>/status), bytes; undefined once it has exited or without /proc. */
export function residentBytes(pid: number): number | undefined {
  try {
    const kB = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kB === undefined ? undefined : Number(kB) * 1024;
  } catch {
    return undefined;
  }
}
