import { documentWithoutScripts } from "~/lib/document-scripts";
import { href, Link } from "react-router";
import { BoltIcon, SparklesIcon, CheckIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { SIGN_UP_PATH } from "~/content/site";
import { originFrom, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

/** Complete as HTML: sent without scripts (decision 037). */
export const handle = documentWithoutScripts;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "About Tonewise: helping professionals write with confidence",
    description:
      "Tonewise was built for people in sales, support and client services who write all day and want every message to sound clear, warm and professional.",
    path: href("/about"),
    origin: originFrom(matches),
  });

const values = [
  {
    title: "Mission-Driven",
    icon: SparklesIcon,
    text: "We believe good communication builds trust, and trust builds careers and businesses. Everything we ship has to make your next message better.",
  },
  {
    title: "Built for Professionals",
    icon: CheckIcon,
    text: "Account executives, support leads and client managers shaped Tonewise. It fits the tools you already use and respects the way you already work.",
  },
  {
    title: "AI-Powered",
    icon: BoltIcon,
    text: "Modern language models read the context of what you are writing and suggest a version that keeps your meaning and your voice, only clearer.",
  },
];

export default function About() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white py-20">
        <Container narrow className="text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">About us</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Every message deserves your best words
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-slate-600">
            Tonewise helps professionals in sales, support and client services write faster, clearer
            and more effective messages, right where they already type.
          </p>
        </Container>
      </section>

      <section aria-labelledby="story-heading" className="py-16">
        <Container narrow>
          <h2 id="story-heading" className="text-3xl font-bold tracking-tight text-slate-900">Our Story</h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
            <p>
              Tonewise started with a familiar problem. The people who talk to customers all day, who
              follow up with prospects, calm down frustrated clients and nudge deals over the line,
              spend hours every week on messages. Most of those messages are written quickly, between
              calls, on a phone or in a CRM that was never designed for careful writing.
            </p>
            <p>
              We watched great salespeople lose replies to rushed one-liners, and thoughtful support
              agents sound curt at the end of a long shift. The intent was always good. The words
              didn't always keep up.
            </p>
            <p>
              So we built an assistant that meets you in the text field you are already using. Type
              the way you normally would, pause, and Tonewise offers a polished version that still
              sounds like you. You decide whether to use it, with a single click.
            </p>
          </div>
        </Container>
      </section>

      <section aria-labelledby="promise-heading" className="bg-slate-50 py-16">
        <Container narrow>
          <h2 id="promise-heading" className="text-3xl font-bold tracking-tight text-slate-900">Our Promise</h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-slate-700">
            <p>
              You stay in control. Tonewise never sends anything on your behalf: it suggests, and you
              choose. Your messages are used to write your suggestion, never sold and never used for
              advertising.
            </p>
            <p>
              We keep pricing simple and honest: a free plan to try it properly, no credit card to get
              started, and one Pro plan when you are ready for unlimited messages.
            </p>
          </div>
        </Container>
      </section>

      <section aria-labelledby="values-heading" className="py-16">
        <Container>
          <h2 id="values-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            What we value
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {values.map(({ title, icon: Icon, text }) => (
              <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section className="on-dark bg-brand-700 py-16 text-white">
        <Container className="flex flex-col items-center gap-6 text-center">
          <h2 className="text-3xl font-bold tracking-tight">See the difference in your next message</h2>
          <p className="max-w-xl text-brand-100">Start free, with no credit card required.</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to={SIGN_UP_PATH} className={buttonClasses("inverse", "lg")}>
              Start Free Trial
            </Link>
            <Link to={href("/blog")} className={buttonClasses("primary", "lg", "border border-white/40 bg-brand-800 hover:bg-brand-900")}>
              Read Our Blog
            </Link>
          </div>
        </Container>
      </section>
    </>
  );
}
