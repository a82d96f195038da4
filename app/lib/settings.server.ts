import type { SupabaseClient } from "@supabase/supabase-js";
import { DEFAULT_SETTINGS, MESSAGE_TYPES, TONES } from "~/content/preferences";
import type { settingsSchema } from "./settings-schemas";
import type { z } from "zod";
import { timeZonePlace } from "./follow-ups/format";
import { canonicalTimeZone, isValidTimeZone } from "./follow-ups/schedule";
import { DatabaseUnavailableError } from "./database-unavailable.server";
import { serviceErrorCode } from "./error-log.server";

/** What a save writes: `timeZone` only when given. */
export type ExtensionSettings = z.infer<typeof settingsSchema>;
/** What is stored: `timeZone` is null until the browser or the user sets it. */
export type StoredSettings = Omit<ExtensionSettings, "timeZone"> & { timeZone: string | null };

export type SettingsRow = {
  notifications: boolean;
  default_tone: string;
  default_message_type: string;
  usage_analytics: boolean;
  time_zone: string | null;
};

/** A stored row as the app uses it: an unknown tone or type is the default, a bad time zone none. */
export function settingsFromRow(row: SettingsRow): StoredSettings {
  return {
    notifications: row.notifications,
    defaultTone: (TONES as readonly string[]).includes(row.default_tone)
      ? (row.default_tone as ExtensionSettings["defaultTone"])
      : DEFAULT_SETTINGS.defaultTone,
    defaultMessageType: (MESSAGE_TYPES as readonly string[]).includes(row.default_message_type)
      ? (row.default_message_type as ExtensionSettings["defaultMessageType"])
      : DEFAULT_SETTINGS.defaultMessageType,
    usageAnalytics: row.usage_analytics,
    timeZone: isValidTimeZone(row.time_zone) ? row.time_zone : null,
  };
}

/**
 * The user's extension preferences; the defaults (DEFAULT_SETTINGS) when they have no row. A
 * failed read throws DatabaseUnavailableError: what is read here decides a reminder's time, and
 * the defaults' "no time zone" would quietly put it in UTC.
 */
export async function loadSettings(supabase: SupabaseClient, userId: string): Promise<StoredSettings> {
  const { data, error } = await supabase
    .from("user_settings")
    .select("notifications, default_tone, default_message_type, usage_analytics, time_zone")
    .eq("user_id", userId)
    .maybeSingle();
  if (error) throw new DatabaseUnavailableError("user_settings read", serviceErrorCode(error));
  return data ? settingsFromRow(data as SettingsRow) : { ...DEFAULT_SETTINGS, timeZone: null };
}

/**
 * Writes the settings given and only those: two changes saved at the same time (the popup's tone,
 * then its message type; the extension's time zone beside a dashboard save) never undo each other.
 * Answers null when saved, else why not, for the log: the database's error code (never its
 * message, which may quote a value) or "no settings row".
 */
export async function saveSettings(
  supabase: SupabaseClient,
  userId: string,
  settings: Partial<Omit<ExtensionSettings, "timeZone">> & { timeZone?: string | null },
): Promise<string | null> {
  const columns = {
    ...(settings.notifications !== undefined ? { notifications: settings.notifications } : {}),
    ...(settings.defaultTone !== undefined ? { default_tone: settings.defaultTone } : {}),
    ...(settings.defaultMessageType !== undefined ? { default_message_type: settings.defaultMessageType } : {}),
    ...(settings.usageAnalytics !== undefined ? { usage_analytics: settings.usageAnalytics } : {}),
    ...(settings.timeZone ? { time_zone: settings.timeZone } : {}),
  };
  const query = supabase.from("user_settings");
  // Nothing to change: still say whether the row is there.
  const { data, error } =
    Object.keys(columns).length > 0
      ? await query.update(columns).eq("user_id", userId).select("user_id")
      : await query.select("user_id").eq("user_id", userId);
  if (error) return error.code || "database error";
  if (!data || data.length === 0) return "no settings row";
  return null;
}

/**
 * Stores the time zone the browser reported for a user who has none yet. A zone the user chose
 * (in Settings), or one stored meanwhile by another browser, is never overwritten this way: the
 * condition is part of the update. Answers null when done or not needed (an invalid zone is
 * ignored), else the database's error code, for the log.
 */
export async function adoptBrowserTimeZone(supabase: SupabaseClient, userId: string, timeZone: string): Promise<string | null> {
  const known = knownTimeZone(timeZone);
  if (!known) return null;
  const { error } = await supabase.from("user_settings").update({ time_zone: known }).eq("user_id", userId).is("time_zone", null);
  return error ? error.code || "database error" : null;
}

/** A zone the browser reported, as the runtime spells it, when it names one the app knows; else undefined. */
export function knownTimeZone(timeZone: unknown): string | undefined {
  return isValidTimeZone(timeZone) ? canonicalTimeZone(timeZone) : undefined;
}

export type TimeZoneGroup = { region: string; zones: { id: string; label: string }[] };

let timeZoneGroups: TimeZoneGroup[] | undefined;

/** Every time zone this runtime knows, grouped by region for the Settings list ("Europe" → "Berlin"). */
export function timeZoneOptions(): TimeZoneGroup[] {
  if (timeZoneGroups) return timeZoneGroups;
  const groups = new Map<string, TimeZoneGroup["zones"]>([["UTC", [{ id: "UTC", label: "UTC" }]]]);
  for (const id of Intl.supportedValuesOf("timeZone")) {
    const [region, ...place] = id.split("/");
    if (!region || place.length === 0) continue;
    const zones = groups.get(region) ?? [];
    zones.push({ id, label: timeZonePlace(id) });
    groups.set(region, zones);
  }
  timeZoneGroups = [...groups].map(([region, zones]) => ({ region, zones }));
  return timeZoneGroups;
}
