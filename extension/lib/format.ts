/** Words the popup shows for an account's usage. */
import { messageTypeLabels, toneLabels } from "../../app/content/preferences";
import type { MessageType, Tone, Usage } from "./api";

export function usageLine(usage: Usage): string {
  if (usage.limit === null || usage.remaining === null) return "Unlimited";
  return `${usage.remaining} of ${usage.limit} left this month`;
}

export function resetLine(usage: Usage, locale?: string): string {
  // Nothing resets on an unlimited plan.
  if (usage.limit === null) return "";
  const date = new Date(usage.resetsAt);
  if (Number.isNaN(date.getTime())) return "";
  // resetsAt is the start of a UTC month: show that day, not the evening before in the Americas.
  return `Resets ${date.toLocaleDateString(locale, { month: "long", day: "numeric", timeZone: "UTC" })}`;
}

/** The names the web app's settings page uses (the spec's), so the popup and the dashboard agree. */
export const TONE_NAMES: Record<Tone, string> = toneLabels;
export const MESSAGE_TYPE_NAMES: Record<MessageType, string> = messageTypeLabels;
