import { buttonClasses } from "./ui/button";

export function ErrorScreen({ status }: { status: number }) {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <p className="text-5xl font-extrabold text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-2 max-w-md text-slate-600">
        We couldn't load this page. Please try again in a moment.
      </p>
      <a href="/" className={buttonClasses("primary", "md", "mt-8")}>
        Return to Home
      </a>
    </main>
  );
}
