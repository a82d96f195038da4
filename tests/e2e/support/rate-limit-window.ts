import { LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";

/**
 * Waits, when needed, so that the next `roomMs` of the local backend's clock fall inside one fixed
 * rate-limit window of `windowMs` (windows start at multiples of `windowMs` since the epoch).
 *
 * A test that fills a limit and then reads the refusal needs its tries in one window, and the
 * refusal's "please wait N minutes" depends on how much of the window is left. The end-to-end
 * tests share one backend, so instead of moving its clock (other tests' sessions and reminders
 * run on it), this waits for the next window when the current one has less than `roomMs` left:
 * at most `roomMs`, in about `roomMs / windowMs` of runs. The caller's test timeout must allow it.
 */
export async function waitForRoomInRateLimitWindow(windowMs: number, roomMs: number): Promise<void> {
  const response = await fetch(`${LOCAL_SUPABASE_URL}/__emulator/clock`);
  if (!response.ok) throw new Error(`Reading the backend clock failed: HTTP ${response.status}`);
  const { now } = (await response.json()) as { now: string };
  const left = windowMs - (new Date(now).getTime() % windowMs);
  if (left < roomMs) await new Promise((resolve) => setTimeout(resolve, left + 1000));
}
