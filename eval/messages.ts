/**
 * The evaluation corpus: realistic first drafts, written the way busy people in sales, support
 * and client services type them (lowercase, typos, filler, run-ons), across the six scenarios the
 * product is for and the five message types. Synthetic: every name, company, address and link is
 * made up. Used by `npm run eval` and by the tests that check the local stand-in against the
 * guardrails.
 */
export type EvalMessage = {
  id: string;
  scenario: "follow-up" | "objection" | "re-engagement" | "closing" | "value-add" | "referral";
  messageType: "text" | "email" | "linkedin" | "crm" | "social";
  platform: string;
  text: string;
};

export const EVAL_MESSAGES: ReadonlyArray<EvalMessage> = [
  // Follow-ups
  { id: "fu-email-proposal", scenario: "follow-up", messageType: "email", platform: "gmail", text: "hi sam, just following up on the proposal i sent tuesday. the price is $1,200 per month for 15 seats. can we talk this week?" },
  { id: "fu-email-demo", scenario: "follow-up", messageType: "email", platform: "outlook", text: "hey priya\n\nthanks again for the demo on thursday. i really think the reporting module would save your team about 6 hours a week. here's the recording https://share.example.com/rec/8841\n\nlet me know what u think\nthanks\ndan" },
  { id: "fu-text-quote", scenario: "follow-up", messageType: "text", platform: "sms", text: "hi jordan its mia from brightpath, did u get a chance to look at the quote? its $850 for the install" },
  { id: "fu-linkedin-event", scenario: "follow-up", messageType: "linkedin", platform: "linkedin", text: "great meeting you at the saas summit last week! i basically wanted to follow up on our chat about onboarding, would love to share how Acme cut churn by 12%" },
  { id: "fu-crm-note", scenario: "follow-up", messageType: "crm", platform: "hubspot", text: "called lena at northwind, no answer. left vm about renewal due 30 june, will try again friday 10am" },
  { id: "fu-social-reply", scenario: "follow-up", messageType: "social", platform: "x", text: "@brightdesk thanks for the shoutout! just checking if the new dashboard is working ok for your team" },
  { id: "fu-email-placeholder", scenario: "follow-up", messageType: "email", platform: "gmail", text: "hi {first_name}, just circling back on my note from last week about {company}'s onboarding. do you have 15 minutes on [date] to chat?" },
  { id: "fu-text-appointment", scenario: "follow-up", messageType: "text", platform: "whatsapp", text: "hey tom quick reminder about your test drive tomorrow at 4pm, let me know if u need to move it" },
  { id: "fu-slack-ticket", scenario: "follow-up", messageType: "text", platform: "slack", text: "hey @marcus just checking in on ticket #4821, the sso fix went out last night in v2.14. can u confirm ur team can log in again?" },
  { id: "fu-slack-onboarding", scenario: "follow-up", messageType: "text", platform: "slack", text: "hi team! following up on yesterdays kickoff, i shared the rollout checklist in #acme-onboarding. training for the 12 admins is set for wed 2pm EST, lmk if that doesnt work" },

  // Objection handling
  { id: "obj-email-price", scenario: "objection", messageType: "email", platform: "gmail", text: "hi rachel, totally understand the budget concern. the annual plan is $9,600 which works out to $800 a month, and most teams our size see payback in about 4 months. happy to walk through the numbers" },
  { id: "obj-linkedin-timing", scenario: "objection", messageType: "linkedin", platform: "linkedin", text: "makes sense that q3 is busy for you. would it help if we started with a small pilot for 5 users and revisited in september?" },
  { id: "obj-crm-competitor", scenario: "objection", messageType: "crm", platform: "salesforce", text: "prospect says they're looking at Zenlytics too. main concern is migration time. told them our migration takes 2 weeks and we include 3 training sessions" },
  { id: "obj-email-security", scenario: "objection", messageType: "email", platform: "outlook", text: "hi marcus, good question about security. we're soc 2 type ii certified and i can send the report under nda, just reply here or email security@examplecorp.com" },
  { id: "obj-text-contract", scenario: "objection", messageType: "text", platform: "sms", text: "i hear you on the 12 month contract. we do have a month to month option at $79/mo if that's easier" },
  { id: "obj-social-support", scenario: "objection", messageType: "social", platform: "linkedin", text: "sorry to hear about the wait times last week. we've added 4 agents to the team and response times are back under 2 hours" },
  { id: "obj-text-discount", scenario: "objection", messageType: "text", platform: "sms", text: "hi ben, unfortunately we cant do a discount on the annual plan, but i can extend your trial by 14 days if that helps" },
  { id: "obj-email-features", scenario: "objection", messageType: "email", platform: "gmail", text: "hey olivia, you're right that we don't have a native jira integration yet. it's on the roadmap for q2, and in the meantime the zapier connector covers most of it. want me to set that up for you?" },

  // Re-engagement
  { id: "re-email-quiet", scenario: "re-engagement", messageType: "email", platform: "gmail", text: "hi ben, its been a while since we last talked in march. a lot has changed on our side including a new api and 30% faster sync. worth a quick catch up?" },
  { id: "re-linkedin-lapsed", scenario: "re-engagement", messageType: "linkedin", platform: "linkedin", text: "hi carla, saw that your team just hit 200 people, congrats! last time we spoke you were at 80 and not ready to switch crms. is now a better time?" },
  { id: "re-text-customer", scenario: "re-engagement", messageType: "text", platform: "sms", text: "hi mr patel, its alex from greenleaf landscaping. your spring cleanup is coming up, want me to book you in for the week of april 14?" },
  { id: "re-crm-churned", scenario: "re-engagement", messageType: "crm", platform: "pipedrive", text: "reached out to Holt & Co, churned in jan due to pricing. new starter tier at $29 per user might fit. sent email, follow up in 1 week" },
  { id: "re-social-dm", scenario: "re-engagement", messageType: "social", platform: "instagram", text: "hey! noticed you haven't ordered since the holidays. we just launched 3 new blends, here's 10% off with code WELCOME10" },
  { id: "re-email-webinar", scenario: "re-engagement", messageType: "email", platform: "outlook", text: "hi dana\nyou signed up for our pricing webinar back in november but couldnt make it. the recording is here https://learn.example.com/webinars/pricing-2025 and i'm happy to answer any questions\nbest\nkim" },
  { id: "re-linkedin-moved", scenario: "re-engagement", messageType: "linkedin", platform: "linkedin", text: "congrats on the new role at Fintrek! we worked together when you were at Ledgerly, would be great to reconnect and hear what you're building" },

  // Closing
  { id: "cl-email-contract", scenario: "closing", messageType: "email", platform: "gmail", text: "hi steve, attaching the final contract for 25 seats at $18,000 a year. if everything looks good you can sign here https://sign.example.com/c/55120 by friday and we'll kick off onboarding on 3 march" },
  { id: "cl-text-deposit", scenario: "closing", messageType: "text", platform: "sms", text: "great news, the car is ready! we just need the $500 deposit to hold it, u can pay at the dealership or online" },
  { id: "cl-crm-verbal", scenario: "closing", messageType: "crm", platform: "hubspot", text: "verbal yes from anna (vp ops). legal review this week, expected close 28 feb, deal size $42k. next step send msa" },
  { id: "cl-linkedin-thanks", scenario: "closing", messageType: "linkedin", platform: "linkedin", text: "thanks so much for choosing us, really excited to get started. i'll intro you to your onboarding lead Maya tomorrow" },
  { id: "cl-email-discount", scenario: "closing", messageType: "email", platform: "outlook", text: "hi victor, as discussed the 15% discount applies if we sign before end of quarter, so the total would be $25,500 instead of $30,000. let me know if you need anything else from me" },
  { id: "cl-social-launch", scenario: "closing", messageType: "social", platform: "linkedin", text: "so happy to welcome Riverbend Dental as our 100th clinic! cant wait to help the team save time on reminders" },
  { id: "cl-text-meeting", scenario: "closing", messageType: "text", platform: "whatsapp", text: "hi lucy, can we do 2:30pm thursday to sign the paperwork? bring your id and the bank details pls" },

  // Value-add updates
  { id: "va-email-report", scenario: "value-add", messageType: "email", platform: "gmail", text: "hi nina, thought you'd find this useful, our benchmark report shows support teams answering within 1 hour keep 23% more customers. full report here https://example.com/reports/2025-support" },
  { id: "va-linkedin-article", scenario: "value-add", messageType: "linkedin", platform: "linkedin", text: "saw your post about scaling the sdr team. we wrote up how 3 of our customers ramped new reps in under 30 days, happy to send it over" },
  { id: "va-crm-update", scenario: "value-add", messageType: "crm", platform: "salesforce", text: "sent product update to Blue Harbor re: new bulk export. they asked about this in oct. cc'd @jmiller on their side" },
  { id: "va-text-tip", scenario: "value-add", messageType: "text", platform: "sms", text: "quick tip for your store, customers who get a reminder 24 hours before pickup are way less likely to no-show. want me to turn that on for u?" },
  { id: "va-social-post", scenario: "value-add", messageType: "social", platform: "linkedin", text: "3 things we learned from reviewing 10,000 support tickets this year: be specific, answer the actual question, and always say what happens next" },
  { id: "va-email-release", scenario: "value-add", messageType: "email", platform: "outlook", text: "hey team at orbit, quick heads up that the 2.4 release on 18 november adds the audit log you asked for. docs are at https://docs.example.com/audit-log" },
  { id: "va-linkedin-intro", scenario: "value-add", messageType: "linkedin", platform: "linkedin", text: "you mentioned hiring a revops lead. my former colleague Priya Shah just finished a big rollout at Cobalt and is looking, want an intro?" },

  { id: "va-slack-release", scenario: "value-add", messageType: "text", platform: "slack", text: "quick heads up for everyone at northwind, the csv export u asked for is live now. it handles up to 50,000 rows and theres a short guide here https://help.example.com/export" },

  // Referral requests
  { id: "rf-email-happy", scenario: "referral", messageType: "email", platform: "gmail", text: "hi george, really glad the rollout went so well and your team hit 95% adoption in the first month. do you know anyone else who might benefit from something similar? any intro would mean a lot" },
  { id: "rf-text-client", scenario: "referral", messageType: "text", platform: "sms", text: "thanks again for the 5 star review!! if any friends need a plumber send them my way, they get $50 off their first visit" },
  { id: "rf-linkedin-peer", scenario: "referral", messageType: "linkedin", platform: "linkedin", text: "hi omar, since you've been using us for 2 years now, would you be open to a quick reference call with a prospect in logistics? 20 mins max" },
  { id: "rf-crm-ask", scenario: "referral", messageType: "crm", platform: "pipedrive", text: "asked Dana at Pinecrest for referral, she suggested talking to her old boss at Mapleton. email is r.ortiz@mapleton.io, reach out next week" },
  { id: "rf-social-thanks", scenario: "referral", messageType: "social", platform: "facebook", text: "huge thanks to everyone who sent friends our way this month, 18 new families joined! referral program still gives you a free month" },
  { id: "rf-email-program", scenario: "referral", messageType: "email", platform: "outlook", text: "hi sophie, we just launched a partner program, you'd get 20% of the first year for every customer you refer. details at https://partners.example.com, happy to walk you through it" },
  { id: "rf-text-support", scenario: "referral", messageType: "text", platform: "sms", text: "so glad we could fix the printer today! if anyone at your office needs help, my direct line is 555-0142" },
];
