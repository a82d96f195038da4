import { useCallback, useEffect, useRef, useState } from "react";
import { TESTIMONIAL_AUTOPLAY_MS, testimonials } from "~/content/testimonials";
import { ArrowLeftIcon, ArrowRightIcon, StarIcon } from "../icons";
import { cx } from "../ui/cx";
import { MotionToggle } from "./motion-toggle";
import { useHydrated, usePrefersReducedMotion } from "./use-hydrated";

/**
 * A looping carousel: autoplay every 5 s (paused while hovered or focused, stopped for good with
 * its Pause button, WCAG 2.2.2, and off for reduced motion), arrows from medium screens up, dots
 * on narrow screens. It is a scroll-snap row, so
 * without JavaScript every testimonial is one swipe or scroll away.
 */
export function TestimonialCarousel() {
  const hydrated = useHydrated();
  const track = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  /** The visitor pressed Pause: no autoplay until they press Play. */
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = testimonials.length;
  /** The slide our own smooth scroll is heading for, until the row's scroll ends there. */
  const scrollingTo = useRef<number | null>(null);

  const goTo = useCallback(
    (index: number) => {
      const next = ((index % count) + count) % count;
      const list = track.current;
      const slide = list?.children[next] as HTMLElement | undefined;
      if (list && slide) {
        scrollingTo.current = next;
        list.scrollTo({ left: slide.offsetLeft - list.offsetLeft, behavior: "smooth" });
      }
      setActive(next);
    },
    [count],
  );

  useEffect(() => {
    if (paused || stopped || reducedMotion) return;
    const timer = window.setTimeout(() => goTo(active + 1), TESTIMONIAL_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [active, paused, stopped, reducedMotion, goTo]);

  // Keep the active slide in step when the visitor swipes the row by hand.
  const onScrollEnd = () => {
    const list = track.current;
    if (!list) return;
    const slides = Array.from(list.children) as HTMLElement[];
    const offsets = slides.map((slide) => Math.abs(slide.offsetLeft - list.offsetLeft - list.scrollLeft));
    const index = offsets.indexOf(Math.min(...offsets));
    // The end of a scroll an arrow (or autoplay) started and a quicker click replaced: where it
    // stopped is not where the visitor is going. Ignored once; the next scroll's end is believed.
    const heading = scrollingTo.current;
    scrollingTo.current = null;
    if (heading !== null && index !== heading) return;
    if (index >= 0) setActive(index);
  };
  // A hand (or a key) on the row: what it scrolls to next is the visitor's.
  const onHandScroll = () => {
    scrollingTo.current = null;
  };

  return (
    <div
      className="relative mx-auto mt-12 max-w-4xl md:px-16"
      role="region"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      data-active-index={active}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul
        ref={track}
        onScrollEnd={hydrated ? onScrollEnd : undefined}
        onPointerDown={hydrated ? onHandScroll : undefined}
        onWheel={hydrated ? onHandScroll : undefined}
        onKeyDown={hydrated ? onHandScroll : undefined}
        className={cx("snap-row flex gap-4 overflow-x-auto pb-4", hydrated && "[scrollbar-width:none]")}
        tabIndex={0}
        aria-label="Testimonials list"
      >
        {testimonials.map((testimonial, index) => (
          <li
            key={testimonial.name}
            className="w-full shrink-0"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            aria-hidden={hydrated && index !== active ? true : undefined}
            data-testimonial={index}
          >
            <figure className="h-full rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
              <div className="flex gap-1 text-amber-500" role="img" aria-label={`Rated ${testimonial.rating} out of 5`}>
                {Array.from({ length: testimonial.rating }, (_, star) => (
                  <StarIcon key={star} className="size-5" />
                ))}
              </div>
              <blockquote className="mt-4 text-lg leading-relaxed text-slate-800">
                <p>“{testimonial.content}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  className="flex size-11 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800"
                  aria-hidden="true"
                >
                  {testimonial.avatar}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{testimonial.name}</span>
                  <span className="block text-sm text-slate-600">{testimonial.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>

      {hydrated ? (
        <>
          <button
            type="button"
            onClick={() => goTo(active - 1)}
            className="absolute top-1/2 left-0 hidden -translate-y-1/2 rounded-full border border-slate-200 bg-white p-3 text-slate-700 shadow-sm hover:bg-slate-50 md:block"
            aria-label="Previous testimonial"
          >
            <ArrowLeftIcon />
          </button>
          <button
            type="button"
            onClick={() => goTo(active + 1)}
            className="absolute top-1/2 right-0 hidden -translate-y-1/2 rounded-full border border-slate-200 bg-white p-3 text-slate-700 shadow-sm hover:bg-slate-50 md:block"
            aria-label="Next testimonial"
          >
            <ArrowRightIcon />
          </button>
          {reducedMotion ? null : (
            <div className="mt-2 flex justify-center">
              <MotionToggle
                stopped={stopped}
                onToggle={() => setStopped((was) => !was)}
                what="testimonials"
                className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 underline-offset-4 hover:bg-slate-100 hover:underline"
              />
            </div>
          )}
          <div className="mt-2 flex justify-center gap-1 md:hidden">
            {testimonials.map((testimonial, index) => (
              <button
                key={testimonial.name}
                type="button"
                onClick={() => goTo(index)}
                className="flex size-6 items-center justify-center rounded-full"
                aria-label={`Show testimonial ${index + 1}`}
                aria-current={index === active ? "true" : undefined}
              >
                {/* Each dot at 3:1 or more against the page (WCAG 1.4.11); the current one is also
                    wider, so that it is not told by its colour alone (1.4.1). */}
                <span
                  className={cx(
                    "block h-2.5 rounded-full transition-[width,background-color]",
                    index === active ? "w-5 bg-brand-600" : "w-2.5 bg-slate-500",
                  )}
                />
              </button>
            ))}
          </div>
        </>
      ) : (
        <p className="text-center text-sm text-slate-600">Scroll sideways to read all {count} reviews.</p>
      )}
    </div>
  );
}
