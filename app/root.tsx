import { useEffect } from "react";
import {
  href,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { formRedirectTargets, getEnv } from "~/lib/env.server";
import { securityHeadersMiddleware } from "~/lib/security-headers.server";
import { apiCorsMiddleware } from "~/lib/api/cors.server";
import { apiJsonOnlyMiddleware } from "~/lib/api/json-only.server";
import { bodyLimitMiddleware } from "~/lib/body-limit.server";
import { cachePolicyMiddleware } from "~/lib/cache-policy.server";
import { pageCacheMiddleware, renderedPageGzipMiddleware } from "~/lib/page-cache.server";
import { csrfMiddleware } from "~/lib/csrf.server";
import { sessionMiddleware } from "~/lib/session.server";
import { rateLimitHeadersMiddleware } from "~/lib/rate-limits.server";
import { takeToasts, toastMiddleware } from "~/lib/toast.server";
import { ToastProvider } from "~/components/toaster";
import { FirstInvalidFocusProvider } from "~/components/ui/first-invalid-focus";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { PageFocusAfterNavigation } from "~/components/page-focus-after-navigation";
import { useDocumentWithoutScripts } from "~/lib/document-scripts";

export const middleware: Route.MiddlewareFunction[] = [
  securityHeadersMiddleware(
    (context) => formRedirectTargets(getEnv(context)),
    (context) => new URL(getEnv(context).APP_URL).protocol === "https:",
  ),
  cachePolicyMiddleware,
  // Rendered pages gzipped around the stylesheet compressed once (Node only; decision 034).
  renderedPageGzipMiddleware,
  // Public pages for anonymous visitors, from a stored rendering (docs/decisions/026).
  pageCacheMiddleware,
  apiCorsMiddleware,
  bodyLimitMiddleware,
  csrfMiddleware,
  apiJsonOnlyMiddleware,
  toastMiddleware,
  rateLimitHeadersMiddleware,
  sessionMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    origin: new URL(getEnv(context).APP_URL).origin,
    toasts: await takeToasts(request, context),
  };
}

/**
 * A form refused for what was typed answers 400, one refused for too many attempts 429, and one
 * the database could not take 503, each with a toast. React Router skips reloading data after a
 * 4xx or 5xx action; the root still reloads then, so the toast shows.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 400 || actionStatus === 429 || actionStatus === 503 || defaultShouldRevalidate;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "alternate", type: "application/rss+xml", title: "Tonewise Blog", href: href("/blog/rss.xml") },
];

/**
 * Browsers hide a script's nonce once the page has loaded (it reads as ""). On the server the
 * real nonce comes from the router's context; in the browser "" matches what hydration finds.
 * Stylesheet links need no nonce (they load from 'self').
 */
const clientNonce = typeof document === "undefined" ? undefined : "";

export function Layout({ children }: { children: React.ReactNode }) {
  const withoutScripts = useDocumentWithoutScripts();
  // Marks the page as running once hydration's effects have run (the layout's run last, after
  // those of every component hydrated with it; a lazy island hydrates later, when its chunk
  // arrives): what the browser tests wait for before acting on the live page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4338ca" />
        <Meta />
        <Links nonce="" />
      </head>
      <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {children}
        {withoutScripts ? null : (
          <>
            <ScrollRestoration nonce={clientNonce} />
            <Scripts nonce={clientNonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    // Around the toasts too: the page's first invalid field, rendered before them, keeps the
    // keyboard; otherwise the first toast the server sent takes it.
    <FirstInvalidFocusProvider>
      <ToastProvider serverToasts={loaderData.toasts} withoutScripts={useDocumentWithoutScripts()}>
        <Outlet />
        <PageFocusAfterNavigation />
      </ToastProvider>
    </FirstInvalidFocusProvider>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
