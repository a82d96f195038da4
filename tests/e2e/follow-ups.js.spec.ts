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
