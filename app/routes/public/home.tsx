import { Suspense } from "react";
import { href, Link } from "react-router";
import { BoltIcon, CheckIcon, PlugIcon, SparklesIcon } from "~/components/icons";
import {
  HeroDemo,
  PricingCards,
  StatsStrip,
  TestimonialCarousel,
  UseCaseGallery,
} from "~/components/landing/deferred-islands";
import { buttonClasses } from "~/components/ui/button";
import { Container, SectionHeading } from "~/components/ui/container";
import { features, howItWorksSteps } from "~/content/landing";
import { SIGN_UP_PATH, siteDescription } from "~/content/site";
import { getEnv } from "~/lib/env.server";
import { limitPageCache } from "~/lib/page-cache.server";
import { getPlatformStats, platformStatsFreshUntil } from "~/lib/platform-stats.server";
import { originFrom, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const stats = await getPlatformStats(getEnv(context));
  // The stored page shows the live count no longer than the count itself stays fresh (4 minutes);
  // a page showing the placeholder (the backend failed) is not stored at all.
  limitPageCache(context, stats.totalUsers === null ? 0 : platformStatsFreshUntil());
  return stats;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFrom(matches);
  return seoMeta({
    title: "Tonewise: AI message polish for sales, support and client services",
    description: siteDescription,
    path: href("/"),
    origin,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "SoftwareApplication",
      name: "Tonewise",
      applicationCategory: "BusinessApplication",
      operatingSystem: "Chrome, Edge, Brave",
      description: siteDescription,
      url: origin,
      offers: [
        { "@type": "Offer", name: "Free", price: "0", priceCurrency: "USD" },
        { "@type": "Offer", name: "Pro", price: "14.99", priceCurrency: "USD" },
      ],
    },
  });
};

const featureIcons = { sparkles: SparklesIcon, bolt: BoltIcon, plug: PlugIcon };

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <Container className="grid items-center gap-12 py-16 md:py-24 lg:grid-cols-2">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-100">
              <SparklesIcon className="size-4" /> For sales, support and client services
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
              Write messages that get <span className="text-brand-700">replies</span>.
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600">
              Tonewise works in any text field in your browser. Pause while you type and it offers a
              polished, human-toned version of your message. One click to replace.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to={SIGN_UP_PATH} className={buttonClasses("primary", "lg")}>
                Start Free Trial
              </Link>
              <a href="#how-it-works" className={buttonClasses("secondary", "lg")}>
                See How It Works
              </a>
            </div>
            <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
              <li className="flex items-center gap-2">
                <CheckIcon className="size-4 text-accent-600" /> Free trial
              </li>
              <li className="flex items-center gap-2">
                <CheckIcon className="size-4 text-accent-600" /> No credit card required
              </li>
              <li className="flex items-center gap-2">
                <CheckIcon className="size-4 text-accent-600" /> Upgrade anytime
              </li>
            </ul>
          </div>
          <div className="pb-6">
            <Suspense><HeroDemo /></Suspense>
          </div>
        </Container>
      </section>

      <section id="features" aria-labelledby="features-heading" className="py-20">
        <Container>
          <SectionHeading
            id="features-heading"
            eyebrow="Features"
            title="Better messages without slowing down"
            description="Tonewise sits quietly in your browser and steps in only when you want it."
          />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {features.map((feature) => {
              const Icon = featureIcons[feature.icon];
              return (
                <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <span className="flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                    <Icon className="size-6" />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-slate-900">{feature.title}</h3>
                  <p className="mt-2 text-slate-600">{feature.description}</p>
                </li>
              );
            })}
          </ul>
        </Container>
      </section>

      <section id="how-it-works" aria-labelledby="how-heading" className="bg-slate-50 py-20">
        <Container>
          <SectionHeading id="how-heading" eyebrow="How It Works" title="Three steps, no new habits" />
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {howItWorksSteps.map((step, index) => (
              <li key={step.title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-slate-600">{step.description}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <Suspense><StatsStrip totalUsers={loaderData.totalUsers} /></Suspense>

      <section aria-labelledby="use-cases-heading" className="py-20">
        <Container>
          <SectionHeading
            id="use-cases-heading"
            eyebrow="Real-world use cases"
            title="From rushed draft to ready to send"
            description="See how Tonewise rewrites the messages professionals send every day."
          />
          <Suspense><UseCaseGallery /></Suspense>
        </Container>
      </section>

      <section aria-labelledby="testimonials-heading" className="bg-slate-50 py-20">
        <Container>
          <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="Loved by people who write for a living" />
          <Suspense><TestimonialCarousel /></Suspense>
        </Container>
      </section>

      <section id="pricing" aria-labelledby="pricing-heading" className="py-20">
        <Container>
          <SectionHeading
            id="pricing-heading"
            eyebrow="Pricing"
            title="Simple pricing that grows with you"
            description="Start free with no credit card required. Upgrade anytime."
          />
          <Suspense><PricingCards /></Suspense>
        </Container>
      </section>

      <section className="on-dark bg-brand-700 py-16 text-white">
        <Container className="flex flex-col items-center gap-6 text-center">
          <h2 className="text-3xl font-bold tracking-tight">Ready to write your best messages?</h2>
          <p className="max-w-xl text-brand-100">Join professionals who send clearer, warmer messages in less time.</p>
          <Link to={SIGN_UP_PATH} className={buttonClasses("inverse", "lg")}>
            Get Started Free
          </Link>
        </Container>
      </section>
    </>
  );
}
