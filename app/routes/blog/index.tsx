import { documentWithoutScripts } from "~/lib/document-scripts";
import { href, Link } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { NewsletterForm } from "~/components/newsletter-form";
import { PostMeta } from "~/components/post-meta";
import { Container } from "~/components/ui/container";
import { subscribeToNewsletter } from "~/lib/newsletter.server";
import { listPosts } from "~/lib/posts.server";
import { originFrom, publisherJsonLd, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/index";

/** Complete as HTML: sent without scripts (decision 037). */
export const handle = documentWithoutScripts;

const title = "The Tonewise Blog: follow-ups, objections and client communication";
const description =
  "Practical, field-tested advice on follow-up messages, handling objections and writing client messages that build trust and get replies.";

export function loader() {
  return { posts: listPosts() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return subscribeToNewsletter(request, context, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const origin = originFrom(matches);
  return seoMeta({
    title,
    description,
    path: href("/blog"),
    origin,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Blog",
      name: "The Tonewise Blog",
      description,
      url: new URL(href("/blog"), origin).toString(),
      publisher: publisherJsonLd(origin),
      blogPost: (loaderData?.posts ?? []).map((post) => ({
        "@type": "BlogPosting",
        headline: post.title,
        description: post.description,
        url: new URL(href("/blog/:slug", { slug: post.slug }), origin).toString(),
        datePublished: post.date,
        author: { "@type": "Organization", name: post.author },
      })),
    },
  });
};

export default function BlogIndex({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container className="py-12">
      <Breadcrumb items={[{ label: "Home", to: href("/") }, { label: "Blog" }]} />
      <header className="mt-8 max-w-2xl">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Blog</h1>
        <p className="mt-4 text-lg text-slate-600">
          Practical advice for professionals who write to prospects, customers and clients every day.
        </p>
      </header>
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {loaderData.posts.map((post) => (
          <li key={post.slug}>
            <article className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
              <PostMeta post={post} />
              <h2 className="mt-4 text-xl font-semibold text-slate-900 group-hover:text-brand-700">
                <Link to={href("/blog/:slug", { slug: post.slug })} className="after:absolute after:inset-0 after:rounded-2xl">
                  {post.title}
                </Link>
              </h2>
              <p className="mt-3 flex-1 text-slate-600">{post.excerpt}</p>
              <p className="mt-4 text-sm font-semibold text-brand-700" aria-hidden="true">
                Read article →
              </p>
            </article>
          </li>
        ))}
      </ul>
      <div className="mt-16">
        <NewsletterForm state={actionData ?? { status: "idle" }} />
      </div>
    </Container>
  );
}
