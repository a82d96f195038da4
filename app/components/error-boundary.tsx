import type { ReactNode } from "react";
import { href, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { cx } from "./ui/cx";
import { buttonClasses } from "./ui/button";

/**
 * Where an error screen sits: `page` is the whole document (the root's boundary, the catch-all
 * 404 route), with the page's one `<main>`; `region` fills the main area of a layout that is still
 * standing (the public site's header and footer, the dashboard's sidebar), which already has it.
 */
export type ErrorFrame = "page" | "region";

function Frame({ frame, children }: { frame: ErrorFrame; children: ReactNode }) {
  const layout = "flex flex-col items-center justify-center px-4 text-center";
  return frame === "page" ? (
    <main id="main" className={cx(layout, "min-h-dvh bg-slate-50")}>
      {children}
    </main>
  ) : (
    <section className={cx(layout, "py-20")} aria-labelledby="error-title">
      {children}
    </section>
  );
}

export function NotFoundScreen({ frame = "page" }: { frame?: ErrorFrame }) {
  return (
    <Frame frame={frame}>
      <p className="text-6xl font-extrabold tracking-tight text-brand-700">404</p>
      <h1 id="error-title" className="mt-4 text-2xl font-bold text-slate-900">
        Oops! Page not found
      </h1>
      <p className="mt-2 text-slate-600">The page you're looking for doesn't exist or has moved.</p>
      <Link to={href("/")} className={buttonClasses("primary", "md", "mt-8")}>
        Return to Home
      </Link>
    </Frame>
  );
}

export function ErrorScreen({ status, frame = "page" }: { status: number; frame?: ErrorFrame }) {
  return (
    <Frame frame={frame}>
      <p className="text-5xl font-extrabold text-brand-700">{status}</p>
      <h1 id="error-title" className="mt-4 text-2xl font-bold text-slate-900">
        Something went wrong
      </h1>
      <p className="mt-2 max-w-md text-slate-600">We couldn't load this page. Please try again in a moment.</p>
      <a href={href("/")} className={buttonClasses("primary", "md", "mt-8")}>
        Return to Home
      </a>
    </Frame>
  );
}

/**
 * The one error boundary: a 404 shows "page not found", anything else the status (500 when the
 * error is not a response) and "try again in a moment". Never the error's message or stack: what
 * went wrong is logged on the server, and the page must not leak it.
 */
export function RouteErrorBoundary({ frame = "page" }: { frame?: ErrorFrame }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen frame={frame} />;
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return <ErrorScreen status={isRouteErrorResponse(error) ? error.status : 500} frame={frame} />;
}
