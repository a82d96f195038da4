/**
 * The local GoTrue (Supabase Auth), under /auth/v1: the endpoints @supabase/supabase-js calls for
 * email + password accounts with email confirmation on (supabase/config.toml). One module per
 * endpoint; each handler gets the shared state as an AuthContext (context.ts).
 *
 *   signup.ts    POST /signup                         unconfirmed user, confirmation email
 *   verify.ts    POST /verify  { type, token_hash }   confirm or recover by token hash → session
 *                GET  /verify?token=…&type=…          the classic email link → redirect (implicit or PKCE)
 *   token.ts     POST /token?grant_type=password|refresh_token|pkce
 *   user.ts      GET  /user, PUT /user                the signed-in user; password and metadata changes
 *   logout.ts    POST /logout?scope=global|local|others
 *   recover.ts   POST /recover                        reset email (same answer whether the email exists)
 *   settings.ts  GET  /settings, /health, /.well-known/jwks.json
 */
import type { AuthContext } from "./context.ts";
import { AuthError, authErrorResponse, unexpectedFailure } from "./errors.ts";
import { signOut } from "./logout.ts";
import { recover } from "./recover.ts";
import { getHealth, getJwks, getSettings } from "./settings.ts";
import { signup } from "./signup.ts";
import { tokenGrant } from "./token.ts";
import { getUser, updateUser } from "./user.ts";
import { verifyGet, verifyPost } from "./verify.ts";

export type AuthServiceOptions = AuthContext;

export function createAuthService(options: AuthServiceOptions) {
  const { db, clock, mailbox, siteUrl, settings } = options;
  // The caller's settings object itself: the gateway changes its token lifetime in place.
  const ctx: AuthContext = { db, clock, mailbox, siteUrl, settings };

  async function route(request: Request, path: string): Promise<Response> {
    const method = request.method.toUpperCase();
    switch (`${method} ${path}`) {
      case "POST /signup":
        return signup(ctx, request);
      case "POST /verify":
        return verifyPost(ctx, request);
      case "GET /verify":
        return verifyGet(ctx, request);
      case "POST /token":
        return tokenGrant(ctx, request);
      case "GET /user":
        return getUser(ctx, request);
      case "PUT /user":
        return updateUser(ctx, request);
      case "POST /logout":
        return signOut(ctx, request);
      case "POST /recover":
        return recover(ctx, request);
      case "GET /settings":
        return getSettings();
      case "GET /health":
        return getHealth();
      case "GET /.well-known/jwks.json":
        return getJwks(ctx);
      default:
        throw new AuthError(404, "not_found", "Not found");
    }
  }

  return {
    /** `path` is the part after /auth/v1, starting with "/". */
    async handle(request: Request, path: string): Promise<Response> {
      try {
        return await route(request, path);
      } catch (error) {
        if (error instanceof AuthError) return authErrorResponse(request, error);
        console.error("[local supabase] auth request failed:", error);
        return authErrorResponse(request, unexpectedFailure());
      }
    },
  };
}
