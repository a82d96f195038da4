import "./zod-config";
import { z } from "zod";
import { isPlainLine } from "./plain-text";

/** The Account page's profile form (the user's full name), shared by the browser and the server. */
export const profileSchema = z.object({
  fullName: z
    .string({ message: "Please enter your full name" })
    .trim()
    .min(1, { message: "Please enter your full name" })
    .max(100, { message: "Full name must be at most 100 characters" })
    .refine(isPlainLine, { message: "Full name must be a single line of text, without control characters" }),
});
