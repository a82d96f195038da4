import { useEffect, useLayoutEffect, useState } from "react";
import { DEMO_PHASES, demoExample, type DemoPhase } from "~/content/landing";
import { LogoMark } from "../logo";
import { cx } from "../ui/cx";
import { MotionToggle } from "./motion-toggle";
import { useHydrated, usePrefersReducedMotion } from "./use-hydrated";

/**
 * The hero's demo: a follow-up from a car dealership typed into an email, then polished.
 * With JavaScript it loops through the extension's steps (about 10 s), with a Pause button in its
 * title bar (WCAG 2.2.2: motion that goes on by itself can be stopped); without it, or with
 * reduced motion, it shows the before and after side by side.
 */
export function HeroDemo() {
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  if (!hydrated || reducedMotion) return <StaticDemo />;
  return <AnimatedDemo />;
}

function StaticDemo() {
  return (
    <div className="grid gap-4" data-demo="static">
      <DemoWindow label="Before">
        <p className="text-slate-600">{demoExample.original}</p>
      </DemoWindow>
      <DemoWindow label="After, with Tonewise" highlighted>
        <p className="text-slate-900">{demoExample.optimized}</p>
      </DemoWindow>
    </div>
  );
}

/**
 * The page was opened at an anchor below the demo (`/#pricing` from another page's menu): the
 * browser scrolls there, smoothly, towards where the anchor was before the animated demo, shorter
 * than the two windows the server sent, took their place — so it lands too far, the section under
 * the sticky header. The anchor is put back in view now, and again when that scroll ends, unless
 * the reader has scrolled by themselves meanwhile. Returns the clean-up.
 */
function keepAnchorInView(): (() => void) | undefined {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target) return undefined;
  let readerMoved = false;
  const moved = () => (readerMoved = true);
  const check = () => {
    if (readerMoved) return;
    const top = target.getBoundingClientRect().top;
    const margin = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (top < margin - 1 && top > -window.innerHeight) target.scrollIntoView();
  };
  const stop = () => {
    window.clearTimeout(timer);
    window.removeEventListener("scrollend", settled);
    for (const type of ["wheel", "touchstart", "keydown"]) window.removeEventListener(type, moved);
  };
  const settled = () => {
    stop();
    check();
  };
  // Browsers without `scrollend` (Safari) check once the scroll has had time to end.
  const timer = window.setTimeout(settled, 1_500);
  window.addEventListener("scrollend", settled);
  for (const type of ["wheel", "touchstart", "keydown"]) window.addEventListener(type, moved, { passive: true });
  check();
  return stop;
}

function AnimatedDemo() {
  useLayoutEffect(keepAnchorInView, []);
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const step = DEMO_PHASES[index] ?? DEMO_PHASES[0];
  useEffect(() => {
    if (stopped) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % DEMO_PHASES.length), step.ms);
    return () => window.clearTimeout(timer);
  }, [index, step.ms, stopped]);

  const phase: DemoPhase = step.phase;
  const showOptimized = phase === "optimized";
  const iconLit = phase !== "original" && phase !== "optimized";
  const popupOpen = phase === "popup" || phase === "replacing";

  return (
    <div data-demo="animated" data-demo-phase={phase} className="relative">
      <DemoWindow
        label={demoExample.channel}
        control={
          // As tall as the caption beside it (the bar keeps its height), with a 24 px target.
          <MotionToggle
            stopped={stopped}
            onToggle={() => setStopped((was) => !was)}
            what="demo"
            className="-my-1 rounded px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200"
          />
        }
      >
        <div className="relative min-h-40 pr-10" aria-live="off">
          <p
            key={showOptimized ? "optimized" : "original"}
            className={cx(
              "transition-opacity duration-500",
              showOptimized ? "text-slate-900" : "text-slate-600",
            )}
          >
            {showOptimized ? demoExample.optimized : demoExample.original}
          </p>
          <span
            className={cx(
              "absolute right-0 bottom-0 rounded-lg transition-all duration-300",
              iconLit ? "scale-110 opacity-100" : "opacity-40 grayscale",
              phase === "suggesting" && "animate-pulse-ring",
            )}
            data-testid="demo-icon"
          >
            <LogoMark className="size-8" />
          </span>
        </div>
      </DemoWindow>
      <div
        className={cx(
          "absolute right-2 -bottom-4 left-6 origin-bottom-right rounded-xl border border-brand-200 bg-white p-4 shadow-xl transition-all duration-300 sm:left-16",
          popupOpen ? "translate-y-0 scale-100 opacity-100" : "pointer-events-none translate-y-2 scale-95 opacity-0",
        )}
        aria-hidden="true"
        data-testid="demo-popup"
      >
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Suggestion</p>
        <p className="mt-2 line-clamp-4 text-sm text-slate-800">{demoExample.optimized}</p>
        <div className="mt-3 flex justify-end">
          <span
            className={cx(
              "rounded-md px-3 py-1.5 text-sm font-semibold text-white transition-transform",
              phase === "replacing" ? "scale-95 bg-brand-800" : "bg-brand-600",
            )}
          >
            Replace
          </span>
        </div>
      </div>
    </div>
  );
}

function DemoWindow({
  label,
  highlighted = false,
  control,
  children,
}: {
  label: string;
  highlighted?: boolean;
  /** At the end of the title bar (the animated demo's Pause). */
  control?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <figure
      className={cx(
        "overflow-hidden rounded-2xl border bg-white shadow-lg",
        highlighted ? "border-brand-300 ring-2 ring-brand-100" : "border-slate-200",
      )}
    >
      <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-2.5">
        <span className="size-2.5 rounded-full bg-red-300" aria-hidden="true" />
        <span className="size-2.5 rounded-full bg-amber-300" aria-hidden="true" />
        <span className="size-2.5 rounded-full bg-emerald-300" aria-hidden="true" />
        <figcaption className="ml-2 text-xs font-medium text-slate-600">{label}</figcaption>
        {control ? <span className="ml-auto">{control}</span> : null}
      </div>
      <div className="space-y-1 border-b border-slate-100 px-4 py-2 text-xs text-slate-600">
        <p>
          <span className="font-medium text-slate-700">To:</span> {demoExample.recipient}
        </p>
        <p>
          <span className="font-medium text-slate-700">Subject:</span> Following up on your test drive
        </p>
      </div>
      <div className="px-4 py-4 text-sm leading-relaxed">{children}</div>
    </figure>
  );
}
