import { noSuchEndpoint } from "~/lib/api/responses.server";

/** Any other `/api/v1/*` path (and `/api/v1` itself): a JSON 404, not the site's HTML page. */
export const loader = noSuchEndpoint;
export const action = noSuchEndpoint;
