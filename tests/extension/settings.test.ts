import { describe, expect, it } from "vitest";
import { resetLine, usageLine } from "../../extension/lib/format";
import { allSitesEnabled, isSiteEnabled, siteKey, withSite } from "../../extension/lib/settings";

describe("popup usage words", () => {
  it("counts down a Free month and says Unlimited for Pro", () => {
    expect(usageLine({ tier: "free", used: 3, limit: 30, remaining: 27, resetsAt: "2026-12-01T00:00:00.000Z" })).toBe("27 of 30 left this month");
    expect(usageLine({ tier: "pro", used: 120, limit: null, remaining: null, resetsAt: "2026-12-01T00:00:00.000Z" })).toBe("Unlimited");
  });

  it("shows the UTC reset day whatever the local time zone", () => {
    expect(resetLine({ tier: "free", used: 0, limit: 30, remaining: 30, resetsAt: "2026-12-01T00:00:00.000Z" }, "en-US")).toBe("Resets December 1");
    expect(resetLine({ tier: "free", used: 0, limit: 30, remaining: 30, resetsAt: "garbage" })).toBe("");
    // Pro's messages are unlimited: nothing to reset.
    expect(resetLine({ tier: "pro", used: 120, limit: null, remaining: null, resetsAt: "2026-12-01T00:00:00.000Z" }, "en-US")).toBe("");
  });
});

describe("per-site switch", () => {
  it("switches a site off and on by host, ignoring www. and case", () => {
    expect(siteKey("WWW.LinkedIn.com")).toBe("linkedin.com");
    const off = withSite([], "www.linkedin.com", false);
    expect(off).toEqual(["linkedin.com"]);
    expect(isSiteEnabled(off, "linkedin.com")).toBe(false);
    expect(isSiteEnabled(off, "mail.google.com")).toBe(true);
    expect(withSite(off, "linkedin.com", true)).toEqual([]);
    expect(withSite(off, "linkedin.com", false)).toEqual(["linkedin.com"]);
  });

  it("keeps a field off when any of its sites is (the page's, or its frame's)", () => {
    const off = ["widget.example.net"];
    expect(allSitesEnabled(off, ["crm.example.com", "www.widget.example.net"])).toBe(false);
    expect(allSitesEnabled(off, ["widget.example.net", "crm.example.com"])).toBe(false);
    expect(allSitesEnabled(off, ["crm.example.com"])).toBe(true);
    expect(allSitesEnabled(off, [])).toBe(true);
  });
});
