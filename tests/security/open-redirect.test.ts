/**
 * Finding 1 (issue 10): redirect targets taken from the URL (`/auth?redirectTo=`,
 * `/auth/confirm?next=`) stay on this site, whatever encoding, dot-segment or backslash trick
 * the value uses — judged on the path the browser will actually follow.
 */
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/session.server";
import { appForThisFile, followEmailLink, signUpThroughApp } from "../integration/app/app-harness.ts";

const HOSTILE = [
  "//evil.com",
  "/\\evil.com",
  "\\\\evil.com",
  "/.//evil.com",
  "/%2e//evil.com",
  "/%2E//evil.com",
  "/./\\evil.com",
  "/a/..//evil.com",
  "/a/../..//evil.com",
  "/%2e%2e//evil.com",
  "/.\\/evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "https://evil.com",
  "http:/evil.com",
  "javascript:alert(1)",
  "evil.com",
  "",
];

describe("safeRedirectPath", () => {
  it.each(HOSTILE)("refuses %j", (value) => {
    const result = safeRedirectPath(value);
    expect(result).toBe("/dashboard");
  });

  it("never returns anything a browser would read as another origin", () => {
    for (const value of HOSTILE) {
      const result = safeRedirectPath(value, "/fallback");
      expect(new URL(result, "https://tonewise.app").origin).toBe("https://tonewise.app");
    }
  });

  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirectPath("/dashboard/settings")).toBe("/dashboard/settings");
    expect(safeRedirectPath("/dashboard/subscription?from=email#plans")).toBe("/dashboard/subscription?from=email#plans");
    expect(safeRedirectPath("/a/../dashboard")).toBe("/dashboard");
    expect(safeRedirectPath(undefined)).toBe("/dashboard");
    expect(safeRedirectPath(42)).toBe("/dashboard");
  });
});

const app = appForThisFile();

describe("the routes that redirect", () => {
  it("sign-in with a hostile redirectTo lands on the dashboard", async () => {
    await signUpThroughApp(app, "redirect@example.com");
    for (const redirectTo of ["/.//evil.com", "/%2e//evil.com", "/./\\evil.com", "/a/..//evil.com", "//evil.com"]) {
      const client = app.client();
      const response = await client.post(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`, {
        mode: "signin",
        email: "redirect@example.com",
        password: "Correct-Horse-9",
        redirectTo,
      });
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("Location"), redirectTo).toBe("/dashboard");
    }
  });

  it("the email link's next parameter cannot leave the site", async () => {
    for (const [index, next] of ["/.//evil.com", "/a/..//evil.com", "/%2e//evil.com", "https://evil.com"].entries()) {
      const email = `next-${index}@example.com`;
      const client = app.client();
      const signUp = await client.post("/auth?mode=signup", { mode: "signup", fullName: "Nina Next", email, password: "Correct-Horse-9" });
      expect(signUp.status).toBe(200);
      const link = app.backend.mailbox.messages(email)[0]!.links.find((candidate) => candidate.includes("/auth/confirm"))!;
      const url = new URL(link);
      url.searchParams.set("next", next);
      const response = await followEmailLink(client, url.href);
      expect(response.status, next).toBe(302);
      expect(response.headers.get("Location"), next).toBe("/dashboard");
    }
  });
});
