import { redirect } from "react-router";

/** /app is an old entry point: it always forwards to the dashboard. */
export function loader() {
  return redirect("/dashboard");
}
