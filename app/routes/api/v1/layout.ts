import { corsMiddleware } from "~/lib/api/cors.server";
import type { Route } from "./+types/layout";

/** Every `/api/v1/*` endpoint: CORS for the configured extension origins, preflights answered here. */
export const middleware: Route.MiddlewareFunction[] = [corsMiddleware];
