import { Form, href, redirect } from "react-router";
import { LogoMark } from "~/components/logo";
import { SubmitButton } from "~/components/submit-button";
import { buttonClasses } from "~/components/ui/button";
import { createExtensionCode, listAccessTokens } from "~/lib/access-tokens.server";
import { extensionConnectSchema, MAX_ACTIVE_TOKENS } from "~/lib/access-token-forms";
import { logDatabaseFailure } from "~/lib/database-unavailable.server";
import { getEnv } from "~/lib/env.server";
import { getSupabase, requireUser } from "~/lib/session.server";
import type { Route } from "./+types/connect";

/**
 * Where the browser extension sends a signed-in user to connect it to their account: one click
 * to approve, and the extension receives its own access token without anything copied. The
 * extension opens this page with a PKCE challenge and a state; approving issues a one-time code
 * bound to that challenge and lands on /extension/connected, where the extension picks it up and
 * exchanges it (POST /api/v1/extension/token). See docs/decisions/016.
 */
function parseRequest(request: Request) {
  return extensionConnectSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
}

/**
 * A user who already has the maximum of active tokens is told before approving, not after: the
 * exchange would refuse the code (it checks again, atomically, for a race with the Account page).
 * They land where an approval lands, so the extension, watching this tab, learns why too.
 */
async function atTokenLimit(context: Route.LoaderArgs["context"], userId: string): Promise<boolean> {
  return (await listAccessTokens(getSupabase(context), userId)).length >= MAX_ACTIVE_TOKENS;
}

/** Ends on the page the extension watches for its answer: a code, or why there is none. */
function landOnConnected(answer: Record<string, string>): never {
  throw redirect(`${href("/extension/connected")}?${new URLSearchParams(answer)}`);
}

/**
 * The database failed (down, or past its deadline): the extension and the user are told to try
 * again in a moment (OAuth's `temporarily_unavailable`), rather than left on an error page the
 * extension does not watch.
 */
async function orUnavailable<T>(state: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    logDatabaseFailure(error, "Extension connect failed: ");
    landOnConnected({ error: "temporarily_unavailable", state });
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const parsed = parseRequest(request);
  if (parsed.success && (await orUnavailable(parsed.data.state, () => atTokenLimit(context, user.id)))) {
    landOnConnected({ error: "token_limit", state: parsed.data.state });
  }
  return { email: user.email ?? "", valid: parsed.success };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Approving issues a credential: Auth confirms the session still exists (decision 027).
  const user = await requireUser(request, context, { confirmWithAuth: true });
  const parsed = parseRequest(request);
  if (!parsed.success) landOnConnected({ error: "invalid_request" });
  const { state, code_challenge } = parsed.data;
  const decision = (await request.formData()).get("decision");
  if (decision !== "approve") landOnConnected({ error: "access_denied", state });
  if (await orUnavailable(state, () => atTokenLimit(context, user.id))) landOnConnected({ error: "token_limit", state });
  landOnConnected({ code: await orUnavailable(state, () => createExtensionCode(getEnv(context), user.id, code_challenge)), state });
}

export const meta = () => [{ title: "Connect the extension | Tonewise" }, { name: "robots", content: "noindex" }];

export default function ExtensionConnect({ loaderData: { email, valid } }: Route.ComponentProps) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="flex items-center gap-2">
          <LogoMark />
          <span className="text-lg font-bold text-slate-900">Tonewise</span>
        </div>
        {valid ? (
          <>
            <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Connect the Tonewise extension</h1>
            <p className="mt-2 text-slate-600">
              The extension will use your account, <strong className="font-medium text-slate-900">{email}</strong>, to polish
              messages where you type them. It gets its own token, which you can revoke on your Account page at any time.
            </p>
            <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
              <SubmitButton name="decision" value="approve" className="w-full sm:w-auto">
                Approve
              </SubmitButton>
              <button type="submit" name="decision" value="cancel" className={buttonClasses("secondary", "lg", "w-full sm:w-auto")}>
                Cancel
              </button>
            </Form>
          </>
        ) : (
          <>
            <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">This link is not valid</h1>
            <p className="mt-2 text-slate-600">
              Open Tonewise from your browser's toolbar and choose Connect to start again.
            </p>
          </>
        )}
      </div>
    </main>
  );
}
