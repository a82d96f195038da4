/**
 * npm run load [-- --seconds 30 --concurrency 200 --warmup 5 --max-rss-growth 15]
 *
 * The load test (issue 10; not part of `npm test` or `npm run bench`): the production server
 * (`node server.ts` on build/) with the in-memory local backend, started the way the Playwright
 * web server starts it, under `concurrency` keep-alive connections on loopback for `seconds`,
 * each connection cycling through five requests:
 *
 *   GET  /                      GET /blog/<an article>      GET /auth
 *   GET  /dashboard             signed in (the session cookies of a confirmed account)
 *   POST /api/v1/optimize       a Bearer access token of that (Free) account, JSON
 *
 * The optimize API allows 60 calls a minute per user and a Free account 30 messages a month, so
 * most optimize calls are answered 429 `rate_limited` or `quota_exceeded`: expected. Anything
 * else — a network error, a timeout, a 5xx, any other status, a 429 anywhere else — is an error.
 *
 * Prints per route: requests, requests/s, p50/p95/p99 latency and the answers; and the server's
 * resident memory (VmRSS of the `node server.ts` process) after the warm-up, at its peak, and at
 * the end. Exits 0 when there were no errors and the RSS at the end is within `max-rss-growth`
 * percent of the RSS in the middle of the run (memory flat once warm); 1 otherwise.
 *
 * Options (flags win over the environment): --seconds / LOAD_SECONDS (30), --concurrency /
 * LOAD_CONCURRENCY (200), --warmup / LOAD_WARMUP_SECONDS (5, at full concurrency, not recorded
 * but checked for errors), --max-rss-growth / LOAD_MAX_RSS_GROWTH_PERCENT (15).
 *
 * Reading the RSS: the server's JavaScript heap stays flat under this load, but on Linux (glibc)
 * the RSS climbs when compression runs on many threads at once: each thread's malloc arena keeps
 * the buffers of finished encoders. The server runs here as deployed (Dockerfile,
 * docs/deploy-node.md): with `MALLOC_ARENA_MAX=2`, unless the environment sets it. With glibc's
 * default (8 arenas per core: run with `MALLOC_ARENA_MAX=16` on 2 cores) the RSS grew 42–65% over
 * 30 s on the development machine; with 2 arenas and 256 KB brotli windows (express-app.ts) it
 * levels off within the first half. To tell a leak from memory the allocator keeps, run with
 * `MALLOC_MMAP_THRESHOLD_=131072` too: large buffers then go back to the system at once, so the
 * RSS follows the heap; if it still grows, look for a leak.
 *
 * The local backend listens on its fixed ports (54321, 54324, 12111, 54331), so nothing else may
 * hold them (a running `npm run dev`, `preview` or e2e run): run it alone, or in a private
 * network namespace. Only 127.0.0.1 is contacted. Every process started here is in one process
 * group, stopped at the end, on an error, on Ctrl-C and by a watchdog.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { LOCAL_MAILBOX_URL } from "../emulators/config.ts";
import { decodeEntities } from "../emulators/html.ts";
import { freePort, LOOPBACK } from "../emulators/ports.ts";
import { percentile } from "./load.ts";
import { groupCpuMs, groupPids, residentBytes, runToCompletion, startNode, type Started, waitUntilServing } from "./processes.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const ARTICLE = "/blog/48-hour-follow-up-rule";
const PASSWORD = "Correct-Horse-9";
const START_TIMEOUT_MS = 120_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** Set-up (start, sign-up, token) and shutdown on top of the warm-up and the measured run. */
const WATCHDOG_MARGIN_MS = 4 * 60_000;
const OPTIMIZE_TEXT = "hi sam, just following up on the proposal i sent tuesday. the price is $1,200 per month for 15 seats. can we talk this week?";
/** The 429s the optimize API is expected to answer under this load (README: Errors). */
const EXPECTED_429_CODES = new Set(["rate_limited", "quota_exceeded"]);

// ---------------------------------------------------------------------------------------------
// Options

type Options = ReturnType<typeof readOptions>;

function readOptions() {
  const { values } = parseArgs({
    options: {
      seconds: { type: "string" },
      concurrency: { type: "string" },
      warmup: { type: "string" },
      "max-rss-growth": { type: "string" },
    },
    strict: true,
  });
  const number = (flag: keyof typeof values, variable: string, fallback: number, min: number, max: number) => {
    const raw = values[flag] ?? process.env[variable];
    const value = raw === undefined || raw === "" ? fallback : Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new Error(`${variable} / --${flag} must be a number from ${min} to ${max} (got ${raw})`);
    }
    return value;
  };
  return {
    seconds: number("seconds", "LOAD_SECONDS", 30, 1, 600),
    concurrency: Math.round(number("concurrency", "LOAD_CONCURRENCY", 200, 1, 1_000)),
    warmupSeconds: number("warmup", "LOAD_WARMUP_SECONDS", 5, 0, 120),
    maxRssGrowthPercent: number("max-rss-growth", "LOAD_MAX_RSS_GROWTH_PERCENT", 15, 0, 1_000),
  };
}

// ---------------------------------------------------------------------------------------------
// Set-up: the server, a confirmed and signed-in account, an access token

/** A tiny browser for the set-up: keeps cookies, sends same-origin headers on POSTs, follows no redirects. */
class SetupClient {
  readonly cookies = new Map<string, string>();
  private readonly base: string;
  private readonly appOrigin: string;
  constructor(base: string, appOrigin: string) {
    this.base = base;
    this.appOrigin = appOrigin;
  }

  async fetch(pathname: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ status: number; location: string | null; text: string }> {
    const headers = new Headers({ Accept: "text/html" });
    if (this.cookies.size > 0) headers.set("Cookie", this.cookieHeader());
    let body: URLSearchParams | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form);
      headers.set("Origin", this.appOrigin);
      headers.set("Sec-Fetch-Site", "same-origin");
    }
    const response = await fetch(new URL(pathname, this.base), {
      method: init.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === "" || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, location: response.headers.get("Location"), text: await response.text() };
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function confirmationLink(email: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${LOCAL_MAILBOX_URL}/api/messages?to=${encodeURIComponent(email)}`, { signal: AbortSignal.timeout(5_000) });
    const messages = (await response.json()) as Array<{ links: string[] }>;
    const link = messages[0]?.links.find((candidate) => candidate.includes("/auth/confirm"));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No confirmation email for ${email} in the local mailbox`);
}

/**
 * Signs up through the app's form, opens the emailed link ("Continue as …"), posts its form to
 * /auth/confirm, and creates an access token on the Account page: the session cookies for the
 * dashboard and the token for the API, both of one confirmed Free account.
 */
async function signedInAccount(base: string, appOrigin: string): Promise<{ email: string; cookie: string; token: string }> {
  const client = new SetupClient(base, appOrigin);
  const email = `load-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`;
  const signUp = await client.fetch("/auth?mode=signup", { form: { mode: "signup", fullName: "Load Test", email, password: PASSWORD } });
  if (signUp.status !== 200 || !signUp.text.includes("Check your email")) {
    throw new Error(`Sign-up answered ${signUp.status} without "Check your email"`);
  }
  const link = new URL(await confirmationLink(email));
  const page = await client.fetch(`${link.pathname}${link.search}`);
  if (page.status !== 200) throw new Error(`The confirmation link answered ${page.status}`);
  const fields = Object.fromEntries(
    [...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map(([, name, value]) => [name!, decodeEntities(value!)]),
  );
  if (!fields.token_hash) throw new Error("The confirmation page has no token_hash field");
  const confirm = await client.fetch("/auth/confirm", { form: fields });
  if (confirm.status !== 302 || client.cookies.size === 0) {
    throw new Error(`Confirming answered ${confirm.status} (to ${confirm.location ?? "nowhere"}) with ${client.cookies.size} cookies`);
  }
  const created = await client.fetch("/dashboard/account", { form: { intent: "create-token", name: "Load test" } });
  const token = /value="(tw_[A-Za-z0-9_-]{43})"/.exec(created.text)?.[1];
  if (created.status !== 200 || !token) throw new Error(`Creating an access token answered ${created.status} without a token`);
  const dashboard = await client.fetch("/dashboard");
  if (dashboard.status !== 200 || !dashboard.text.includes("Welcome")) throw new Error(`The signed-in dashboard answered ${dashboard.status} without "Welcome"`);
  return { email, cookie: client.cookieHeader(), token };
}

// ---------------------------------------------------------------------------------------------
// The load loop

interface Target {
  label: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: (n: number) => string;
  /** undefined for an expected answer; else what went wrong. `label` names the answer in the table. */
  judge: (status: number, body: string) => { label: string; error?: string };
}

interface RouteStats {
  requests: number;
  answers: Map<string, number>;
  errors: number;
  errorSamples: Map<string, number>;
  latencies: number[];
}

function emptyStats(): RouteStats {
  return { requests: 0, answers: new Map(), errors: 0, errorSamples: new Map(), latencies: [] };
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** Expects 200; anything else is an error. */
function okOnly(status: number): { label: string; error?: string } {
  return status === 200 ? { label: "200" } : { label: String(status), error: `HTTP ${status}` };
}

function targets(account: { cookie: string; token: string }): Target[] {
  // What a browser sends for a page: the server compresses HTML, as it would in production.
  const page = { accept: "text/html", "accept-encoding": "br, gzip" };
  return [
    { label: "GET /", method: "GET", path: "/", headers: page, judge: okOnly },
    { label: `GET ${ARTICLE}`, method: "GET", path: ARTICLE, headers: page, judge: okOnly },
    { label: "GET /auth", method: "GET", path: "/auth", headers: page, judge: okOnly },
    { label: "GET /dashboard (signed in)", method: "GET", path: "/dashboard", headers: { ...page, cookie: account.cookie }, judge: okOnly },
    {
      label: "POST /api/v1/optimize",
      method: "POST",
      path: "/api/v1/optimize",
      headers: { authorization: `Bearer ${account.token}`, "content-type": "application/json", accept: "application/json" },
      body: (n) => JSON.stringify({ text: OPTIMIZE_TEXT, tone: "friendly", messageType: "email", platform: "gmail", draftId: `load-${n}` }),
      judge: (status, body) => {
        if (status === 200) return { label: "200" };
        if (status === 429) {
          let code = "?";
          try {
            code = String((JSON.parse(body) as { error?: { code?: unknown } }).error?.code);
          } catch {
            // not the API's JSON: an error below
          }
          if (EXPECTED_429_CODES.has(code)) return { label: `429 ${code}` };
          return { label: `429 ${code}`, error: `HTTP 429 ${code}` };
        }
        return { label: String(status), error: `HTTP ${status}` };
      },
    },
  ];
}

/** One request; resolves with the status and (for small answers) the body, or rejects on a network error or timeout. */
function send(agent: http.Agent, origin: URL, target: Target, n: number, onSocket: (socket: object) => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = target.body?.(n);
    const headers = body === undefined ? target.headers : { ...target.headers, "content-length": String(Buffer.byteLength(body)) };
    const request = http.request(new URL(target.path, origin), { agent, method: target.method, headers }, (response) => {
      // Only API answers are read (for their error code); pages are counted and dropped.
      const keep = target.method === "POST";
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => {
        if (keep) chunks.push(chunk);
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: keep ? Buffer.concat(chunks).toString("utf8") : "" }));
      response.on("error", reject);
    });
    request.on("socket", onSocket);
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`timed out after ${REQUEST_TIMEOUT_MS / 1000} s`)));
    request.on("error", reject);
    request.end(body);
  });
}

/** What every phase shares: one keep-alive agent (so one pool of connections), the request counter, a stop flag. */
interface Loop {
  agent: http.Agent;
  origin: URL;
  targets: Target[];
  concurrency: number;
  /** Numbers each request (the optimize API's draftId). */
  next: number;
  /** Connections the agent has opened so far. */
  connections: number;
  onSocket: (socket: object) => void;
  /** Set when the server is gone: the workers stop instead of spinning on refused connections. */
  stopped?: string;
}

function createLoop(origin: URL, list: Target[], concurrency: number): Loop {
  const sockets = new WeakSet<object>();
  const loop: Loop = {
    agent: new http.Agent({ keepAlive: true, maxSockets: concurrency }),
    origin,
    targets: list,
    concurrency,
    next: 0,
    connections: 0,
    onSocket: (socket) => {
      if (sockets.has(socket)) return;
      sockets.add(socket);
      loop.connections++;
    },
  };
  return loop;
}

/**
 * `concurrency` workers, each cycling through the targets (worker i starts at target i mod 5, so
 * every route always has about a fifth of the connections), until `seconds` have passed or the
 * loop is stopped; then the requests in flight finish. Returns the stats per target and the
 * elapsed time.
 */
async function phase(loop: Loop, seconds: number): Promise<{ stats: RouteStats[]; elapsedSeconds: number }> {
  const stats = loop.targets.map(emptyStats);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async (index: number) => {
    for (let step = index; performance.now() < deadline && !loop.stopped; step++) {
      const which = step % loop.targets.length;
      const target = loop.targets[which]!;
      const route = stats[which]!;
      const sent = performance.now();
      route.requests++;
      try {
        const { status, body } = await send(loop.agent, loop.origin, target, loop.next++, loop.onSocket);
        route.latencies.push(performance.now() - sent);
        const verdict = target.judge(status, body);
        bump(route.answers, verdict.label);
        if (verdict.error) {
          route.errors++;
          bump(route.errorSamples, verdict.error);
        }
      } catch (error) {
        route.errors++;
        const message = error instanceof Error ? ((error as { code?: string }).code ?? error.message) : String(error);
        bump(route.answers, "network error");
        bump(route.errorSamples, message);
      }
    }
  };
  await Promise.all(Array.from({ length: loop.concurrency }, (_, index) => worker(index)));
  for (const route of stats) route.latencies.sort((a, b) => a - b);
  return { stats, elapsedSeconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------
// Output

const MB = (bytes: number | undefined) => (bytes === undefined ? "–" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "–");
const count = (value: number) => value.toLocaleString("en-US");

function table(head: string[], rows: string[][]): string {
  const widths = head.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(head), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

function describeAnswers(answers: Map<string, number>): string {
  return [...answers]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, times]) => `${label} ×${count(times)}`)
    .join(", ");
}

// ---------------------------------------------------------------------------------------------
// Main

/** The machine's CPU time so far, busy and in all (clock ticks, /proc/stat), or undefined without /proc. */
function machineCpu(): { busy: number; total: number } | undefined {
  try {
    // user nice system idle iowait irq softirq steal (guest time is already in user)
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const idle = fields[3]! + (fields[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** The `node server.ts` process under the launcher (the launcher itself hosts the local backend). */
const isLauncher = (commandLine: string) => /\bemulators\/launch\.ts\b/.test(commandLine);
const isAppServer = (commandLine: string) => /(^|\s|\/)server\.ts\s*$/.test(commandLine) && !isLauncher(commandLine);

function onePid(server: Started, which: (commandLine: string) => boolean, what: string): number {
  const pids = groupPids(server, which);
  if (pids.length !== 1) throw new Error(`Expected one ${what} process in the server's group, found ${pids.length} (is /proc available?)`);
  return pids[0]!;
}

async function main(options: Options): Promise<number> {
  const loadBefore = loadavg()[0]!;
  const port = await freePort();
  // APP_URL on 127.0.0.1 too: React Router refuses a form post whose Origin is not its Host.
  const base = new URL(`http://${LOOPBACK}:${port}`);
  const appOrigin = base.origin;

  console.log(
    `Load test: ${options.concurrency} keep-alive connections for ${options.seconds} s (after a ${options.warmupSeconds} s warm-up) ` +
      `on ${base.host}; Node ${process.version}, ${availableParallelism()} cores, load average ${loadBefore.toFixed(2)} before.`,
  );
  console.log("Starting node server.ts (build/) with the in-memory local backend …");
  const server = startNode(
    "node emulators/launch.ts --no-env-file -- node server.ts",
    [path.join(ROOT, "emulators/launch.ts"), "--app-url", appOrigin, "--no-env-file", "--", process.execPath, "server.ts"],
    { MALLOC_ARENA_MAX: "2", ...process.env, PORT: String(port), HOST: LOOPBACK, LOCAL_BACKEND_IN_MEMORY: "1" },
    ROOT,
  );
  await waitUntilServing(server, `${base.origin}/healthz`, START_TIMEOUT_MS);
  const appPid = onePid(server, isAppServer, "node server.ts");
  const launcherPids = groupPids(server, isLauncher);
  const backendPid = launcherPids.length === 1 ? launcherPids[0] : undefined;

  const account = await signedInAccount(base.origin, appOrigin);
  console.log(`Signed up and confirmed ${account.email} (Free), created an access token.`);
  const list = targets(account);

  const loop = createLoop(base, list, options.concurrency);
  // Once a second: the server's RSS, and whether it is still there at all.
  const rssSamples: number[] = [];
  const monitor = setInterval(() => {
    const rss = residentBytes(appPid);
    if (rss === undefined) loop.stopped ??= "node server.ts exited";
    else rssSamples.push(rss);
  }, 1_000);
  server.child.once("exit", () => (loop.stopped ??= "the launcher exited"));
  try {
    // One of each first: a wrong set-up fails here, clearly, rather than as thousands of errors.
    for (const target of list) {
      const { status, body } = await send(loop.agent, base, target, loop.next++, loop.onSocket);
      const verdict = target.judge(status, body);
      if (verdict.error) throw new Error(`Pre-flight: ${target.label} answered ${verdict.label}`);
    }

    let warmupStats: RouteStats[] = [];
    if (options.warmupSeconds > 0) {
      console.log(`Warm-up: ${options.warmupSeconds} s at full concurrency (not recorded) …`);
      warmupStats = (await phase(loop, options.warmupSeconds)).stats;
    }

    const rssStart = residentBytes(appPid);
    const backendStart = backendPid === undefined ? undefined : residentBytes(backendPid);
    rssSamples.length = 0;
    const cpuBefore = { app: groupCpuMs(server, isAppServer), backend: groupCpuMs(server, isLauncher), self: process.cpuUsage(), machine: machineCpu() };
    console.log(`Measuring: ${options.seconds} s …`);
    const run = await phase(loop, options.seconds);
    const cpuAfter = { app: groupCpuMs(server, isAppServer), backend: groupCpuMs(server, isLauncher), self: process.cpuUsage(cpuBefore.self), machine: machineCpu() };
    const rssEnd = residentBytes(appPid);
    const backendEnd = backendPid === undefined ? undefined : residentBytes(backendPid);
    const rssPeak = Math.max(rssStart ?? 0, rssEnd ?? 0, ...rssSamples);
    // Every ~1/6 of the run: enough to see a trend.
    const every = Math.max(1, Math.round(rssSamples.length / 6));
    const timeline = rssSamples.filter((_, index) => (index + 1) % every === 0).map((bytes) => (bytes / 1024 / 1024).toFixed(0));

    // The table
    const expected429 = (route: RouteStats) =>
      [...route.answers].filter(([label]) => label.startsWith("429 ") && EXPECTED_429_CODES.has(label.slice(4))).reduce((sum, [, n]) => sum + n, 0);
    const rows = run.stats.map((route, index) => [
      list[index]!.label,
      count(route.requests),
      (route.latencies.length / run.elapsedSeconds).toFixed(0),
      ms(percentile(route.latencies, 0.5)),
      ms(percentile(route.latencies, 0.95)),
      ms(percentile(route.latencies, 0.99)),
      count(route.answers.get("200") ?? 0),
      count(expected429(route)),
      count(route.errors),
    ]);
    const all = run.stats.flatMap((route) => route.latencies).sort((a, b) => a - b);
    const total = (pick: (route: RouteStats) => number) => run.stats.reduce((sum, route) => sum + pick(route), 0);
    rows.push([
      "all",
      count(total((route) => route.requests)),
      (all.length / run.elapsedSeconds).toFixed(0),
      ms(percentile(all, 0.5)),
      ms(percentile(all, 0.95)),
      ms(percentile(all, 0.99)),
      count(total((route) => route.answers.get("200") ?? 0)),
      count(total(expected429)),
      count(total((route) => route.errors)),
    ]);
    console.log(`\n${options.concurrency} workers, ${run.elapsedSeconds.toFixed(1)} s measured; ${loop.connections} connections opened in all (warm-up included)\n`);
    console.log(table(["route", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "200", "429 expected", "errors"], rows));
    console.log("\nAnswers:");
    run.stats.forEach((route, index) => console.log(`  ${list[index]!.label}: ${describeAnswers(route.answers)}`));

    const warmupErrors = warmupStats.reduce((sum, route) => sum + route.errors, 0);
    const warmupRequests = warmupStats.reduce((sum, route) => sum + route.requests, 0);
    if (options.warmupSeconds > 0) console.log(`  warm-up: ${count(warmupRequests)} requests, ${count(warmupErrors)} errors`);
    const samples = new Map<string, number>();
    for (const route of [...warmupStats, ...run.stats]) for (const [message, times] of route.errorSamples) samples.set(message, (samples.get(message) ?? 0) + times);
    if (samples.size > 0) console.log(`\nErrors: ${describeAnswers(samples)}`);

    const growth = rssStart && rssEnd ? (rssEnd / rssStart - 1) * 100 : Number.NaN;
    // A leak keeps growing under a steady load; memory that settles (the heap reaching its working
    // size, the allocator's pools filling) does not. So the check is the second half of the run.
    const rssMiddle = rssSamples[Math.floor(rssSamples.length / 2)];
    const lateGrowth = rssMiddle && rssEnd ? (rssEnd / rssMiddle - 1) * 100 : Number.NaN;
    const percent = (value: number) => (Number.isFinite(value) ? `${value >= 0 ? "+" : ""}${value.toFixed(1)}%` : "–");
    console.log(
      `\nServer RSS (node server.ts, VmRSS): start ${MB(rssStart)} (after the warm-up), middle ${MB(rssMiddle)}, peak ${MB(rssPeak)}, end ${MB(rssEnd)}` +
        ` (${percent(growth)} over the run; ${percent(lateGrowth)} over its second half, bound +${options.maxRssGrowthPercent}%)`,
    );
    if (timeline.length > 0) console.log(`  during the run, every ${every} s: ${timeline.join(", ")} MB`);
    console.log(`Local backend RSS (the launcher: PGlite, mailbox, Stripe, AI stand-in): start ${MB(backendStart)}, end ${MB(backendEnd)} (not checked)`);
    const answered = all.length;
    const cpuPerRequest = (which: "app" | "backend") => {
      const before = cpuBefore[which];
      const after = cpuAfter[which];
      return before === undefined || after === undefined || answered === 0 ? "–" : `${((after - before) / answered).toFixed(1)} ms`;
    };
    // Where the time went: each process's CPU as a share of one core, and how busy the machine was.
    const share = (ms: number | undefined) => (ms === undefined ? "–" : `${((ms / 1000 / run.elapsedSeconds) * 100).toFixed(0)}%`);
    const delta = (which: "app" | "backend") => (cpuBefore[which] === undefined || cpuAfter[which] === undefined ? undefined : cpuAfter[which] - cpuBefore[which]);
    const busy =
      cpuBefore.machine && cpuAfter.machine
        ? `${(((cpuAfter.machine.busy - cpuBefore.machine.busy) / (cpuAfter.machine.total - cpuBefore.machine.total)) * 100).toFixed(0)}%`
        : "–";
    console.log(
      `CPU per answered request: node server.ts ${cpuPerRequest("app")}, local backend ${cpuPerRequest("backend")}. ` +
        `Of one core: server ${share(delta("app"))}, backend ${share(delta("backend"))}, load generator ${share((cpuAfter.self.user + cpuAfter.self.system) / 1000)}; ` +
        `all ${availableParallelism()} cores ${busy} busy (everything on the machine).`,
    );
    const loadAfter = loadavg()[0]!;
    console.log(`Load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`);

    const errors = total((route) => route.errors) + warmupErrors;
    const problems: string[] = [];
    if (errors > 0) problems.push(`${count(errors)} errors (anything but 200, and 429 rate_limited / quota_exceeded on the optimize API)`);
    if (!Number.isFinite(lateGrowth)) problems.push("the server's RSS could not be read");
    else if (lateGrowth > options.maxRssGrowthPercent) {
      const hint = process.env.MALLOC_MMAP_THRESHOLD_ ? "" : "; to tell a leak from memory the allocator keeps, run again with MALLOC_MMAP_THRESHOLD_=131072 in the environment as well (see the top of bench/mixed-load.ts)";
      problems.push(`RSS grew ${lateGrowth.toFixed(1)}% over the second half of the run (bound ${options.maxRssGrowthPercent}%)${hint}`);
    }
    if (loop.stopped) problems.push(`stopped early: ${loop.stopped}; its last words:\n${server.stderrTail()}\n`);
    console.log(problems.length === 0 ? "\nPASS: no errors, memory flat." : `\nFAIL: ${problems.join("; ")}.`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    clearInterval(monitor);
    loop.agent.destroy();
  }
}

const options = (() => {
  try {
    return readOptions();
  } catch (error) {
    console.error(`load: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
})();
const watchdogMs = (options.warmupSeconds + options.seconds) * 1000 + WATCHDOG_MARGIN_MS;
await runToCompletion(
  {
    name: "load",
    watchdogMs,
    watchdogLabel: `${Math.round(watchdogMs / 1000)} s`,
    onSignal: (signal) => console.error(`\nload: ${signal}: stopping the server.`),
  },
  () => main(options),
);
