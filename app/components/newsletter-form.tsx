import { Form, href, useNavigation } from "react-router";
import type { NewsletterState } from "~/lib/newsletter";
import { HoneypotField } from "./honeypot-field";
import { buttonClasses } from "./ui/button";
import { useFirstInvalidFocus } from "./ui/first-invalid-focus";

export function NewsletterForm({ state }: { state: NewsletterState }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.has("email") === true;
  const error = state.status === "invalid" || state.status === "failed" ? state.message : undefined;
  const focusedByServer = useFirstInvalidFocus("newsletter-email", error !== undefined);
  const defaultEmail = state.status === "invalid" || state.status === "failed" ? state.email : "";

  return (
    // The form's answer comes back to #newsletter. A refusal leaves the id off: a browser ignores
    // `autofocus` on a page whose fragment names an element, and focusing the address brings it
    // into view just as well.
    <section id={error ? undefined : "newsletter"} aria-labelledby="newsletter-heading" className="on-dark rounded-2xl bg-brand-900 px-6 py-10 text-white sm:px-10">
      <h2 id="newsletter-heading" className="text-2xl font-bold tracking-tight">Get better at every message</h2>
      <p className="mt-2 max-w-xl text-brand-100">
        Join 1,000+ professionals who get practical tips on follow-ups, objection handling and
        client communication. One email when a new article is out, nothing else.
      </p>
      {state.status === "subscribed" ? (
        <p role="status" className="mt-6 rounded-lg bg-white/10 px-4 py-3 font-medium">
          {state.message}
        </p>
      ) : (
        // The answer is a new page when the blog was sent without scripts (decision 037): the
        // fragment brings the reader back down to this box instead of the top of the page.
        <Form method="post" action={`${href("/blog")}?index#newsletter`} className="relative mt-6 flex max-w-xl flex-col gap-3 sm:flex-row sm:items-start" noValidate={false}>
          <HoneypotField />
          <div className="flex-1">
            <label htmlFor="newsletter-email" className="sr-only">
              Email address
            </label>
            <input
              id="newsletter-email"
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="you@company.com"
              defaultValue={defaultEmail}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "newsletter-error" : undefined}
              // The blog's answer is a new page (no scripts): the keyboard, and a screen reader, start here.
              autoFocus={focusedByServer || undefined}
              className="h-12 w-full rounded-lg border border-white/20 bg-white px-4 text-slate-900 placeholder:text-slate-500"
            />
            {error ? (
              <p id="newsletter-error" role="alert" className="mt-2 text-sm font-medium text-amber-200">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className={buttonClasses("inverse", "lg")} disabled={submitting}>
            {submitting ? "Subscribing..." : "Subscribe"}
          </button>
        </Form>
      )}
    </section>
  );
}
