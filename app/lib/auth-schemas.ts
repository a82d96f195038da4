import "./zod-config";
import { z } from "zod";
import { isPlainLine } from "./plain-text";
import { MESSAGE_TYPES, TONES } from "~/content/preferences";
import { timeZoneField } from "./follow-ups/follow-up-schemas";
import { isValidTimeZone } from "./follow-ups/schedule";

/** The account forms' rules and their messages, word for word, shared by the browser and the server. */
export const AUTH_MESSAGES = {
  email: "Invalid email address",
  passwordLength: "Password must be at least 8 characters",
  passwordLower: "Password must contain at least one lowercase letter",
  passwordUpper: "Password must contain at least one uppercase letter",
  passwordNumber: "Password must contain at least one number",
  fullName: "Full name must be at least 2 characters",
  passwordsMatch: "Passwords do not match",
} as const;

export const emailField = z
  .string({ message: AUTH_MESSAGES.email })
  .trim()
  .max(254, { message: AUTH_MESSAGES.email })
  .pipe(z.email({ message: AUTH_MESSAGES.email }));

export const passwordField = z
  .string({ message: AUTH_MESSAGES.passwordLength })
  .min(8, { message: AUTH_MESSAGES.passwordLength })
  .max(72, { message: "Password must be at most 72 characters" })
  .regex(/[a-z]/, { message: AUTH_MESSAGES.passwordLower })
  .regex(/[A-Z]/, { message: AUTH_MESSAGES.passwordUpper })
  .regex(/[0-9]/, { message: AUTH_MESSAGES.passwordNumber });

/** Optional in validation (at least 2 characters when given); the sign-up form's input is required. */
export const fullNameField = z
  .string()
  .trim()
  .min(2, { message: AUTH_MESSAGES.fullName })
  .max(100, { message: "Full name must be at most 100 characters" })
  .refine(isPlainLine, { message: "Full name can use letters, spaces and punctuation only" });

export const signInSchema = z.object({
  email: emailField,
  password: passwordField,
  redirectTo: z.string().optional(),
});

export const signUpSchema = z.object({
  fullName: fullNameField.optional(),
  email: emailField,
  password: passwordField,
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string({ message: AUTH_MESSAGES.passwordsMatch }) })
  .refine((value) => value.password === value.confirmPassword, {
    message: AUTH_MESSAGES.passwordsMatch,
    path: ["confirmPassword"],
  });

export const profileSchema = z.object({
  fullName: z
    .string({ message: "Please enter your full name" })
    .trim()
    .min(1, { message: "Please enter your full name" })
    .max(100, { message: "Full name must be at most 100 characters" })
    .refine(isPlainLine, { message: "Full name can use letters, spaces and punctuation only" }),
});

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
    timeZone: z
      .string({ message: "timeZone must be an IANA time zone name such as Europe/Berlin." })
      .refine(isValidTimeZone, { message: "timeZone must be an IANA time zone name such as Europe/Berlin." })
      .optional(),
  },
  { message: "Only notifications, defaultTone, defaultMessageType, usageAnalytics and timeZone can be changed." },
);
