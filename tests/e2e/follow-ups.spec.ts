import { expect, test, type Page } from "./support/test";
import { sql } from "./support/accounts";
import { expectToast, toast } from "./support/toasts";
import { waitForHydration } from "./support/hydration";

/**
 * The Follow-ups page with JavaScript on (js-on) and off (js-off): the time zone (detected by the
 * browser, or chosen in Settings), setting a reminder and the form's errors, the sidebar's count
 * of due reminders, "no reply yet" sequences with the advice to stop after the third, snoozing,
 * marking done, reopening and deleting. Each test has its own account.
 */
const NEW_YORK = "America/New_York";
test.use({ timezoneId: NEW_YORK });

/** `days` days from now in New York, as a date-and-time field takes it: "2027-01-26T14:30". */
function daysAhead(days: number, time: string): string {
  const day = new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: NEW_YORK });
  return `${day}T${time}`;
}

/** How the list writes a date-and-time field's date ("2027-01-26T14:30"): "Jan 26, ". */
function listedDay(value: string): string {
  const [, month, day] = value.split(/[-T]/).map(Number) as [number, number, number];
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${months[month - 1]} ${day}, `;
}

const section = (page: Page, name: "Due now" | "Upcoming" | "Done") => page.getByRole("region", { name: new RegExp(`^${name}`) });
const newReminder = (page: Page) => page.getByRole("region", { name: "Remind me to follow up" });
const reminder = (page: Page, where: "Due now" | "Upcoming" | "Done", label: string) =>
  section(page, where).getByRole("listitem").filter({ hasText: label });

/** Makes sure the account's time zone is New York: the browser sets it with JavaScript, Settings without. */
async function settleTimeZone(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/dashboard/follow-ups");
  if (!javaScriptEnabled) {
    await expect(page.getByText("Times are in UTC until you choose your time zone.")).toBeVisible();
    await page.getByRole("link", { name: "Set your time zone" }).click();
    await page.getByLabel("Time zone").selectOption("America/New_York");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(page, "Settings saved");
    await page.goto("/dashboard/follow-ups");
  }
  await expect(page.getByText("Times are in Eastern Time (New York).")).toBeVisible();
}

test("set a reminder, follow a sequence, snooze, mark done, reopen and delete", async ({ page, javaScriptEnabled, signedInUser }) => {
  await settleTimeZone(page, javaScriptEnabled);
  await expect(section(page, "Due now")).toContainText("Nothing is due.");

  // A new reminder, "Tomorrow morning" (9:00 in New York).
  await newReminder(page).getByLabel("Label").fill("Maria Alvarez — demo recap");
  await newReminder(page).getByLabel("Page to reopen (optional)").fill("https://mail.example.com/mail/u/0/#inbox/FMfcgz");
  await newReminder(page).getByRole("radio", { name: /Tomorrow morning/ }).check();
  await newReminder(page).getByRole("button", { name: "Set reminder" }).click();
  await expect(toast(page, "Reminder set")).toContainText("We'll remind you tomorrow at 9:00 AM.");
  const upcoming = reminder(page, "Upcoming", "Maria Alvarez — demo recap");
  await expect(upcoming).toContainText("Tomorrow, 9:00 AM");
  await expect(upcoming.getByRole("link", { name: /Open page/ })).toHaveAttribute("href", "https://mail.example.com/mail/u/0/#inbox/FMfcgz");
  await expect(newReminder(page).getByLabel("Label")).toHaveValue("");

  // One already due (from the extension, say): listed under Due now and counted in the sidebar.
  // Due earlier today in New York at any time of day: halfway between its midnight and now (an
  // hour ago is yesterday between midnight and 1 AM there).
  await sql(
    `insert into public.follow_ups (user_id, label, due_at, follow_up_number)
     select $1, 'Acme renewal', midnight + (now() - midnight) / 2, 1
     from (select date_trunc('day', now() at time zone 'America/New_York') at time zone 'America/New_York' as midnight) as today`,
    [signedInUser.id],
  );
  await page.reload();
  await expect(reminder(page, "Due now", "Acme renewal")).toContainText("Due Today");
  const nav = page.getByRole("navigation", { name: "Dashboard", exact: true });
  await expect(nav.getByRole("link", { name: "Follow-ups 1 due" })).toBeVisible();

  // No reply yet: the next follow-up, three business days on, counted.
  await reminder(page, "Due now", "Acme renewal").getByRole("button", { name: "No reply yet — schedule the next follow-up" }).click();
  await expectToast(page, "Follow-up 2 scheduled");
  await expect(reminder(page, "Upcoming", "Acme renewal")).toContainText("Follow-up 2");
  await expect(section(page, "Due now")).toContainText("Nothing is due.");
  await expect(nav.getByRole("link", { name: "Follow-ups", exact: true })).toBeVisible();

  // Snooze to next week.
  const maria = reminder(page, "Upcoming", "Maria Alvarez — demo recap");
  await maria.getByText("Snooze").click();
  // Next Monday at 9:00: on a Sunday, that is tomorrow.
  const sunday = new Date().toLocaleDateString("en-US", { timeZone: NEW_YORK, weekday: "short" }) === "Sun";
  await maria.getByRole("button", { name: "Next week" }).click();
  await expect(toast(page, "Snoozed")).toContainText(sunday ? "We'll remind you tomorrow at 9:00 AM." : "We'll remind you on Mon,");
  await expect(reminder(page, "Upcoming", "Maria Alvarez — demo recap")).toContainText(sunday ? "Tomorrow, 9:00 AM" : "Mon,");

  // Done, then reopened, then deleted.
  // Each button says which reminder it acts on, for a screen reader going down the list.
  await reminder(page, "Upcoming", "Maria Alvarez — demo recap").getByRole("button", { name: /^Mark done \(Maria Alvarez — demo recap\)$/ }).click();
  await expect(reminder(page, "Done", "Maria Alvarez — demo recap")).toContainText("Done Today");
  await expect(section(page, "Upcoming").getByRole("listitem")).toHaveCount(1);
  await reminder(page, "Done", "Maria Alvarez — demo recap").getByRole("button", { name: "Reopen" }).click();
  await expect(reminder(page, "Upcoming", "Maria Alvarez — demo recap")).toBeVisible();
  // Delete asks first: the warning's own button deletes, and choosing Delete again keeps the reminder.
  const recap = reminder(page, "Upcoming", "Maria Alvarez — demo recap");
  await recap.locator("summary", { hasText: "Delete" }).click();
  await expect(recap.getByText("The reminder goes for good. This can't be undone.")).toBeVisible();
  await recap.locator("summary", { hasText: "Delete" }).click();
  await expect(recap.getByText("The reminder goes for good. This can't be undone.")).toBeHidden();
  await recap.locator("summary", { hasText: "Delete" }).click();
  await expect(recap.getByRole("button", { name: "Delete reminder (Maria Alvarez — demo recap)" })).toHaveAccessibleDescription(
    "The reminder goes for good. This can't be undone.",
  );
  await recap.getByRole("button", { name: "Delete reminder" }).click();
  await expectToast(page, "Reminder deleted");
  await expect(page.getByRole("listitem").filter({ hasText: "Maria Alvarez — demo recap" })).toHaveCount(0);
});

test("after the third follow-up it suggests stopping, but still schedules a fourth", async ({ page, javaScriptEnabled, signedInUser }) => {
  await settleTimeZone(page, javaScriptEnabled);
  await sql("insert into public.follow_ups (user_id, label, due_at, follow_up_number) values ($1, 'Quiet prospect', now() - interval '5 minutes', 3)", [
    signedInUser.id,
  ]);
  await page.reload();
  const third = reminder(page, "Due now", "Quiet prospect");
  await expect(third).toContainText("consider letting this one rest");
  await third.getByRole("button", { name: "No reply yet — schedule the next follow-up" }).click();
  await expect(toast(page, "Follow-up 4 scheduled")).toContainText("consider making this the last");
  await expect(reminder(page, "Upcoming", "Quiet prospect")).toContainText("Follow-up 4");
});

test("a reminder the form cannot take keeps what was typed and says why", async ({ page, signedInUser: _signedInUser }) => {
  await page.goto("/dashboard/follow-ups");
  const form = newReminder(page);

  await form.getByRole("button", { name: "Set reminder" }).click();
  await expect(toast(page, "Validation Error", "alert")).toContainText("Give the reminder a label");
  await expect(form.getByText("Give the reminder a label, such as 'Maria Alvarez — demo recap'.")).toBeVisible();

  await form.getByLabel("Label").fill("Jordan — renewal");
  await form.getByLabel("Page to reopen (optional)").fill("javascript:alert(1)");
  await form.getByRole("radio", { name: "Choose a date and time" }).check();
  await form.getByRole("button", { name: "Set reminder" }).click();
  await expect(form.getByText("Enter a web address starting with http:// or https://, or leave it empty.")).toBeVisible();
  await expect(form.getByText("Choose a date and time.")).toBeVisible();
  await expect(form.getByLabel("Label")).toHaveValue("Jordan — renewal");

  // A chosen time in the past is refused by the server (the browser cannot know the account's zone).
  await form.getByLabel("Page to reopen (optional)").fill("");
  await form.getByLabel("Date and time (for a chosen time)").fill("2020-01-06T09:00");
  await form.getByRole("button", { name: "Set reminder" }).click();
  await expect(form.getByText("Choose a time from now to a year ahead.")).toBeVisible();
  await expect(section(page, "Upcoming")).toContainText("No reminders coming up.");

  const chosen = daysAhead(60, "14:30");
  await form.getByLabel("Date and time (for a chosen time)").fill(chosen);
  await form.getByRole("button", { name: "Set reminder" }).click();
  await expect(reminder(page, "Upcoming", "Jordan — renewal")).toContainText(listedDay(chosen));
  await expect(reminder(page, "Upcoming", "Jordan — renewal")).toContainText("2:30 PM");
});

test("a date typed in is the time the reminder gets, though Suggested was still ticked", async ({ page, signedInUser: _signedInUser }) => {
  await page.goto("/dashboard/follow-ups");
  const form = newReminder(page);
  const chosen = daysAhead(90, "11:15");
  await form.getByLabel("Date and time (for a chosen time)").fill(chosen);
  // Refused for the missing label: the form comes back with the option the server read ticked.
  await form.getByRole("button", { name: "Set reminder" }).click();
  await expect(form.getByText("Give the reminder a label, such as 'Maria Alvarez — demo recap'.")).toBeVisible();
  await expect(form.getByRole("radio", { name: "Choose a date and time" })).toBeChecked();
  await expect(form.getByLabel("Date and time (for a chosen time)")).toHaveValue(chosen);
  await form.getByLabel("Label").fill("Priya — contract");
  await form.getByRole("button", { name: "Set reminder" }).click();
  await expect(reminder(page, "Upcoming", "Priya — contract")).toContainText(listedDay(chosen));
  await expect(reminder(page, "Upcoming", "Priya — contract")).toContainText("11:15 AM");
});

test("Suggested ticked after a date was typed: with JavaScript the date goes and Suggested is saved; without, the typed date is read as chosen", async ({ page, javaScriptEnabled, signedInUser: _signedInUser }) => {
  await settleTimeZone(page, javaScriptEnabled);
  if (javaScriptEnabled) await waitForHydration(page);
  const form = newReminder(page);
  const chosen = daysAhead(90, "11:15");
  await form.getByLabel("Label").fill("Chen — pilot scope");
  await form.getByLabel("Date and time (for a chosen time)").fill(chosen);
  await form.getByRole("radio", { name: /Suggested/ }).check();
  if (javaScriptEnabled) await expect(form.getByLabel("Date and time (for a chosen time)")).toHaveValue("");
  await form.getByRole("button", { name: "Set reminder" }).click();
  const saved = reminder(page, "Upcoming", "Chen — pilot scope");
  if (javaScriptEnabled) {
    await expect(saved).toContainText("9:00 AM");
    await expect(saved).not.toContainText(listedDay(chosen));
  } else {
    await expect(saved).toContainText(listedDay(chosen));
    await expect(saved).toContainText("11:15 AM");
  }
});
