import { describe, expect, it } from "vitest";
import type { FollowUp } from "../../extension/lib/api";
import {
  alarmName,
  dueToNotify,
  notificationContent,
  notificationsFor,
  notifiedKey,
  planAlarms,
  reminderIdOf,
  rememberNotified,
  safeLink,
  SUMMARY_NOTIFICATION,
  SYNC_ALARM,
  upcoming,
} from "../../extension/lib/reminders";

const NOW = Date.parse("2026-11-25T12:00:00Z");

function followUp(id: string, dueAt: string, extra: Partial<FollowUp> = {}): FollowUp {
  return { id, label: `Reminder ${id}`, url: null, dueAt, followUpNumber: 1, done: false, completedAt: null, createdAt: "2026-11-20T10:00:00.000Z", ...extra };
}

describe("alarms from the list of open reminders", () => {
  it("one alarm per reminder still ahead, at its time; none for those already due", () => {
    const plan = planAlarms(
      [followUp("a", "2026-11-26T14:00:00.000Z"), followUp("b", "2026-11-25T11:00:00.000Z"), followUp("c", "2026-11-25T12:00:10.000Z")],
      [],
      NOW,
    );
    expect(plan.clear).toEqual([]);
    expect(plan.create).toEqual([
      { name: "follow-up:a", when: Date.parse("2026-11-26T14:00:00.000Z") },
      { name: "follow-up:c", when: Date.parse("2026-11-25T12:00:10.000Z") },
    ]);
  });

  it("keeps alarms already right, moves those whose reminder moved, clears those done or gone, and leaves the sync alarm alone", () => {
    const plan = planAlarms(
      [followUp("same", "2026-11-26T14:00:00.000Z"), followUp("moved", "2026-11-27T14:00:00.000Z"), followUp("done", "2026-11-28T14:00:00.000Z", { done: true })],
      [
        { name: "follow-up:same", scheduledTime: Date.parse("2026-11-26T14:00:00.000Z") },
        { name: "follow-up:moved", scheduledTime: Date.parse("2026-11-26T14:00:00.000Z") },
        { name: "follow-up:done", scheduledTime: Date.parse("2026-11-28T14:00:00.000Z") },
        { name: "follow-up:deleted", scheduledTime: Date.parse("2026-11-29T14:00:00.000Z") },
        { name: SYNC_ALARM, scheduledTime: NOW + 60_000 },
      ],
      NOW,
    );
    expect(plan.create).toEqual([{ name: "follow-up:moved", when: Date.parse("2026-11-27T14:00:00.000Z") }]);
    expect(plan.clear.toSorted()).toEqual(["follow-up:deleted", "follow-up:done", "follow-up:moved"]);
  });

  it("accepts an alarm the browser delayed a little (a packed extension's 30 s minimum)", () => {
    const when = NOW + 5_000;
    const plan = planAlarms([followUp("soon", new Date(when).toISOString())], [{ name: "follow-up:soon", scheduledTime: NOW + 30_000 }], NOW);
    expect(plan).toEqual({ create: [], clear: [] });
  });

  it("names alarms and notifications after the reminder", () => {
    expect(alarmName("3f1c")).toBe("follow-up:3f1c");
    expect(reminderIdOf("follow-up:3f1c")).toBe("3f1c");
    expect(reminderIdOf(SYNC_ALARM)).toBeNull();
    expect(reminderIdOf("follow-up:")).toBeNull();
  });
});

describe("which reminders to notify", () => {
  const list = [
    followUp("past", "2026-11-24T09:00:00.000Z"),
    followUp("now", "2026-11-25T12:00:00.000Z"),
    followUp("later", "2026-11-25T13:00:00.000Z"),
    followUp("done", "2026-11-24T09:00:00.000Z", { done: true }),
  ];

  it("those due (already past at a sync too), open, not yet notified", () => {
    expect(dueToNotify(list, [], NOW).map((f) => f.id)).toEqual(["past", "now"]);
  });

  it("never the same reminder twice for the same time", () => {
    const notified = rememberNotified([], dueToNotify(list, [], NOW).map(notifiedKey));
    expect(dueToNotify(list, notified, NOW + 60_000)).toEqual([]);
  });

  it("again when the reminder was moved to another time (snoozed)", () => {
    const notified = rememberNotified([], [notifiedKey(list[0]!)]);
    const snoozed = followUp("past", "2026-11-25T11:30:00.000Z");
    expect(dueToNotify([snoozed], notified, NOW).map((f) => f.id)).toEqual(["past"]);
  });

  it("the same time written another way is the same time", () => {
    expect(notifiedKey(followUp("x", "2026-11-25T12:00:00Z"))).toBe(notifiedKey(followUp("x", "2026-11-25T13:00:00.000+01:00")));
  });

  it("keeps the record bounded, dropping the oldest", () => {
    const many = Array.from({ length: 5 }, (_, i) => `r${i}@1`);
    expect(rememberNotified(many, ["new@1"], 4)).toEqual(["r2@1", "r3@1", "r4@1", "new@1"]);
    expect(rememberNotified(["a@1", "b@1"], ["a@1"])).toEqual(["b@1", "a@1"]);
  });
});

describe("the notification", () => {
  it("is titled after the label and says when and where", () => {
    const content = notificationContent(
      followUp("x", "2026-11-25T14:00:00.000Z", { label: "Maria Alvarez — demo recap", url: "https://www.linkedin.com/messaging/thread/1/" }),
      "America/New_York",
      new Date(NOW),
    );
    expect(content).toEqual({ title: "Follow up: Maria Alvarez — demo recap", message: "Due Wed 9:00 AM · linkedin.com" });
  });

  it("without a link, says when only", () => {
    expect(notificationContent(followUp("x", "2026-11-25T14:00:00.000Z"), "UTC", new Date(NOW)).message).toBe("Due Wed 2:00 PM");
  });
});

describe("the notifications of one sync", () => {
  const due = ["a", "b", "c", "d", "e"].map((id) => followUp(id, "2026-11-25T11:00:00.000Z", { label: `Lead ${id}` }));

  it("one per reminder for the first three, then one for the rest", () => {
    const shown = notificationsFor(due, "UTC", new Date(NOW));
    expect(shown.map(({ id, title }) => [id, title])).toEqual([
      ["follow-up:a", "Follow up: Lead a"],
      ["follow-up:b", "Follow up: Lead b"],
      ["follow-up:c", "Follow up: Lead c"],
      [SUMMARY_NOTIFICATION, "Follow up: 2 more reminders are due"],
    ]);
    expect(notificationsFor(due.slice(0, 4), "UTC", new Date(NOW)).at(-1)!.title).toBe("Follow up: 1 more reminder is due");
  });

  it("no summary when few are due", () => {
    expect(notificationsFor(due.slice(0, 3), "UTC", new Date(NOW)).map((n) => n.id)).toEqual(["follow-up:a", "follow-up:b", "follow-up:c"]);
    expect(notificationsFor([], "UTC", new Date(NOW))).toEqual([]);
  });
});

describe("links a reminder opens", () => {
  it("only http and https", () => {
    expect(safeLink("https://mail.google.com/mail/u/0/#inbox/abc")).toBe("https://mail.google.com/mail/u/0/#inbox/abc");
    expect(safeLink("javascript:alert(1)")).toBeNull();
    expect(safeLink("data:text/html,hi")).toBeNull();
    expect(safeLink("not a url")).toBeNull();
    expect(safeLink(null)).toBeNull();
  });
});

describe("the popup's list", () => {
  it("the next few open reminders, soonest first", () => {
    const list = [
      followUp("c", "2026-11-28T09:00:00.000Z"),
      followUp("a", "2026-11-24T09:00:00.000Z"),
      followUp("done", "2026-11-20T09:00:00.000Z", { done: true }),
      followUp("b", "2026-11-26T09:00:00.000Z"),
      followUp("d", "2026-11-29T09:00:00.000Z"),
    ];
    expect(upcoming(list, 3).map((f) => f.id)).toEqual(["a", "b", "c"]);
  });
});
