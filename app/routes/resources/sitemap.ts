import { getEnv } from "~/lib/env.server";
import { escapeMarkup } from "~/lib/escape-markup";
import { publicPages } from "~/lib/site-urls.server";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  const origin = new URL(getEnv(context).APP_URL).origin;
  const urls = publicPages()
    .map(({ path, lastModified }) => {
      const lastmod = lastModified ? `<lastmod>${lastModified}</lastmod>` : "";
      return `  <url><loc>${escapeMarkup(new URL(path, origin).toString())}</loc>${lastmod}</url>`;
    })
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
