/**
 * Follow-up reminders on the Worker: the API and the Follow-ups page's no-JavaScript forms run in
 * workerd against the local Supabase, with times in the account's time zone (Intl in workerd).
 */
import { describe, expect, it } from "vitest";
import { signedUpOnWorker } from "./support/client.ts";

describe("follow-up reminders on the Worker", () => {
  it("stores the time zone, sets a reminder from the page's form and lists it through the API", async () => {
    const browser = await signedUpOnWorker(`worker-reminders-${Date.now()}@example.com`, "Remy Reminder");
    const zone = await browser.request("/api/v1/me", {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Origin: browser.origin },
      body: JSON.stringify({ settings: { timeZone: "Asia/Tokyo" } }),
    });
    expect(zone.status).toBe(200);
    expect(((await zone.json()) as { settings: { timeZone: string } }).settings.timeZone).toBe("Asia/Tokyo");

    const created = await browser.postForm("/dashboard/follow-ups", { intent: "create", label: "Kenji — proposal", when: "tomorrow" });
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe("/dashboard/follow-ups");

    const list = await browser.get("/api/v1/follow-ups");
    expect(list.status).toBe(200);
    const { followUps } = (await list.json()) as { followUps: { label: string; dueAt: string }[] };
    expect(followUps).toHaveLength(1);
    expect(followUps[0]!.label).toBe("Kenji — proposal");
    // Tomorrow at 9:00 in Tokyo is 0:00 UTC.
    expect(followUps[0]!.dueAt).toMatch(/T00:00:00\.000Z$/);

    const page = await browser.get("/dashboard/follow-ups");
    const html = await page.text();
    expect(html).toContain("Times are in Japan Standard Time (Tokyo).");
    expect(html).toContain("Kenji — proposal");
  });
});
