import { getEnv } from "~/lib/env.server";
import { getPlatformStats } from "~/lib/platform-stats.server";
import type { Route } from "./+types/platform-stats";

export async function loader({ context }: Route.LoaderArgs) {
  const stats = await getPlatformStats(getEnv(context));
  return Response.json(stats, {
    headers: { "Cache-Control": "public, max-age=60, stale-while-revalidate=240" },
  });
}
