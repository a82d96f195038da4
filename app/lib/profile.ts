import "./zod-config";
import { z } from "zod";
import { FULL_NAME_MAX, FULL_NAME_MESSAGES } from "./full-name";
import { isPlainLine } from "./plain-text";

/** The Account page's profile form (the user's full name), shared by the browser and the server. */
export const profileSchema = z.object({
  fullName: z
    .string({ message: "Please enter your full name" })
    .trim()
    .min(1, { message: "Please enter your full name" })
    .max(FULL_NAME_MAX, { message: FULL_NAME_MESSAGES.tooLong })
    .refine(isPlainLine, { message: FULL_NAME_MESSAGES.notPlain }),
});
