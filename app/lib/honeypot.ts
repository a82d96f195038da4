/** The name of the hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = "company_website";

export function isHoneypotTripped(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
