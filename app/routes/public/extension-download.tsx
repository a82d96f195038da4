import { documentWithoutScripts } from "~/lib/document-scripts";
import { href } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { EXTENSION_DOWNLOADS } from "~/content/extension-downloads";
import { getEnv } from "~/lib/env.server";
import { originFrom, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/extension-download";

/** Complete as HTML: sent without scripts (decision 037). */
export const handle = documentWithoutScripts;

/**
 * Where "Download Extension" leads until the extension is in a store (EXTENSION_STORE_URL): the
 * built packages, with the few steps each browser needs to install one from a file.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { storeUrl: getEnv(context).EXTENSION_STORE_URL ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Install the Tonewise browser extension",
    description: "Download the Tonewise extension for Chrome or Firefox and install it in a minute.",
    path: href("/extension/download"),
    origin: originFrom(matches),
  });

export default function ExtensionDownload({ loaderData: { storeUrl } }: Route.ComponentProps) {
  return (
    <Container narrow className="py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">Install the Tonewise extension</h1>
      <p className="mt-4 text-lg text-slate-600">
        Tonewise works inside the text fields you already use. Install it in your browser, then click its toolbar
        icon and connect your account.
      </p>
      {storeUrl ? (
        <a href={storeUrl} className={buttonClasses("primary", "lg", "mt-8")}>
          Get it from the store
        </a>
      ) : null}
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {EXTENSION_DOWNLOADS.map((download) => (
          <section
            key={download.browser}
            aria-labelledby={`install-${download.id}`}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id={`install-${download.id}`} className="text-xl font-semibold text-slate-900">
              {download.browser}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{download.browsers}</p>
            <a href={download.href} download className={buttonClasses(storeUrl ? "secondary" : "primary", "md", "mt-4 self-start")}>
              Download for {download.browser} (.zip)
            </a>
            <ol className="mt-6 list-decimal space-y-2 pl-5 text-sm text-slate-700">
              {download.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            {download.note ? <p className="mt-4 text-sm text-slate-500">{download.note}</p> : null}
          </section>
        ))}
      </div>
    </Container>
  );
}
