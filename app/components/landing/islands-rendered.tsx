// The landing page's islands as the server renders them, in place. Only the server build uses
// this module: in the client build it is empty (vite.config.ts, serverRenderedIslands), and the
// browser loads each island on its own (deferred-islands.tsx, decision 033).
export { HeroDemo } from "./hero-demo";
export { PricingCards } from "./pricing-section";
export { StatsStrip } from "./stats-strip";
export { TestimonialCarousel } from "./testimonial-carousel";
export { UseCaseGallery } from "./use-case-gallery";
