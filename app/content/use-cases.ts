export type UseCase = {
  id: string;
  title: string;
  context: string;
  before: string;
  after: string;
};

export const useCases: UseCase[] = [
  {
    id: "follow-up",
    title: "Follow-ups",
    context: "Email to a prospect after a demo",
    before: "hey just following up on the demo, any thoughts?",
    after:
      "Hi Dana, thanks again for your time on Tuesday. I'd love to hear what stood out to you and your team. If it helps, I can send over a short summary of the pricing we discussed. Would a quick call on Thursday work?",
  },
  {
    id: "objection",
    title: "Objection handling",
    context: "Reply to \"not right now\"",
    before: "ok but the price goes up next month so you should buy now",
    after:
      "That makes complete sense, and I appreciate you being upfront about timing. So you can plan ahead, our current pricing holds until the end of the month. Would it help if I checked back in early next quarter?",
  },
  {
    id: "re-engagement",
    title: "Re-engagement",
    context: "LinkedIn message to a contact who went quiet",
    before: "haven't heard from you in a while, still interested?",
    after:
      "Hi Sam, it's been a few weeks since we last spoke, and I know priorities shift quickly. I came across a case study from a team much like yours that I thought you'd find useful. Happy to share it if you're interested.",
  },
  {
    id: "closing",
    title: "Closing",
    context: "Email to a decision-maker",
    before: "can we get the contract signed this week",
    after:
      "Hi Laura, it sounds like we're aligned on scope and timing. I've attached the final agreement for your review. If everything looks right, signing this week would let us start onboarding on the 15th as planned.",
  },
  {
    id: "value-add",
    title: "Value-add updates",
    context: "Check-in with an existing client",
    before: "fyi new feature out, check it out",
    after:
      "Hi Marcus, we just released saved reply templates, and I immediately thought of your support team's busy Mondays. Here's a two-minute walkthrough. Let me know if you'd like help setting it up.",
  },
  {
    id: "referral",
    title: "Referral requests",
    context: "Message to a happy customer",
    before: "know anyone else who might want this?",
    after:
      "Hi Elena, it's been great working with you this year. If you know a colleague who's wrestling with the same challenges you had, I'd be grateful for an introduction, and I'll take excellent care of them.",
  },
];
