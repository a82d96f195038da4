import { describe, expect, it } from "vitest";
import { canReachApp, isLoopbackOrigin } from "../../extension/lib/network";

describe("isLoopbackOrigin", () => {
  it("knows this machine's own addresses", () => {
    for (const url of ["http://localhost:5173", "http://app.localhost:3000", "http://127.0.0.1:3000", "http://127.1.2.3", "http://[::1]:3000"]) {
      expect(isLoopbackOrigin(url), url).toBe(true);
    }
  });

  it("treats every other origin as one across the network", () => {
    for (const url of ["https://tonewise.app", "http://localhost.example.com", "http://10.0.0.1", "http://128.0.0.1", "not a url"]) {
      expect(isLoopbackOrigin(url), url).toBe(false);
    }
  });
});

describe("canReachApp", () => {
  it("follows navigator.onLine for an app across the network", () => {
    expect(canReachApp("https://tonewise.app", true)).toBe(true);
    expect(canReachApp("https://tonewise.app", false)).toBe(false);
  });

  it("reaches an app on this machine without a network", () => {
    expect(canReachApp("http://localhost:5173", false)).toBe(true);
  });
});
