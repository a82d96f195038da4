import { useEffect, useRef, useState } from "react";
import { useCases } from "~/content/use-cases";
import { cx } from "../ui/cx";
import { useHydrated } from "./use-hydrated";

const MOBILE_QUERY = "(max-width: 767px)";

/**
 * Before/after examples. On wide screens the "after" text appears on hover (or keyboard focus);
 * under 768 px it appears for the card scrolled into view. Without JavaScript every card shows
 * its after-text, so nothing is out of reach.
 */
export function UseCaseGallery() {
  const hydrated = useHydrated();
  const [inView, setInView] = useState<string | null>(null);
  const cards = useRef(new Map<string, HTMLElement>());

  useEffect(() => {
    const mobile = window.matchMedia(MOBILE_QUERY);
    let observer: IntersectionObserver | undefined;
    const ratios = new Map<string, number>();
    const connect = () => {
      observer?.disconnect();
      if (!mobile.matches) {
        setInView(null);
        return;
      }
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            ratios.set((entry.target as HTMLElement).dataset.useCase ?? "", entry.intersectionRatio);
          }
          let best: string | null = null;
          let bestRatio = 0.5;
          for (const [id, ratio] of ratios) {
            if (ratio >= bestRatio) {
              best = id;
              bestRatio = ratio;
            }
          }
          setInView(best);
        },
        { threshold: [0, 0.25, 0.5, 0.75, 1], rootMargin: "-20% 0px -20% 0px" },
      );
      for (const element of cards.current.values()) observer.observe(element);
    };
    connect();
    mobile.addEventListener("change", connect);
    return () => {
      mobile.removeEventListener("change", connect);
      observer?.disconnect();
    };
  }, []);

  return (
    <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {useCases.map((useCase) => {
        const expanded = !hydrated || inView === useCase.id;
        return (
          <li
            key={useCase.id}
            ref={(element) => {
              if (element) cards.current.set(useCase.id, element);
              else cards.current.delete(useCase.id);
            }}
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
            <div
              className={cx(
                "grid transition-all duration-300",
                expanded
                  ? "mt-3 grid-rows-[1fr] opacity-100"
                  : "grid-rows-[0fr] opacity-0 md:group-hover:mt-3 md:group-hover:grid-rows-[1fr] md:group-hover:opacity-100 md:group-focus-within:mt-3 md:group-focus-within:grid-rows-[1fr] md:group-focus-within:opacity-100 md:group-focus:mt-3 md:group-focus:grid-rows-[1fr] md:group-focus:opacity-100",
              )}
              data-after
            >
              <div className="overflow-hidden">
                <div className="rounded-lg border border-brand-100 bg-brand-50 p-3">
                  <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">After</p>
                  <p className="mt-1 text-sm text-slate-800">{useCase.after}</p>
                </div>
              </div>
            </div>
            <p
              className={cx("mt-auto pt-3 text-xs text-slate-500", expanded ? "hidden" : "hidden md:block md:group-hover:hidden md:group-focus:hidden")}
              aria-hidden="true"
            >
              Hover to see the Tonewise version
            </p>
          </li>
        );
      })}
    </ul>
  );
}
