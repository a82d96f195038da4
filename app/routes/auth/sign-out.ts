import { href, redirect } from "react-router";
import { getSupabase } from "~/lib/session.server";
import { flashToast } from "~/lib/toast.server";
import type { Route } from "./+types/sign-out";

/** Sign Out is a POST form; a plain visit just goes home. */
export function loader() {
  return redirect(href("/"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { error } = await getSupabase(context).auth.signOut();
  if (error) {
    console.error(`Sign-out failed: ${error.message}`);
    flashToast(context, { variant: "destructive", title: "Failed to sign out" });
    const back = new URL(request.headers.get("Referer") ?? href("/dashboard"), request.url);
    throw redirect(back.origin === new URL(request.url).origin ? back.pathname : href("/dashboard"));
  }
  flashToast(context, { variant: "success", title: "Signed out", description: "You have been signed out successfully" });
  throw redirect(href("/"));
}
