import "./zod-config";
import { z } from "zod";
import { isPlainLine } from "./plain-text";
import { FULL_NAME_MAX, FULL_NAME_MESSAGES } from "./full-name";

/** The sign-in, sign-up and password forms' rules and their messages, word for word, shared by the browser and the server. */
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

/** A full name as the sign-up form takes it: at least 2 characters, one plain line (decision 041). */
export const fullNameField = z
  .string()
  .trim()
  .min(2, { message: AUTH_MESSAGES.fullName })
  .max(FULL_NAME_MAX, { message: FULL_NAME_MESSAGES.tooLong })
  .refine(isPlainLine, { message: FULL_NAME_MESSAGES.notPlain });

/**
 * The browser's time zone, which the form's script adds as it is sent (decision 059): never typed,
 * never a reason to refuse the form. Anything but a short string is dropped here; the server
 * keeps only a zone it knows.
 */
export const browserTimeZoneField = z.string().max(64).optional().catch(undefined);

export const signInSchema = z.object({
  email: emailField,
  password: passwordField,
  redirectTo: z.string().optional(),
  timeZone: browserTimeZoneField,
});

export const signUpSchema = z.object({
  // Required on the sign-up form (the spec: "a required full name input"), with or without
  // JavaScript: an empty name is refused with the same message as a one-letter one (decision 041).
  fullName: z.string({ message: AUTH_MESSAGES.fullName }).pipe(fullNameField),
  email: emailField,
  password: passwordField,
  timeZone: browserTimeZoneField,
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string({ message: AUTH_MESSAGES.passwordsMatch }) })
  .refine((value) => value.password === value.confirmPassword, {
    message: AUTH_MESSAGES.passwordsMatch,
    path: ["confirmPassword"],
  });
