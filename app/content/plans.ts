import { SIGN_UP_PATH } from "./site";

/** Free: 30 AI-optimized messages per calendar month. */
export const FREE_MONTHLY_MESSAGE_LIMIT = 30;
/** Usage at or above this share of the limit shows the approaching-limit warning. */
export const USAGE_WARNING_THRESHOLD = 0.8;

export type PricingPlan = {
  id: "free" | "pro";
  name: string;
  price: string;
  originalPrice?: string;
  period: string;
  description: string;
  features: string[];
  cta: string;
  ctaTo: string;
  highlighted: boolean;
  badge?: string;
};

export const pricingPlans: PricingPlan[] = [
  {
    id: "free",
    name: "Free",
    price: "$0",
    period: "/month",
    description: "Try Tonewise on the messages you already write, no credit card required.",
    features: [
      "30 AI-optimized messages per month",
      "Limited AI-enhanced messages",
      "Basic context analysis",
      "Limited customization",
    ],
    cta: "Get Started",
    ctaTo: SIGN_UP_PATH,
    highlighted: false,
  },
  {
    id: "pro",
    name: "Pro",
    price: "$14.99",
    originalPrice: "$20",
    period: "/month",
    description: "Unlimited polish for professionals who write all day.",
    features: [
      "Unlimited messages",
      "Expanded context analysis",
      "Tone mirror",
      "Additional customization",
      "Opportunities to test new features",
    ],
    cta: "Start Free Trial",
    ctaTo: SIGN_UP_PATH,
    highlighted: true,
    badge: "Most Popular",
  },
];

/** What the active-pro card lists: the Pro plan's features and the card's extras. */
export const proBenefits = [
  "Unlimited messages",
  "Expanded context analysis",
  "Tone mirror",
  "Additional customization",
  "Opportunities to test new features",
  "Advanced tone customization",
  "Priority support",
  "Early access to new features",
];
