export const PRODUCT_NAME = "Tonewise";
export const SUPPORT_EMAIL = "support@tonewise.app";
export const SIGN_UP_PATH = "/auth?mode=signup";
export const SIGN_IN_PATH = "/auth";
export const COPYRIGHT_YEAR = 2025;

export const primaryNav = [
  { label: "Home", to: "/" },
  { label: "Pricing", to: "/#pricing" },
  { label: "About", to: "/about" },
  { label: "Blog", to: "/blog" },
] as const;

export const footerNav = {
  product: [
    { label: "Features", to: "/#features" },
    { label: "Pricing", to: "/#pricing" },
  ],
  company: [
    { label: "About", to: "/about" },
    { label: "Blog", to: "/blog" },
    { label: "Contact", to: `mailto:${SUPPORT_EMAIL}` },
  ],
  legal: [
    { label: "Terms of Service", to: "/terms" },
    { label: "Privacy Policy", to: "/privacy" },
  ],
} as const;

export const siteDescription =
  "Tonewise polishes the sales, support and client messages you type in any text field into clear, human-toned writing, with one click to replace.";

