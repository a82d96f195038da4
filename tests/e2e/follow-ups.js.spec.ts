import { expect, test } from "./support/test";
import { sql } from "./support/accounts";
import { expectToast } from "./support/toasts";
import { waitForHydration } from "./support/hydration";

/** The Follow-ups page's new-reminder form while the list changes around it (JavaScript on: without, every change is a new page). */
test("deleting the newest reminder keeps a new reminder half filled in", async ({ page, signedInUser }) => {
  for (const [label, minutesAgo] of [["Older one", 10], ["Newest one", 1]] as const) {
    await sql(
      "insert into public.follow_ups (user_id, label, due_at, follow_up_number, created_at) values ($1, $2, now() + interval '3 days', 1, now() - make_interval(mins => $3))",
      [signedInUser.id, label, minutesAgo],
    );
  }
  await page.goto("/dashboard/follow-ups");
  await waitForHydration(page);
  const form = page.getByRole("region", { name: "Remind me to follow up" });
  await form.getByLabel("Label").fill("Dana — quote follow-up");
  await form.getByLabel("Page to reopen (optional)").fill("https://crm.example.com/deals/42");

  await page.getByRole("listitem").filter({ hasText: "Newest one" }).getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Reminder deleted");
  await expect(page.getByRole("listitem").filter({ hasText: "Newest one" })).toHaveCount(0);
  await expect(form.getByLabel("Label")).toHaveValue("Dana — quote follow-up");
  await expect(form.getByLabel("Page to reopen (optional)")).toHaveValue("https://crm.example.com/deals/42");

  // A reminder set still starts the next one afresh.
  await form.getByRole("button", { name: "Set reminder" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Dana — quote follow-up" })).toBeVisible();
  await expect(form.getByLabel("Label")).toHaveValue("");
});

test("focus stays with the reminders after Mark done, Snooze and Delete, for a keyboard user", async ({ page, signedInUser }) => {
  for (const [label, hoursAgo] of [["Ping Sam", 4], ["Call Dana", 3], ["Send the deck", 2], ["Check in with Lee", 1]] as const) {
    await sql("insert into public.follow_ups (user_id, label, due_at) values ($1, $2, now() - make_interval(hours => $3))", [signedInUser.id, label, hoursAgo]);
  }
  await page.goto("/dashboard/follow-ups");
  await waitForHydration(page);
  const item = (label: string) => page.getByRole("listitem").filter({ hasText: label });

  // Snoozed: the reminder, now under Upcoming, has focus.
  await item("Ping Sam").getByText("Snooze").focus();
  await page.keyboard.press("Enter");
  await item("Ping Sam").getByRole("button", { name: "Next week" }).focus();
  await page.keyboard.press("Enter");
  await expectToast(page, "Snoozed");
  await expect(page.getByRole("region", { name: /^Upcoming/ }).getByRole("listitem").filter({ hasText: "Ping Sam" })).toBeFocused();

  // Done: the reminder, now under Done, has focus.
  await item("Call Dana").getByRole("button", { name: "Mark done" }).focus();
  await page.keyboard.press("Enter");
  await expectToast(page, "Marked done");
  await expect(page.getByRole("region", { name: /^Done/ }).getByRole("listitem").filter({ hasText: "Call Dana" })).toBeFocused();

  // Deleted: the next reminder in its list has focus.
  await item("Send the deck").getByRole("button", { name: "Delete" }).focus();
  await page.keyboard.press("Enter");
  await expectToast(page, "Reminder deleted");
  await expect(item("Check in with Lee")).toBeFocused();

  // The last one deleted from its list: that list's heading.
  await item("Check in with Lee").getByRole("button", { name: "Delete" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Nothing is due. Nice and tidy.")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Due now/ })).toBeFocused();
});
