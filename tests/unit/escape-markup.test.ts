/** Hand-written markup (the RSS feed, the sitemap, the renderer's script tags): text can never close a tag or a quote. */
import { describe, expect, it } from "vitest";
import { escapeMarkup } from "~/lib/escape-markup";

describe("escapeMarkup", () => {
  it("escapes the five characters that mean something in markup, and only those", () => {
    expect(escapeMarkup(`Tom & "Jerry's" <b>deal</b> — 20% off`)).toBe("Tom &amp; &quot;Jerry&apos;s&quot; &lt;b&gt;deal&lt;/b&gt; — 20% off");
  });

  it("escapes an ampersand first, so an entity already in the text stays visible as typed", () => {
    expect(escapeMarkup("&amp; &lt;")).toBe("&amp;amp; &amp;lt;");
  });
});
