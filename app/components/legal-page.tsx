import { Container } from "./ui/container";
import { formatLegalDate, type LegalDocument } from "~/lib/legal-date";

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <Container narrow className="py-12">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{document.title}</h1>
        <p className="mt-3 text-slate-600">
          Last updated: <time dateTime={document.lastUpdated}>{formatLegalDate(document.lastUpdated)}</time>
        </p>
      </header>
      <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: document.html }} />
    </Container>
  );
}
