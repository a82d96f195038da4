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

  const newest = page.getByRole("listitem").filter({ hasText: "Newest one" });
  await newest.locator("summary", { hasText: "Delete" }).click();
  await newest.getByRole("button", { name: "Delete reminder" }).click();
  await expectToast(page, "Reminder deleted");
  await expect(page.getByRole("listitem").filter({ hasText: "Newest one" })).toHaveCount(0);
  await expect(form.getByLabel("Label")).toHaveValue("Dana — quote follow-up");
  await expect(form.getByLabel("Page to reopen (optional)")).toHaveValue("https://crm.example.com/deals/42");

  // A reminder set still starts the next one afresh.
  await form.getByRole("button", { name: "Set reminder" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Dana — quote follow-up" })).toBeVisible();
  await expect(form.getByLabel("Label")).toHaveValue("");
});

test("focus stays where the keyboard user was after Snooze, Mark done and Delete", async ({ page, signedInUser }) => {
  for (const [label, hours] of [["Ping Sam", -4], ["Call Dana", -3], ["Send the deck", -2], ["Check in with Lee", -1], ["Lunch with Kim", 30], ["Demo for Ray", 400]] as const) {
    await sql("insert into public.follow_ups (user_id, label, due_at) values ($1, $2, now() + make_interval(hours => $3))", [signedInUser.id, label, hours]);
  }
  await page.goto("/dashboard/follow-ups");
  await waitForHydration(page);
  const item = (label: string) => page.getByRole("listitem").filter({ hasText: label });
  const press = async (label: string, button: string) => {
    await item(label).getByRole("button", { name: button }).focus();
    await page.keyboard.press("Enter");
  };
  /** Delete, then the warning's own button, by keyboard. */
  const remove = async (label: string) => {
    await item(label).locator("summary", { hasText: "Delete" }).focus();
    await page.keyboard.press("Enter");
    await press(label, "Delete reminder");
  };
  const snooze = async (label: string) => {
    await item(label).getByText("Snooze").focus();
    await page.keyboard.press("Enter");
    await press(label, "Next week");
  };

  // Snoozed while upcoming: still in its list, and focused there.
  await snooze("Lunch with Kim");
  await expectToast(page, "Snoozed");
  await expect(page.getByRole("region", { name: /^Upcoming/ }).getByRole("listitem").filter({ hasText: "Lunch with Kim" })).toBeFocused();

  // Moved to another list (snoozed while due, done): the next reminder in the list it left.
  await snooze("Ping Sam");
  await expect(page.getByRole("region", { name: /^Upcoming/ }).getByRole("listitem").filter({ hasText: "Ping Sam" })).toBeVisible();
  await expect(item("Call Dana")).toBeFocused();
  await press("Call Dana", "Mark done");
  await expectToast(page, "Marked done");
  await expect(item("Send the deck")).toBeFocused();

  // Deleted: the next one, or the one before when it was the last.
  await remove("Send the deck");
  await expectToast(page, "Reminder deleted");
  await expect(item("Check in with Lee")).toBeFocused();
  const upcoming = page.getByRole("region", { name: /^Upcoming/ }).getByRole("listitem");
  await expect(upcoming).toHaveCount(3);
  const [beforeLast, last] = (await upcoming.locator("p[id^='follow-up-']").allTextContents()).slice(-2) as [string, string];
  await remove(last);
  await expect(item(last)).toHaveCount(0);
  await expect(item(beforeLast)).toBeFocused();

  // The last one out of its list: that list's heading.
  await press("Check in with Lee", "Mark done");
  await expect(page.getByText("Nothing is due. Nice and tidy.")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Due now/ })).toBeFocused();

  // Reopened: the next one in Done.
  const doneItems = page.getByRole("region", { name: /^Done/ }).getByRole("listitem");
  await expect(doneItems).toHaveCount(2);
  const [firstDone, secondDone] = (await doneItems.locator("p[id^='follow-up-']").allTextContents()) as [string, string];
  await press(firstDone, "Reopen");
  await expectToast(page, "Reopened");
  await expect(item(secondDone)).toBeFocused();
});

test("a change that never came back moves no focus when the page is opened again", async ({ page, signedInUser }) => {
  await sql("insert into public.follow_ups (user_id, label, due_at) values ($1, 'Call Dana', now() - interval '1 hour')", [signedInUser.id]);
  await page.goto("/dashboard/follow-ups");
  await waitForHydration(page);
  // Mark done is sent, and its answer held until the user has gone to Settings.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/dashboard\/follow-ups\.data/, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await held;
    await route.abort().catch(() => {});
  });
  await page.getByRole("listitem").filter({ hasText: "Call Dana" }).getByRole("button", { name: "Mark done" }).click();
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  release();

  await page.getByRole("link", { name: /^Follow-ups/ }).click();
  const heading = page.getByRole("heading", { name: "Follow-ups", level: 1 });
  await expect(heading).toBeVisible();
  // A frame and a task later, the page's effects have run: focus is where any move to a page puts
  // it (decision 051), on the page's heading, not on a list or reminder the lost change named.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await expect(heading).toBeFocused();
});
