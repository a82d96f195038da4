import { Link } from "react-router";
import { buttonClasses } from "./ui/button";

export function NotFoundScreen() {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <p className="text-6xl font-extrabold tracking-tight text-brand-700">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">
        Oops! Page not found
      </h1>
      <p className="mt-2 text-slate-600">The page you're looking for doesn't exist or has moved.</p>
      <Link to="/" className={buttonClasses("primary", "md", "mt-8")}>
        Return to Home
      </Link>
    </main>
  );
}
