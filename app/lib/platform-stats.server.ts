import { STATS_FRESH_MS } from "~/content/landing";
import type { AppEnv } from "./env.server";
import { createAnonClient } from "./supabase.server";

/** The one module that calls the backend's get_platform_stats. */

export type PlatformStats = { totalUsers: number | null };

const REQUEST_TIMEOUT_MS = 2_000;

let cached: { value: number; fetchedAt: number } | undefined;
let inFlight: Promise<number | null> | undefined;

async function fetchTotalUsers(env: AppEnv): Promise<number> {
  const { data, error } = await createAnonClient(env)
    .rpc("get_platform_stats")
    .abortSignal(AbortSignal.timeout(REQUEST_TIMEOUT_MS));
  if (error) throw error;
  const first = Array.isArray(data) ? data[0] : data;
  const total = Number((first as { total_users?: unknown } | undefined)?.total_users);
  if (!Number.isFinite(total)) throw new Error("get_platform_stats returned no total_users");
  return total;
}

/**
 * Total users, fresh for 4 minutes per server instance. A failure is logged and answers null,
 * so the page shows its placeholder instead of failing.
 */
export async function getPlatformStats(env: AppEnv, now = Date.now()): Promise<PlatformStats> {
  if (cached && now - cached.fetchedAt < STATS_FRESH_MS) return { totalUsers: cached.value };
  inFlight ??= fetchTotalUsers(env)
    .then((value) => {
      cached = { value, fetchedAt: Date.now() };
      return value;
    })
    .catch((error: unknown) => {
      console.error("Failed to load platform stats:", (error as { message?: string } | null)?.message ?? error);
      return cached?.value ?? null;
    })
    .finally(() => {
      inFlight = undefined;
    });
  return { totalUsers: await inFlight };
}

/**
 * Until when the figure getPlatformStats answers now stays fresh (ms since the epoch); 0 when there
 * is no fresh figure (none yet, or the last refresh failed and the stale one was answered).
 */
export function platformStatsFreshUntil(now = Date.now()): number {
  return cached && now - cached.fetchedAt < STATS_FRESH_MS ? cached.fetchedAt + STATS_FRESH_MS : 0;
}
