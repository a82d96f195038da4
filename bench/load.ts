/**
 * A bounded HTTP load loop: `concurrency` workers issue GETs (or POSTs) back to back over keep-alive
 * connections (node:http, lighter than fetch, so the client steals less CPU from the server on
 * the same two cores) until `maxRequests` have been issued or `maxSeconds` have passed, after a
 * warm-up that is not recorded. Loopback only; every request has a timeout.
 */
import http from "node:http";

export interface LoadOptions {
  concurrency: number;
  maxRequests: number;
  maxSeconds: number;
  warmupSeconds: number;
  requestTimeoutMs: number;
  /** Reads the server's CPU time (ms), around the recorded phase only. */
  serverCpuMs?: () => number | undefined;
  /** A POST instead of a page GET: the n-th request's headers and body (e.g. an API call). */
  post?: (n: number) => { headers: Record<string, string>; body: string };
  /** Extra headers for the n-th page GET (e.g. a signed-in session's cookies). */
  headers?: (n: number) => Record<string, string>;
}

export interface LoadResult {
  url: string;
  requests: number;
  /** Failed requests: network errors, timeouts and non-200 answers. */
  errors: number;
  firstError?: string;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Mean response body size as sent (compressed), bytes. */
  meanBytes: number;
  /** Server CPU time (user + system) per answered request, ms, when the server's CPU can be read. */
  cpuMsPerRequest?: number;
  /** Every answered request's latency, ms, ascending. */
  latencies: number[];
}

function assertLoopback(url: URL): void {
  if (!["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
    throw new Error(`Refusing to load-test a non-loopback address: ${url.href}`);
  }
}

function send(
  agent: http.Agent,
  url: URL,
  timeoutMs: number,
  post?: { headers: Record<string, string>; body: string },
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      post
        ? { agent, method: "POST", headers: { ...post.headers, "content-length": String(Buffer.byteLength(post.body)) } }
        : // What a browser sends for a page: the server compresses HTML, as it would in production.
          { agent, method: "GET", headers: { accept: "text/html", "accept-encoding": "br, gzip", ...headers } },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on("error", reject);
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    request.on("error", reject);
    request.end(post?.body);
  });
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

async function phase(
  agent: http.Agent,
  url: URL,
  options: LoadOptions,
  seconds: number,
  maxRequests: number,
): Promise<{ latencies: number[]; failed: number; errors: number; firstError?: string; bytes: number; elapsedMs: number }> {
  const latencies: number[] = [];
  let failed = 0; // no response at all
  let errors = 0;
  let firstError: string | undefined;
  let bytes = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (issued < maxRequests && performance.now() < deadline) {
      const n = issued++;
      const sent = performance.now();
      try {
        const response = await send(agent, url, options.requestTimeoutMs, options.post?.(n), options.headers?.(n));
        latencies.push(performance.now() - sent);
        bytes += response.bytes;
        if (response.status !== 200) {
          errors++;
          firstError ??= `HTTP ${response.status}`;
        }
      } catch (error) {
        failed++;
        errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { latencies, failed, errors, firstError, bytes, elapsedMs: performance.now() - started };
}

/** One result from several runs against the same URL: summed counts and time, merged latencies. */
export function combineRuns(parts: LoadResult[]): LoadResult {
  const latencies = parts.flatMap((part) => part.latencies).sort((a, b) => a - b);
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0);
  const bytes = parts.reduce((sum, part) => sum + part.meanBytes * part.latencies.length, 0);
  const cpuKnown = parts.every((part) => part.cpuMsPerRequest !== undefined);
  const cpuMs = parts.reduce((sum, part) => sum + (part.cpuMsPerRequest ?? 0) * part.latencies.length, 0);
  return {
    url: parts[0]!.url,
    requests: parts.reduce((sum, part) => sum + part.requests, 0),
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
    firstError: parts.find((part) => part.firstError)?.firstError,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    meanBytes: latencies.length ? bytes / latencies.length : 0,
    cpuMsPerRequest: cpuKnown && latencies.length ? cpuMs / latencies.length : undefined,
    latencies,
  };
}

export async function loadTest(href: string, options: LoadOptions): Promise<LoadResult> {
  const url = new URL(href);
  assertLoopback(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  try {
    await phase(agent, url, options, options.warmupSeconds, options.maxRequests);
    const cpuBefore = options.serverCpuMs?.();
    const run = await phase(agent, url, options, options.maxSeconds, options.maxRequests);
    const cpuAfter = options.serverCpuMs?.();
    const cpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
    const sorted = run.latencies.toSorted((a, b) => a - b);
    return {
      url: href,
      requests: run.latencies.length + run.failed,
      errors: run.errors,
      firstError: run.firstError,
      seconds: run.elapsedMs / 1000,
      requestsPerSecond: run.latencies.length / (run.elapsedMs / 1000),
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      meanBytes: run.latencies.length ? run.bytes / run.latencies.length : 0,
      cpuMsPerRequest: cpuMs !== undefined && run.latencies.length ? cpuMs / run.latencies.length : undefined,
      latencies: sorted,
    };
  } finally {
    agent.destroy();
  }
}
