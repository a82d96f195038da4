import { useEffect, useRef, useState } from "react";
import { useCases } from "~/content/use-cases";
import { cx } from "../ui/cx";
import { useHydrated } from "./use-hydrated";

const MOBILE_QUERY = "(max-width: 767px)";

/**
 * Before/after examples. On wide screens the "after" text appears on hover (or keyboard focus);
 * under 768 px it appears for the card nearest the middle of the screen. The after-text always
 * keeps its space, so revealing it never shifts the page. Without JavaScript every card shows
 * its after-text.
 */
export function UseCaseGallery() {
  const hydrated = useHydrated();
  const [inView, setInView] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const mobile = window.matchMedia(MOBILE_QUERY);
    let frame = 0;
    const pickCardInView = () => {
      frame = 0;
      if (!mobile.matches || !list.current) {
        setInView(null);
        return;
      }
      const middle = window.innerHeight / 2;
      let best: string | null = null;
      let bestDistance = window.innerHeight / 2;
      for (const card of list.current.querySelectorAll<HTMLElement>("[data-use-case]")) {
        const box = card.getBoundingClientRect();
        const distance = box.top <= middle && box.bottom >= middle ? 0 : Math.min(Math.abs(box.top - middle), Math.abs(box.bottom - middle));
        if (distance < bestDistance) {
          best = card.dataset.useCase ?? null;
          bestDistance = distance;
        }
      }
      setInView(best);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(pickCardInView);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    mobile.addEventListener("change", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      mobile.removeEventListener("change", schedule);
    };
  }, []);

  return (
    <ul ref={list} className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {useCases.map((useCase) => {
        const expanded = !hydrated || inView === useCase.id;
        return (
          <li
            key={useCase.id}
            data-use-case={useCase.id}
            data-expanded={expanded ? "true" : "false"}
            tabIndex={0}
            aria-label={`${useCase.title}: before and after`}
            className="group flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md focus-visible:shadow-md"
          >
            <h3 className="text-lg font-semibold text-slate-900">{useCase.title}</h3>
            <p className="mt-1 text-sm text-slate-600">{useCase.context}</p>
            <div className="mt-4 rounded-lg bg-slate-50 p-3">
              <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Before</p>
              <p className="mt-1 text-sm text-slate-700">{useCase.before}</p>
            </div>
            <div className="relative mt-3 flex-1">
              <div
                className={cx(
                  "h-full rounded-lg border border-brand-100 bg-brand-50 p-3 transition-opacity duration-300",
                  expanded
                    ? "opacity-100"
                    : "opacity-0 md:group-hover:opacity-100 md:group-focus:opacity-100 md:group-focus-within:opacity-100",
                )}
                data-after
              >
                <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">After</p>
                <p className="mt-1 text-sm text-slate-800">{useCase.after}</p>
              </div>
              {expanded ? null : (
                <p
                  className="pointer-events-none absolute inset-0 flex items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm font-medium text-slate-600 transition-opacity duration-300 md:group-hover:opacity-0 md:group-focus:opacity-0 md:group-focus-within:opacity-0"
                  aria-hidden="true"
                >
                  <span className="hidden md:inline">Hover to see the Tonewise version</span>
                  <span className="md:hidden">Scroll to see the Tonewise version</span>
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
