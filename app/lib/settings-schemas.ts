import "./zod-config";
import { z } from "zod";
import { MESSAGE_TYPES, TONES } from "~/content/preferences";
import { timeZoneField, timeZoneSchema } from "./follow-ups/follow-up-schemas";

/**
 * The extension's preferences as the Settings page's form sends them, and as `PATCH /api/v1/me`
 * changes them; shared by the browser and the server (reads and writes: settings.server.ts).
 */
export const settingsSchema = z.object({
  notifications: z.boolean().default(false),
  defaultTone: z.enum(TONES, { message: "Choose a tone" }),
  defaultMessageType: z.enum(MESSAGE_TYPES, { message: "Choose a message type" }),
  usageAnalytics: z.boolean().default(false),
  /** Absent: unchanged (a form without the field, or before the browser has said). */
  timeZone: timeZoneField.optional(),
});

/** `PATCH /api/v1/me` (the extension's popup): any of the settings, the others unchanged. */
export const settingsChangeSchema = z.strictObject(
  {
    notifications: z.boolean({ message: "notifications must be true or false." }).optional(),
    defaultTone: z.enum(TONES, { message: `defaultTone must be one of ${TONES.join(", ")}.` }).optional(),
    defaultMessageType: z.enum(MESSAGE_TYPES, { message: `defaultMessageType must be one of ${MESSAGE_TYPES.join(", ")}.` }).optional(),
    usageAnalytics: z.boolean({ message: "usageAnalytics must be true or false." }).optional(),
    timeZone: timeZoneSchema("timeZone must be an IANA time zone name such as Europe/Berlin.").optional(),
  },
  { message: "Only notifications, defaultTone, defaultMessageType, usageAnalytics and timeZone can be changed." },
);

/**
 * `PATCH /api/v1/me`'s `browserTimeZone`: the zone the extension's browser reports, stored only
 * for an account that has none yet (a `settings.timeZone` is stored whatever was there).
 */
export const browserTimeZoneSchema = timeZoneSchema("browserTimeZone must be an IANA time zone name such as Europe/Berlin.");
