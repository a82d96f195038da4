import "./zod-config";
import { z } from "zod";

export const newsletterSchema = z.object({
  email: z
    .string({ message: "Please enter your email address" })
    .trim()
    .min(1, { message: "Please enter your email address" })
    .max(254, { message: "Invalid email address" })
    .pipe(z.email({ message: "Invalid email address" })),
});

export type NewsletterState =
  | { status: "idle" }
  | { status: "subscribed"; message: string }
  | { status: "invalid"; email: string; message: string }
  | { status: "failed"; email: string; message: string };

export const NEWSLETTER_SUCCESS = "Thanks for subscribing! Look out for our next article in your inbox.";
export const NEWSLETTER_FAILURE = "We couldn't subscribe you just now. Please try again in a moment.";
