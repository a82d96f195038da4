import { createContext, type MiddlewareFunction } from "react-router";

/** The per-request nonce that every inline script React Router emits carries. */
export const cspNonceContext = createContext<string>("");

function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Origins a form may end up on after our own redirects: Stripe's hosted Checkout and Customer
 * Portal (or the local Stripe stand-in). Browsers apply `form-action` to redirects too.
 */
export function contentSecurityPolicy(nonce: string, formTargets: readonly string[] = []): string {
  return [
    "default-src 'self'",
    // Our own bundles load from 'self'; inline scripts React Router emits carry the nonce.
    `script-src 'self' 'nonce-${nonce}'`,
    // React's style={...} attributes need inline styles, and every document carries the
    // stylesheet in a <style> element (app/lib/critical-css.server.ts).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `form-action 'self' ${formTargets.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "upgrade-insecure-requests",
  ].join("; ");
}

export const staticSecurityHeaders: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
};

export function applySecurityHeaders(
  headers: Headers,
  options: { nonce: string; formTargets: readonly string[]; https: boolean },
): void {
  for (const [name, value] of Object.entries(staticSecurityHeaders)) headers.set(name, value);
  let csp = contentSecurityPolicy(options.nonce, options.formTargets);
  if (!options.https) csp = csp.replace("; upgrade-insecure-requests", "");
  headers.set("Content-Security-Policy", csp);
  if (options.https) {
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
}

/** Root middleware: a fresh nonce in the context, the headers on every response it produces. */
export function securityHeadersMiddleware(
  formTargets: (context: Parameters<MiddlewareFunction<Response>>[0]["context"]) => readonly string[],
  /** Whether the site is served over HTTPS: from APP_URL, never from what a client or proxy claims. */
  isHttps: (context: Parameters<MiddlewareFunction<Response>>[0]["context"]) => boolean,
): MiddlewareFunction<Response> {
  return async ({ context }, next) => {
    const nonce = createNonce();
    context.set(cspNonceContext, nonce);
    const response = await next();
    try {
      applySecurityHeaders(response.headers, {
        nonce,
        formTargets: formTargets(context),
        https: isHttps(context),
      });
      // A 304 keeps the policy the browser stored with the page: the stored page's scripts carry
      // that policy's nonce, and a 304's headers replace the stored ones (app/lib/page-cache.server.ts).
      if (response.status === 304) response.headers.delete("Content-Security-Policy");
    } catch {
      // A response with immutable headers (a proxied fetch) keeps its own.
    }
    return response;
  };
}
