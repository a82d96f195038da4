import type { MiddlewareFunction } from "react-router";
import { isApiPath, noSuchEndpoint } from "./responses.server";

/**
 * The API answers JSON only: a request for React Router's data format (`/api/v1/me.data`) reaches
 * no endpoint, so none runs (and no optimization counts) for an answer in another format. After
 * the CSRF check in the root's middleware: a cross-site post is refused as such first.
 */
export const apiJsonOnlyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const { pathname } = new URL(request.url);
  return isApiPath(pathname) && pathname.endsWith(".data") ? noSuchEndpoint() : next();
};
