/**
 * The one workerd runtime type the generated `Env` (worker-configuration.d.ts) names. The full
 * runtime types (`wrangler types` without --include-runtime=false) redeclare the DOM's fetch,
 * Request and Response, which the app's shared tsconfig already has from its DOM lib.
 */
interface Fetcher {
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
}
