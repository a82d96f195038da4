/** GET /user and PUT /user: the signed-in user; password and metadata changes (rows: users.ts). */
import { type AuthContext, type Body, readBody, stringField } from "./context.ts";
import { badRequest, unprocessable } from "./errors.ts";
import { checkPasswordStrength, hashPassword, verifyPassword } from "./passwords.ts";
import { authenticate } from "./sessions.ts";
import { findUserById, loadIdentities, userJson } from "./users.ts";

export async function getUser(ctx: AuthContext, request: Request): Promise<Response> {
  const { db, settings } = ctx;
  const user = await db.transaction(async (tx) => {
    const who = await authenticate(tx, settings, request);
    return userJson(who.user, await loadIdentities(tx, who.user.id));
  });
  return Response.json(user);
}

export async function updateUser(ctx: AuthContext, request: Request): Promise<Response> {
  const { db, settings } = ctx;
  const body = await readBody(request);
  const user = await db.transaction(async (tx) => {
    const who = await authenticate(tx, settings, request);
    const email = stringField(body, "email").trim().toLowerCase();
    if ((email && email !== who.user.email) || stringField(body, "phone")) {
      throw unprocessable("validation_failed", "The local Supabase does not support changing the email or phone");
    }
    if (typeof body.password === "string") {
      checkPasswordStrength(body.password);
      if (await verifyPassword(body.password, who.user.encrypted_password)) {
        throw unprocessable("same_password", "New password should be different from the old password.");
      }
      await tx.query(`update auth.users set encrypted_password = $1, updated_at = now() where id = $2`, [
        await hashPassword(body.password),
        who.user.id,
      ]);
      // GoTrue ends the user's other sessions when the password changes.
      if (who.sessionId) {
        await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [who.user.id, who.sessionId]);
      }
    }
    if (body.data !== undefined && body.data !== null) {
      if (typeof body.data !== "object" || Array.isArray(body.data)) {
        throw badRequest("bad_json", "Could not parse request body as JSON: data must be an object");
      }
      // Merged into the metadata; a key set to null is removed.
      const entries = Object.entries(body.data as Body);
      const { rows } = await tx.query<{ meta: Body }>(`select coalesce(raw_user_meta_data, '{}'::jsonb) as meta from auth.users where id = $1`, [
        who.user.id,
      ]);
      const metadata: Body = { ...(rows[0]?.meta ?? {}) };
      for (const [key, value] of entries) {
        if (value === null) delete metadata[key];
        else metadata[key] = value;
      }
      await tx.query(`update auth.users set raw_user_meta_data = $1, updated_at = now() where id = $2`, [metadata, who.user.id]);
    }
    const fresh = (await findUserById(tx, who.user.id))!;
    return userJson(fresh, await loadIdentities(tx, fresh.id));
  });
  return Response.json(user);
}
