export const features = [
  {
    title: "Real-Time Message Polish",
    description:
      "As you type in email, LinkedIn, Slack or your CRM, Tonewise rewrites your draft into a clear, professional message that still sounds like you.",
    icon: "sparkles",
  },
  {
    title: "Instant Suggestions",
    description:
      "Pause for a moment and the Tonewise icon lights up. One click shows the suggestion, so you never wait and never lose your train of thought.",
    icon: "bolt",
  },
  {
    title: "Seamless Integration",
    description:
      "Works in any text field in your browser. No copy and paste, no new app to learn: click Replace and your polished message is ready to send.",
    icon: "plug",
  },
] as const;

export const howItWorksSteps = [
  {
    title: "Type your message",
    description: "Write the way you normally would, in any text field: email, LinkedIn, Slack or your CRM.",
  },
  {
    title: "Tonewise analyses and suggests",
    description:
      "After a brief pause, Tonewise reads the context and prepares a more polished, human-toned version. The icon lights up when it's ready.",
  },
  {
    title: "Click to replace",
    description: "Open the suggestion and click Replace. Your text is swapped in place, ready to send.",
  },
] as const;

/** The live stats strip. The user count comes from the backend; the rest are fixed. */
export const staticStats = [
  { id: "messages", value: 1000, prefix: "", suffix: "+", label: "Messages generated" },
  { id: "response-rate", value: 63, prefix: "", suffix: "%", label: "Higher response rate" },
  { id: "response-time", value: 3, prefix: "<", suffix: "s", label: "Average response time" },
] as const;

export const STATS_COUNT_UP_MS = 2_000;
export const STATS_VISIBLE_THRESHOLD = 0.3;
/** The browser refetches the user count every 5 minutes; the server keeps it fresh for 4. */
export const STATS_REFETCH_MS = 5 * 60_000;
export const STATS_FRESH_MS = 4 * 60_000;

export const demoExample = {
  recipient: "John Miller",
  channel: "Follow-up email",
  original: "hi john, just checking in about the car u looked at last week. still interested? let me know",
  optimized:
    "Hi John, I hope your week is going well! I wanted to follow up on the 2024 Accord you test-drove last Saturday. It's still available, and I'd be happy to set up a second look or walk you through financing options. Would Thursday or Friday afternoon work for you?",
} as const;

/** About 10 seconds a loop: original → icon pulses → popup → Replace → optimised. */
export const DEMO_PHASES = [
  { phase: "original", ms: 2500 },
  { phase: "suggesting", ms: 1500 },
  { phase: "popup", ms: 2000 },
  { phase: "replacing", ms: 700 },
  { phase: "optimized", ms: 3300 },
] as const;

export type DemoPhase = (typeof DEMO_PHASES)[number]["phase"];
