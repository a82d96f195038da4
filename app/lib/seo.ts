import type { MetaDescriptor } from "react-router";
import { PRODUCT_NAME } from "~/content/site";

export type SeoInput = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/blog". */
  path: string;
  /** The site's public origin (APP_URL), from the root loader. */
  origin: string;
  type?: "website" | "article";
  jsonLd?: Record<string, unknown>;
};

export const OG_IMAGE_PATH = "/og-image.png";

/** Title, description, canonical URL, Open Graph and Twitter card tags, and JSON-LD. */
export function seoMeta({ title, description, path, origin, type = "website", jsonLd }: SeoInput): MetaDescriptor[] {
  const url = new URL(path, origin).toString();
  const image = new URL(OG_IMAGE_PATH, origin).toString();
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (jsonLd) tags.push({ "script:ld+json": jsonLd });
  return tags;
}

/**
 * A dashboard page's title and description. Only a signed-in user ever sees these pages (anyone
 * else, crawlers included, is sent to /auth), so they need no canonical URL or social cards; the
 * description is what a browser's history and bookmarks show (docs/decisions/029).
 */
export function dashboardMeta(page: string, description: string): MetaDescriptor[] {
  return [{ title: `${page} | ${PRODUCT_NAME}` }, { name: "description", content: description }];
}

/** The publisher every structured-data block names. */
export function publisherJsonLd(origin: string) {
  return {
    "@type": "Organization",
    name: PRODUCT_NAME,
    url: origin,
    logo: { "@type": "ImageObject", url: new URL("/apple-touch-icon.png", origin).toString() },
  };
}

/** Finds the site origin the root loader put in the match list. */
export function originFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "http://localhost";
}
