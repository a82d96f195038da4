import { type ComponentType, lazy } from "react";
import * as rendered from "./islands-rendered";

/**
 * The landing page's interactive islands, kept out of the page's first download (decision 033).
 *
 * The server renders each one in place, so the HTML is complete with or without JavaScript. In
 * the browser each island's code is a chunk of its own: it is requested as soon as the landing
 * page's module runs (in parallel with hydration, not preloaded ahead of it), and React hydrates
 * the island as a boundary of its own when the chunk arrives, keeping the server's HTML on screen
 * until then. Each use must sit inside a `<Suspense>`.
 *
 * `import.meta.env.SSR` is a build-time constant, so each client build keeps only the lazy
 * branch; `islands-rendered` is empty in the client build (vite.config.ts), so no static import
 * pulls the islands back into the page's chunk. The choice is written out at each island on
 * purpose: moved into a helper, it is no longer folded away at build time, and each build keeps
 * a reference the other build cannot satisfy (the client an export of the empty module, the
 * server a dynamic import of a module it already has), which the bundler warns about.
 */
function deferredIsland<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const loading = load();
  return lazy(async () => ({ default: await loading }));
}

export const HeroDemo = import.meta.env.SSR
  ? rendered.HeroDemo
  : deferredIsland(() => import("./hero-demo").then((module) => module.HeroDemo));
export const StatsStrip = import.meta.env.SSR
  ? rendered.StatsStrip
  : deferredIsland(() => import("./stats-strip").then((module) => module.StatsStrip));
export const UseCaseGallery = import.meta.env.SSR
  ? rendered.UseCaseGallery
  : deferredIsland(() => import("./use-case-gallery").then((module) => module.UseCaseGallery));
export const TestimonialCarousel = import.meta.env.SSR
  ? rendered.TestimonialCarousel
  : deferredIsland(() => import("./testimonial-carousel").then((module) => module.TestimonialCarousel));
export const PricingCards = import.meta.env.SSR
  ? rendered.PricingCards
  : deferredIsland(() => import("./pricing-section").then((module) => module.PricingCards));
