/** The sitemap's pages: each legal page's last change is the date the page itself shows. */
import { describe, expect, it } from "vitest";
import { getLegalDocument } from "~/lib/legal-documents.server";
import { publicPages } from "~/lib/site-urls.server";

describe("publicPages", () => {
  it("dates /terms and /privacy by their documents' own 'last updated'", () => {
    const pages = new Map(publicPages().map((page) => [page.path, page.lastModified]));
    for (const name of ["terms", "privacy"] as const) {
      const shown = getLegalDocument(name).lastUpdated;
      expect(shown, name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(pages.get(`/${name}`), name).toBe(shown);
    }
  });
});
