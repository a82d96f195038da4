import type { SupabaseClient } from "@supabase/supabase-js";
import { DEFAULT_SETTINGS, MESSAGE_TYPES, TONES } from "~/content/preferences";
import type { settingsSchema } from "./auth-schemas";
import type { z } from "zod";

export type ExtensionSettings = z.infer<typeof settingsSchema>;

type SettingsRow = {
  notifications: boolean;
  default_tone: string;
  default_message_type: string;
  usage_analytics: boolean;
};

function fromRow(row: SettingsRow): ExtensionSettings {
  return {
    notifications: row.notifications,
    defaultTone: (TONES as readonly string[]).includes(row.default_tone)
      ? (row.default_tone as ExtensionSettings["defaultTone"])
      : DEFAULT_SETTINGS.defaultTone,
    defaultMessageType: (MESSAGE_TYPES as readonly string[]).includes(row.default_message_type)
      ? (row.default_message_type as ExtensionSettings["defaultMessageType"])
      : DEFAULT_SETTINGS.defaultMessageType,
    usageAnalytics: row.usage_analytics,
  };
}

/** The user's extension preferences; the spec's defaults when they cannot be read. */
export async function loadSettings(supabase: SupabaseClient, userId: string): Promise<ExtensionSettings> {
  const { data, error } = await supabase
    .from("user_settings")
    .select("notifications, default_tone, default_message_type, usage_analytics")
    .eq("user_id", userId)
    .maybeSingle();
  if (error) console.error(`Settings load failed: ${error.message}`);
  return data ? fromRow(data as SettingsRow) : { ...DEFAULT_SETTINGS };
}

export async function saveSettings(supabase: SupabaseClient, userId: string, settings: ExtensionSettings): Promise<string | null> {
  const { data, error } = await supabase
    .from("user_settings")
    .update({
      notifications: settings.notifications,
      default_tone: settings.defaultTone,
      default_message_type: settings.defaultMessageType,
      usage_analytics: settings.usageAnalytics,
    })
    .eq("user_id", userId)
    .select("user_id");
  if (error) return error.message;
  if (!data || data.length === 0) return "Your settings could not be found.";
  return null;
}
