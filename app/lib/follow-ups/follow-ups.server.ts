import type { SupabaseClient } from "@supabase/supabase-js";
import type { FollowUp, FollowUpLimit } from "./follow-up-schemas";
import { DatabaseUnavailableError } from "../database-unavailable.server";

export type { FollowUp };

/**
 * Follow-up reminders in the database (`public.follow_ups`). Two kinds of caller:
 *
 * - the dashboard, with the signed-in user's own client: row-level security keeps every read and
 *   write to their rows, and `user_id` fills itself in from the session;
 * - the API for an access token, with the service role: every query names the owner explicitly.
 *
 * The per-user limits live in the database (a trigger), so both paths obey them; a refusal comes
 * back here as `{ limitReached }`, naming the limit (the trigger's error detail).
 */
export type FollowUpStatus = "open" | "done" | "all";

type FollowUpRow = {
  id: string;
  label: string;
  url: string | null;
  due_at: string;
  follow_up_number: number;
  completed_at: string | null;
  created_at: string;
};

const COLUMNS = "id, label, url, due_at, follow_up_number, completed_at, created_at";
const LIMIT_REACHED = "follow_ups_limit_reached";

/** The follow-ups table could not be read or written (a database failure: the API answers 503). */
export class FollowUpStoreError extends DatabaseUnavailableError {
  override name = "FollowUpStoreError";
}

function fromRow(row: FollowUpRow): FollowUp {
  return {
    id: row.id,
    label: row.label,
    url: row.url,
    dueAt: new Date(row.due_at).toISOString(),
    followUpNumber: row.follow_up_number,
    done: row.completed_at !== null,
    completedAt: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function failed(operation: string, error: { code?: string; message: string }): never {
  // The code only: a database message may quote a value (a label) back.
  throw new FollowUpStoreError(`follow_ups ${operation}`, error.code);
}

/** The limit a refusal names, or null when the error is not the limit trigger's. */
function limitOf(error: { message: string; details?: string | null }): { limitReached: FollowUpLimit } | null {
  if (!error.message.includes(LIMIT_REACHED)) return null;
  return { limitReached: error.details === "total" ? "total" : "open" };
}

export type NewFollowUp = {
  label: string;
  url: string | null;
  dueAt: Date;
  followUpNumber?: number;
  /** The client's one-time id for this create (an `Idempotency-Key`, a form's hidden field). */
  requestId?: string;
};

/**
 * The key a create is stored with: SHA-256 of the client's one-time id and the reminder's values,
 * so the same reminder sent again finds the first, and another one sent with the same id does not.
 */
async function reminderRequestKey(requestId: string, input: NewFollowUp): Promise<string> {
  const values = JSON.stringify([requestId, input.label, input.url, input.dueAt.toISOString(), input.followUpNumber ?? 1]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(values));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export type FollowUpChange = {
  label?: string;
  url?: string | null;
  dueAt?: Date;
  done?: boolean;
  followUpNumber?: number;
};

function changeToRow(change: FollowUpChange, now: Date) {
  return {
    ...(change.label !== undefined ? { label: change.label } : {}),
    ...(change.url !== undefined ? { url: change.url } : {}),
    ...(change.dueAt !== undefined ? { due_at: change.dueAt.toISOString() } : {}),
    ...(change.followUpNumber !== undefined ? { follow_up_number: change.followUpNumber } : {}),
    ...(change.done !== undefined ? { completed_at: change.done ? now.toISOString() : null } : {}),
  };
}

/**
 * One user's reminders. `via: "session"` for the user's own client (RLS), `"service"` for the
 * service role acting for a user the server has authenticated.
 */
export function followUpsOf(supabase: SupabaseClient, userId: string, via: "session" | "service") {
  const table = () => supabase.from("follow_ups");

  /** The reminder a create with this request key made, if any. */
  async function madeWith(requestKey: string): Promise<FollowUp | null> {
    const { data, error } = await table().select(COLUMNS).eq("user_id", userId).eq("request_key", requestKey).maybeSingle();
    if (error) failed("get", error);
    return data ? fromRow(data as FollowUpRow) : null;
  }

  return {
    async list(status: FollowUpStatus, limit: number): Promise<FollowUp[]> {
      let query = table().select(COLUMNS).eq("user_id", userId);
      if (status === "open") query = query.is("completed_at", null).order("due_at", { ascending: true });
      else if (status === "done") query = query.not("completed_at", "is", null).order("completed_at", { ascending: false });
      else query = query.order("due_at", { ascending: true });
      const { data, error } = await query.order("id").limit(limit);
      if (error) failed("list", error);
      return (data as FollowUpRow[]).map(fromRow);
    },

    async countDue(now = new Date()): Promise<number> {
      const { count, error } = await table()
        .select("id", { count: "exact", head: true })
        .eq("user_id", userId)
        .is("completed_at", null)
        .lte("due_at", now.toISOString());
      if (error) failed("count", error);
      return count ?? 0;
    },

    async get(id: string): Promise<FollowUp | null> {
      const { data, error } = await table().select(COLUMNS).eq("user_id", userId).eq("id", id).maybeSingle();
      if (error) failed("get", error);
      return data ? fromRow(data as FollowUpRow) : null;
    },

    /**
     * A new reminder. With `requestId` (the client's one-time id for this form or request), the
     * same reminder sent again (its answer lost) is the one made the first time, never a second:
     * the row keeps a key of the id and the reminder's values, unique per user. A changed reminder
     * sent with the same id is a new one.
     */
    async create(input: NewFollowUp): Promise<FollowUp | { limitReached: FollowUpLimit }> {
      const requestKey = input.requestId === undefined ? null : await reminderRequestKey(input.requestId, input);
      const row = {
        ...(via === "service" ? { user_id: userId } : {}),
        label: input.label,
        url: input.url,
        due_at: input.dueAt.toISOString(),
        follow_up_number: input.followUpNumber ?? 1,
        ...(requestKey === null ? {} : { request_key: requestKey }),
      };
      if (requestKey === null) {
        const { data, error } = await table().insert(row).select(COLUMNS).single();
        if (error) return limitOf(error) ?? failed("create", error);
        return fromRow(data as FollowUpRow);
      }
      const { data, error } = await table().upsert(row, { onConflict: "user_id,request_key", ignoreDuplicates: true }).select(COLUMNS);
      if (error) {
        const limit = limitOf(error) ?? failed("create", error);
        // The limit trigger runs before the key is compared: the first send may be what filled it.
        return (await madeWith(requestKey)) ?? limit;
      }
      const made = (data as FollowUpRow[])[0];
      if (made) return fromRow(made);
      // Nothing inserted: this reminder was made with this key before. (Deleted since, a moment
      // ago, it is a failure the client may retry, which then makes it anew.)
      return (await madeWith(requestKey)) ?? failed("create", { message: "made with this key and gone", code: "request_key_gone" });
    },

    /** The changed reminder, null if the user has none with this id. */
    async update(id: string, change: FollowUpChange, now = new Date()): Promise<FollowUp | null | { limitReached: FollowUpLimit }> {
      const row = changeToRow(change, now);
      if (Object.keys(row).length === 0) return this.get(id);
      const { data, error } = await table().update(row).eq("user_id", userId).eq("id", id).select(COLUMNS).maybeSingle();
      if (error) return limitOf(error) ?? failed("update", error);
      return data ? fromRow(data as FollowUpRow) : null;
    },

    /** Whether the user had a reminder with this id (it is gone now). */
    async remove(id: string): Promise<boolean> {
      const { data, error } = await table().delete().eq("user_id", userId).eq("id", id).select("id");
      if (error) failed("delete", error);
      return (data ?? []).length > 0;
    },
  };
}

export type FollowUpStore = ReturnType<typeof followUpsOf>;
