/** The longest full name the sign-up form and the Account page take. */
export const FULL_NAME_MAX = 100;

/** What a full name may not be, in the same words on the sign-up form and the Account page. */
export const FULL_NAME_MESSAGES = {
  tooLong: `Full name must be at most ${FULL_NAME_MAX} characters`,
  notPlain: "Full name must be a single line of text, without control characters",
} as const;
