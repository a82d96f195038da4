import { apiError } from "~/lib/api/responses.server";

/** Any other `/api/v1/*` path: a JSON 404, not the site's HTML page. */
function notFound() {
  return apiError(404, "not_found", "There is no such API endpoint.");
}

export const loader = notFound;
export const action = notFound;
