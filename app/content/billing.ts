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
