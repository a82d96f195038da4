/** POST /recover: a password reset email, and the same answer whether the email exists or not. */
import { type AuthContext, readBody, stringField, validateEmail } from "./context.ts";
import { pkceParams, sendEmailLink } from "./email-links.ts";
import { allowedRedirect } from "./emails.ts";
import { findUserByEmail } from "./users.ts";

export async function recover(ctx: AuthContext, request: Request): Promise<Response> {
  const { db, siteUrl } = ctx;
  const body = await readBody(request);
  const email = validateEmail(stringField(body, "email"));
  const pkce = pkceParams(body);
  const redirectTo = allowedRedirect(new URL(request.url).searchParams.get("redirect_to"), siteUrl);
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await sendEmailLink(ctx, tx, user, "recovery", redirectTo, pkce);
  });
  return Response.json({});
}
