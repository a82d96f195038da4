/**
 * What the extension keeps in `storage.local`: the access token, the global pause, the sites
 * switched off, whether the privacy note was seen, the default tone and time zone read from the
 * account. Never the text of a message or a suggestion. (Reminders keep theirs: lib/reminders.ts.)
 */
import type { Tone } from "./api";

export const KEYS = {
  token: "token",
  paused: "paused",
  disabledSites: "disabledSites",
  privacyNoteSeen: "privacyNoteSeen",
  defaultTone: "defaultTone",
  lastConnectError: "lastConnectError",
  /** The account's time zone (null: never set), read with the account. */
  timeZone: "timeZone",
  /** Whether this install already offered the browser's zone to an account without one. */
  timeZoneOffered: "timeZoneOffered",
} as const;

export interface StoredState {
  token?: string;
  paused?: boolean;
  disabledSites?: string[];
  privacyNoteSeen?: boolean;
  defaultTone?: Tone;
  lastConnectError?: string;
  timeZone?: string | null;
  timeZoneOffered?: boolean;
}

/** Sites are switched on and off by host name, without a leading `www.`. */
export function siteKey(host: string): string {
  return host.toLowerCase().replace(/^www\./, "");
}

export function isSiteEnabled(disabledSites: readonly string[] | undefined, host: string): boolean {
  return !(disabledSites ?? []).includes(siteKey(host));
}

/** A field is on only when every site it belongs to is (its page's and, in a frame, the frame's). */
export function allSitesEnabled(disabledSites: readonly string[] | undefined, hosts: readonly string[]): boolean {
  return hosts.every((host) => isSiteEnabled(disabledSites, host));
}

export function withSite(disabledSites: readonly string[] | undefined, host: string, enabled: boolean): string[] {
  const key = siteKey(host);
  const rest = (disabledSites ?? []).filter((site) => site !== key);
  return enabled ? rest : [...rest, key];
}
