/** The subscription page's toasts: returning from Checkout, and the billing failures, word for word. */
export const billingMessages = {
  welcome: { variant: "success", title: "Welcome to Pro!", description: "Your subscription is now active." },
  checkoutCanceled: { variant: "default", title: "Checkout Canceled", description: "You can upgrade anytime from this page." },
  upgradeSignedOut: { variant: "destructive", title: "Not Authenticated", description: "Please log in to upgrade." },
  manageSignedOut: {
    variant: "destructive",
    title: "Not Authenticated",
    description: "Please log in to manage your subscription.",
  },
  checkoutFailed: { variant: "destructive", title: "Error", description: "Failed to create checkout session. Please try again." },
  portalFailed: { variant: "destructive", title: "Error", description: "Failed to open billing portal. Please try again." },
} as const;

/**
 * The billing controls' labels (the spec's 'Upgrade to Pro' and 'Manage Subscription'), and the
 * words of the subscription page and the payment banner the spec leaves to us (decision 014).
 */
export const billingCopy = {
  upgrade: "Upgrade to Pro",
  manage: "Manage Subscription",
  updatePaymentMethod: "Update payment method",
  newTab: " (opens in a new tab)",
  currentPlan: "Current plan",
  activePro: {
    heading: "Tonewise Pro is active",
    benefitsHeading: "Your Pro benefits",
    portalHint: "Change your payment method, see invoices, or cancel in the Stripe billing portal.",
    pastDue: "Payment past due: your last payment failed. Update your payment method to keep Pro.",
    endsOn: (date: string) => `Your plan ends on ${date}. You keep Pro until then.`,
    renewsOn: (date: string) => `Renews on ${date}.`,
    active: "Your Pro plan is active.",
  },
  paymentIssue: {
    past_due: { title: "Your last payment didn't go through", body: "Update your payment method to keep Tonewise Pro." },
    unpaid: {
      title: "Your Pro plan is on hold",
      body: "A payment failed, so your plan is back to Free. Update your payment method to restore Pro.",
    },
  },
} as const;
