import type { SupabaseClient } from "@supabase/supabase-js";
import { serviceErrorCode } from "./error-log.server";

/**
 * The user's profile: what the Account page edits. Reads come with the account's summary
 * (account.server.ts: one round trip for the layout); the one write is the full name.
 */

/** Saves the full name as the user (row-level security); false when nothing was saved. */
export async function saveFullName(supabase: SupabaseClient, userId: string, fullName: string): Promise<boolean> {
  const { data, error } = await supabase.from("profiles").update({ full_name: fullName }).eq("id", userId).select("full_name");
  if (error) console.error(`Profile save failed: ${serviceErrorCode(error)}`);
  return !error && !!data && data.length > 0;
}
