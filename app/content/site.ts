import { href } from "react-router";

export const PRODUCT_NAME = "Tonewise";
export const SUPPORT_EMAIL = "support@tonewise.app";
export const SIGN_UP_PATH = `${href("/auth")}?mode=signup`;
export const COPYRIGHT_YEAR = 2025;

export const primaryNav = [
  { label: "Home", to: href("/") },
  { label: "Pricing", to: `${href("/")}#pricing` },
  { label: "About", to: href("/about") },
  { label: "Blog", to: href("/blog") },
] as const;

export const footerNav = {
  product: [
    { label: "Features", to: `${href("/")}#features` },
    { label: "Pricing", to: `${href("/")}#pricing` },
  ],
  company: [
    { label: "About", to: href("/about") },
    { label: "Blog", to: href("/blog") },
    { label: "Contact", to: `mailto:${SUPPORT_EMAIL}` },
  ],
  legal: [
    { label: "Terms of Service", to: href("/terms") },
    { label: "Privacy Policy", to: href("/privacy") },
  ],
} as const;

export const siteDescription =
  "Tonewise polishes the sales, support and client messages you type in any text field into clear, human-toned writing, with one click to replace.";

