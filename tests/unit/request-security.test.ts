import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "~/lib/csrf.server";
import { applySecurityHeaders } from "~/lib/security-headers.server";

const trusted = ["https://tonewise.app"];
const post = (headers: Record<string, string>) =>
  new Request("https://tonewise.app/blog", { method: "POST", headers });

describe("cross-site request check", () => {
  it("lets same-origin posts and reads through", () => {
    expect(isCrossSiteRequest(post({ Origin: "https://tonewise.app", "Sec-Fetch-Site": "same-origin" }), trusted)).toBe(false);
    expect(isCrossSiteRequest(new Request("https://tonewise.app/", { headers: { "Sec-Fetch-Site": "cross-site" } }), trusted)).toBe(false);
  });

  it("refuses posts from another site", () => {
    expect(isCrossSiteRequest(post({ Origin: "https://evil.example" }), trusted)).toBe(true);
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "cross-site" }), trusted)).toBe(true);
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "same-site", Origin: "https://app.tonewise.app" }), trusted)).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "null" }), trusted)).toBe(true);
  });

  it("lets header-less server-to-server posts through", () => {
    expect(isCrossSiteRequest(post({}), trusted)).toBe(false);
  });
});

describe("security headers", () => {
  it("sets the policy with the nonce, and HSTS only over HTTPS", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, { nonce: "abc", formTargets: ["https://checkout.stripe.com"], https: false });
    const csp = headers.get("Content-Security-Policy")!;
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(headers.get("Strict-Transport-Security")).toBeNull();
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");

    const secure = new Headers();
    applySecurityHeaders(secure, { nonce: "abc", formTargets: [], https: true });
    expect(secure.get("Strict-Transport-Security")).toContain("max-age=");
    expect(secure.get("Content-Security-Policy")).toContain("upgrade-insecure-requests");
  });
});
