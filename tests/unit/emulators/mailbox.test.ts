/** The local mailbox: the JSON API tests read, the page people read, and its persistence. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createClock } from "../../../emulators/clock.ts";
import { createMailbox } from "../../../emulators/mailbox/index.ts";

const BASE = "http://127.0.0.1:54324";

function mailboxWithTwoEmails(dataDir?: string) {
  const clock = createClock();
  const mailbox = createMailbox({ clock, dataDir, log: false });
  mailbox.send({ to: "Ann@Example.com", subject: "First", text: "Open http://localhost:5173/a?x=1&y=2 now.", html: "<p>first</p>" });
  clock.advance(1000);
  mailbox.send({ to: "bob@example.com", subject: "Second <b>", text: "No links here.", html: "<p>second</p>" });
  return mailbox;
}

describe("local mailbox", () => {
  it("lists emails newest first as JSON, optionally for one recipient", async () => {
    const mailbox = mailboxWithTwoEmails();
    const all = (await (await mailbox.handle(new Request(`${BASE}/api/messages`))).json()) as { subject: string }[];
    expect(all.map((email) => email.subject)).toEqual(["Second <b>", "First"]);

    const ann = await (await mailbox.handle(new Request(`${BASE}/api/messages?to=ann@example.com`))).json();
    expect(ann).toEqual([
      {
        to: "Ann@Example.com",
        subject: "First",
        text: "Open http://localhost:5173/a?x=1&y=2 now.",
        html: "<p>first</p>",
        links: ["http://localhost:5173/a?x=1&y=2"],
        sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  it("shows a readable page with escaped text and clickable links", async () => {
    const response = await mailboxWithTwoEmails().handle(new Request(`${BASE}/`));
    expect(response.headers.get("content-type")).toContain("text/html");
    const page = await response.text();
    expect(page.indexOf("Second &lt;b&gt;")).toBeLessThan(page.indexOf("First"));
    expect(page).toContain('<a href="http://localhost:5173/a?x=1&amp;y=2">');
  });

  it("forgets everything on DELETE", async () => {
    const mailbox = mailboxWithTwoEmails();
    expect((await mailbox.handle(new Request(`${BASE}/api/messages`, { method: "DELETE" }))).status).toBe(204);
    expect(mailbox.messages()).toEqual([]);
  });

  it("keeps emails across restarts when given a data directory", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mailbox-"));
    try {
      mailboxWithTwoEmails(dataDir);
      expect(createMailbox({ clock: createClock(), dataDir, log: false }).messages().map((email) => email.subject)).toEqual([
        "Second <b>",
        "First",
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
