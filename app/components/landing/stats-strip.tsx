import { useEffect, useRef, useState } from "react";
import { groupDigits } from "~/lib/digit-grouping";
import { href } from "react-router";
import {
  STATS_COUNT_UP_MS,
  STATS_REFETCH_MS,
  STATS_VISIBLE_THRESHOLD,
  staticStats,
} from "~/content/landing";

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * The live stats strip. The server renders the final numbers (so they show without
 * JavaScript); in the browser they count up over 2 s once 30% of the strip is visible, and the
 * user count is refetched every 5 minutes.
 */
export function StatsStrip({ totalUsers: initialUsers }: { totalUsers: number | null }) {
  const section = useRef<HTMLElement>(null);
  const [progress, setProgress] = useState(1);
  const [state, setState] = useState<"static" | "waiting" | "counting" | "done">("static");
  const [totalUsers, setTotalUsers] = useState(initialUsers);

  useEffect(() => {
    const element = section.current;
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!element || reducedMotion || !("IntersectionObserver" in window)) return;
    setProgress(0);
    setState("waiting");
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.intersectionRatio >= STATS_VISIBLE_THRESHOLD)) return;
        observer.disconnect();
        setState("counting");
        const start = performance.now();
        const tick = (now: number) => {
          const t = Math.min(1, (now - start) / STATS_COUNT_UP_MS);
          setProgress(easeOutCubic(t));
          if (t < 1) frame = requestAnimationFrame(tick);
          else setState("done");
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: [0, STATS_VISIBLE_THRESHOLD, 1] },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);

  useEffect(() => {
    const timer = window.setInterval(async () => {
      try {
        const response = await fetch(href("/api/platform-stats"), { headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { totalUsers: number | null };
        if (typeof body.totalUsers === "number") setTotalUsers(body.totalUsers);
      } catch (error) {
        console.error("Failed to refresh platform stats", error);
      }
    }, STATS_REFETCH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const items = [
    ...staticStats.map((stat) => ({ ...stat, value: stat.value as number | null })),
    { id: "users", value: totalUsers, prefix: "", suffix: "", label: "Professionals on Tonewise" },
  ];

  return (
    <section
      ref={section}
      aria-labelledby="stats-heading"
      className="bg-brand-900 py-14 text-white"
      data-stats-state={state}
    >
      <h2 id="stats-heading" className="sr-only">
        Tonewise in numbers
      </h2>
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 sm:px-6 lg:grid-cols-4 lg:px-8">
        {items.map((item) => (
          <div key={item.id} className="text-center" data-stat={item.id}>
            <dt className="text-sm font-medium text-brand-100">{item.label}</dt>
            <dd className="mt-2 text-4xl font-extrabold tracking-tight tabular-nums" data-stat-value>
              {item.value === null ? (
                <>
                  <span aria-hidden="true" className="inline-block h-9 w-20 animate-pulse rounded-md bg-white/20 align-middle" />
                  <span className="sr-only">Loading</span>
                </>
              ) : (
                `${item.prefix}${groupDigits(item.value * progress)}${item.suffix}`
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
