import { documentWithoutScripts } from "~/lib/document-scripts";
import { href } from "react-router";
import { LegalPage } from "~/components/legal-page";
import { getLegalDocument } from "~/lib/legal-documents.server";
import { originFrom, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

/** Complete as HTML: sent without scripts (decision 037). */
export const handle = documentWithoutScripts;

export function loader() {
  return { document: getLegalDocument("terms") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta({
    title: `${loaderData?.document.title ?? ""} | Tonewise`,
    description: loaderData?.document.description ?? "",
    path: href("/terms"),
    origin: originFrom(matches),
  });

export default function LegalRoute({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
