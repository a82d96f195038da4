import { documentWithoutScripts } from "~/lib/document-scripts";
import { data, href, Link } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { ArrowLeftIcon } from "~/components/icons";
import { PostMeta } from "~/components/post-meta";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { getPost } from "~/lib/posts.server";
import { originFrom, publisherJsonLd, seoMeta } from "~/lib/seo";
import { RouteErrorBoundary } from "~/components/error-boundary";
import type { Route } from "./+types/article";

/** Complete as HTML: sent without scripts (decision 037). */
export const handle = documentWithoutScripts;

export function loader({ params, request }: Route.LoaderArgs) {
  const post = getPost(params.slug);
  if (!post) {
    console.warn(`404 Not Found: ${new URL(request.url).pathname}`);
    throw data(null, { status: 404 });
  }
  return { post };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const post = loaderData?.post;
  if (!post) return [{ title: "Page not found | Tonewise" }];
  const origin = originFrom(matches);
  const path = href("/blog/:slug", { slug: post.slug });
  const url = new URL(path, origin).toString();
  return seoMeta({
    title: `${post.title} | Tonewise Blog`,
    description: post.description,
    path,
    origin,
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description: post.description,
      author: { "@type": "Organization", name: post.author },
      publisher: publisherJsonLd(origin),
      datePublished: post.date,
      dateModified: post.updated ?? post.date,
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      articleSection: post.category,
      image: new URL("/og-image.png", origin).toString(),
    },
  });
};

export default function Article({ loaderData: { post } }: Route.ComponentProps) {
  return (
    <Container narrow className="py-12">
      <Breadcrumb items={[{ label: "Home", to: href("/") }, { label: "Blog", to: href("/blog") }, { label: post.shortTitle }]} />
      <Link
        to={href("/blog")}
        className="mt-6 inline-flex items-center gap-2 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800"
      >
        <ArrowLeftIcon className="size-4" /> Back to Blog
      </Link>
      <article className="mt-6">
        <header className="border-b border-slate-200 pb-8">
          <PostMeta post={post} />
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-4 text-lg text-slate-600">{post.excerpt}</p>
          <p className="mt-4 text-sm text-slate-600">By {post.author}</p>
        </header>
        <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
        <footer className="mt-12 rounded-2xl bg-brand-50 p-8 text-center ring-1 ring-brand-100">
          <h2 className="text-xl font-bold text-slate-900">Write your next message with Tonewise</h2>
          <p className="mt-2 text-slate-600">
            Polished, human-toned suggestions in any text field, one click to replace.
          </p>
          <Link to={href("/")} className={buttonClasses("primary", "lg", "mt-6")}>
            Discover Tonewise
          </Link>
        </footer>
      </article>
    </Container>
  );
}

/** An unknown slug (404) or a failure, inside the site's header and footer. */
export function ErrorBoundary() {
  return <RouteErrorBoundary frame="region" />;
}
