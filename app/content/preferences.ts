/** The extension preferences the settings page offers, and their defaults. */
export const TONES = ["professional", "friendly", "persuasive", "casual"] as const;
export const MESSAGE_TYPES = ["text", "email", "linkedin", "crm", "social"] as const;

export const toneLabels: Record<(typeof TONES)[number], string> = {
  professional: "Professional",
  friendly: "Friendly",
  persuasive: "Persuasive",
  casual: "Casual",
};

export const messageTypeLabels: Record<(typeof MESSAGE_TYPES)[number], string> = {
  text: "Text Message",
  email: "Email",
  linkedin: "LinkedIn",
  crm: "CRM/Sales",
  social: "Social Media",
};

export const DEFAULT_SETTINGS = {
  notifications: true,
  defaultTone: "professional",
  defaultMessageType: "text",
  usageAnalytics: true,
} as const;
