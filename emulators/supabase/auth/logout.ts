/** POST /logout?scope=global|local|others: ends the caller's sessions (the work is in sessions.ts). */
import type { AuthContext } from "./context.ts";
import { badRequest } from "./errors.ts";
import { authenticate, logout, type LogoutScope } from "./sessions.ts";

export async function signOut(ctx: AuthContext, request: Request): Promise<Response> {
  const { db, settings } = ctx;
  const scope = (new URL(request.url).searchParams.get("scope") ?? "global") as LogoutScope;
  if (!["global", "local", "others"].includes(scope)) {
    throw badRequest("validation_failed", `Unsupported logout scope "${scope}"`);
  }
  await db.transaction(async (tx) => logout(tx, await authenticate(tx, settings, request), scope));
  return new Response(null, { status: 204 });
}
