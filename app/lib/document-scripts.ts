import { useMatches } from "react-router";

/**
 * Pages that are complete as HTML (the about page, the blog, the articles, the legal pages) are
 * sent without scripts when they are the document the browser asked for: nothing on them needs
 * JavaScript, and a page without any loads and paints sooner on a phone (decision 037). A route
 * says so with `export const handle = documentWithoutScripts;`. Reached by a client-side
 * navigation from a page that has them (the landing page, the dashboard), the same route renders
 * in the browser as any other.
 */
export const documentWithoutScripts = { documentWithoutScripts: true } as const;

/**
 * Whether the document being rendered on the server goes without scripts, given the `handle` of
 * its deepest matched route. Always false in the browser: there the page was either sent with its
 * scripts, or the app is already running and renders the route itself, keeping its own scripts.
 */
export function isDocumentWithoutScripts(leafHandle: unknown): boolean {
  if (typeof document !== "undefined") return false;
  return (leafHandle as Partial<typeof documentWithoutScripts> | undefined)?.documentWithoutScripts === true;
}

/** The same for the component rendering it (the root's layout and toasts): the deepest route matched. */
export function useDocumentWithoutScripts(): boolean {
  return isDocumentWithoutScripts(useMatches().at(-1)?.handle);
}
