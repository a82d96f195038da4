import type { Page } from "@playwright/test";

/**
 * Stops the page's clock before it loads (Playwright's fake timers: setTimeout, setInterval,
 * requestAnimationFrame, Date and performance.now), a minute after the real time, so a timed
 * behaviour (a toast's six seconds, an animation, an autoplay) moves only when the test calls
 * `page.clock.runFor(ms)`, however slowly the machine runs the test. Pages still load and hydrate:
 * their scripts wait for the first paint with a paint observer, not a timer (decision 035), and
 * React schedules its work with a MessageChannel, which the clock leaves alone.
 */
export async function holdClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.install({ time: now });
  // The installed clock runs until it is paused, and it can only be paused ahead of where it is:
  // a minute ahead is past it however slow this call, and no page is loaded yet to notice.
  await page.clock.pauseAt(now + HOLD_AHEAD_MS);
}

const HOLD_AHEAD_MS = 60_000;

/**
 * Advances the held clock in `stepMs` steps until `changed()` holds, and returns how much page
 * time that took. In steps rather than in one jump: a timer is set by an effect React runs after
 * it renders, which may come a moment after the test sees the render.
 */
export async function runClockUntil(page: Page, changed: () => Promise<boolean>, { stepMs = 100, limitMs = 30_000 } = {}): Promise<number> {
  let elapsed = 0;
  while (!(await changed())) {
    if (elapsed >= limitMs) throw new Error(`nothing changed in ${limitMs} ms of page time`);
    await page.clock.runFor(stepMs);
    elapsed += stepMs;
  }
  return elapsed;
}
