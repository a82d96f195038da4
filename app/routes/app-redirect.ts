import { href, redirect } from "react-router";

/** /app is an old entry point: it always forwards to the dashboard. */
export function loader() {
  return redirect(href("/dashboard"));
}
