import { Form, href } from "react-router";
import { billingCopy } from "~/content/billing";
import { SubmitButton } from "../submit-button";
import { buttonClasses } from "../ui/button";

/**
 * Upgrade: a POST that answers with a redirect to Stripe Checkout (same tab). With JavaScript the
 * button reads 'Loading...' and cannot be clicked twice; without it, the server's idempotency key
 * turns a double submit into the same Checkout Session.
 */
export function UpgradeForm({ label = billingCopy.upgrade, className }: { label?: string; className?: string }) {
  return (
    <Form method="post" action={href("/dashboard/subscription")} className={className}>
      <SubmitButton name="intent" value="upgrade">
        {label}
      </SubmitButton>
    </Form>
  );
}

/**
 * Manage Subscription: a plain form (not intercepted by the router) posted into a new tab, whose
 * answer is a redirect to the Stripe Customer Portal. Works the same with JavaScript off.
 */
export function ManageSubscriptionForm({
  label = billingCopy.manage,
  variant = "secondary",
  size = "md",
  className,
}: {
  label?: string;
  variant?: "primary" | "secondary";
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
  return (
    <form method="post" action={href("/dashboard/subscription")} target="_blank" rel="noopener" className={className}>
      <button type="submit" name="intent" value="manage" className={buttonClasses(variant, size, "w-full sm:w-auto")}>
        {label}
        <span className="sr-only">{billingCopy.newTab}</span>
      </button>
    </form>
  );
}
