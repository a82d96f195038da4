import { href, redirect } from "react-router";
import { getSupabase, safeRedirectPath } from "~/lib/session.server";
import { flashToast } from "~/lib/toast.server";
import type { Route } from "./+types/sign-out";
import { serviceErrorCode } from "~/lib/error-log.server";

/** Sign Out is a POST form; a plain visit just goes home. */
export function loader() {
  return redirect(href("/"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { error } = await getSupabase(context).auth.signOut();
  if (error) {
    console.error(`Sign-out failed: ${serviceErrorCode(error)}`);
    flashToast(context, { variant: "destructive", title: "Failed to sign out" });
    throw redirect(safeRedirectPath(samePagePath(request)));
  }
  flashToast(context, { variant: "success", title: "Signed out", description: "You have been signed out successfully" });
  throw redirect(href("/"));
}

/** The page the form was posted from, when it is ours (a path such as `//host/` is refused by safeRedirectPath). */
function samePagePath(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const back = new URL(referer);
    return back.origin === new URL(request.url).origin ? back.pathname : null;
  } catch {
    return null;
  }
}
