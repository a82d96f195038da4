/** POST /signup: an unconfirmed user and a confirmation email (confirmations are on). */
import { type AuthContext, type Body, readBody, stringField, validateEmail } from "./context.ts";
import { pkceParams, sendEmailLink } from "./email-links.ts";
import { allowedRedirect } from "./emails.ts";
import { badRequest } from "./errors.ts";
import { checkPasswordStrength, hashPassword } from "./passwords.ts";
import { findUserByEmail, findUserById, loadIdentities, userJson } from "./users.ts";

const INSTANCE_ID = "00000000-0000-0000-0000-000000000000";

export async function signup(ctx: AuthContext, request: Request): Promise<Response> {
  const { db, clock, siteUrl } = ctx;
  const body = await readBody(request);
  const password = stringField(body, "password");
  if (password === "") throw badRequest("validation_failed", "Signup requires a valid password");
  checkPasswordStrength(password);
  const pkce = pkceParams(body);
  if (stringField(body, "phone")) throw badRequest("phone_provider_disabled", "Phone signups are disabled");
  const email = validateEmail(stringField(body, "email"));
  const data = body.data && typeof body.data === "object" && !Array.isArray(body.data) ? (body.data as Body) : {};
  const redirectTo = allowedRedirect(new URL(request.url).searchParams.get("redirect_to"), siteUrl);
  const passwordHash = await hashPassword(password);

  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.email_confirmed_at) {
      // With confirmations on, GoTrue answers a repeated sign-up with an obfuscated user (new
      // random id, no identities, no session) and sends nothing, so existence never leaks.
      const now = new Date(clock.now()).toISOString();
      return Response.json({
        id: crypto.randomUUID(),
        aud: "authenticated",
        role: "",
        email,
        phone: "",
        confirmation_sent_at: now,
        app_metadata: { provider: "email", providers: ["email"] },
        user_metadata: data,
        identities: [],
        created_at: now,
        updated_at: now,
        is_anonymous: false,
      });
    }

    let user = existing;
    if (!user) {
      // Not yet confirmed users keep their first password ("we can't be sure of their claimed
      // identity"); a new one is created here.
      const id = crypto.randomUUID();
      const userMetadata = { ...data, sub: id, email, email_verified: false, phone_verified: false };
      await tx.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
           raw_user_meta_data, created_at, updated_at, is_anonymous)
         values ($1, $2, 'authenticated', 'authenticated', $3, $4, $5, $6, now(), now(), false)`,
        [INSTANCE_ID, id, email, passwordHash, { provider: "email", providers: ["email"] }, userMetadata],
      );
      await tx.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
         values ($1::text, $1::uuid, $2, 'email', now(), now())`,
        [id, { ...data, sub: id, email, email_verified: false, phone_verified: false }],
      );
      user = (await findUserById(tx, id))!;
    }
    await sendEmailLink(ctx, tx, user, "confirmation", redirectTo, pkce);
    const fresh = (await findUserById(tx, user.id))!;
    return Response.json(userJson(fresh, await loadIdentities(tx, fresh.id)));
  });
}
