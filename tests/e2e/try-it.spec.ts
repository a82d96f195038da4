import { expect, test, type Page } from "./support/test";
import { sql } from "./support/accounts";
import { expectToast, toast } from "./support/toasts";

/**
 * The dashboard's Try it form, with JavaScript on (js-on) and off (js-off): a message in, a
 * suggestion out from the local AI stand-in, the usage card moving from 0 to 1, and the quota
 * refusal with its upgrade link. Each test has its own account.
 */

const MESSAGE = "hi jordan, just checking in on the renewal. the new price is $2,400 a year starting 1 march. let me know if u have questions";

const usageCard = (page: Page) => page.getByRole("region", { name: "Message Usage" });
const tryIt = (page: Page) => page.getByRole("region", { name: "Try it" });

test.describe("try it", () => {
  test("polishes a message and counts it on the usage card", async ({ page, signedInUser: _signedInUser }) => {
    await expect(usageCard(page).getByText("messages used this month")).toBeVisible();
    await expect(usageCard(page).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
    await expect(tryIt(page).getByTestId("local-engine-note")).toContainText("local, rule-based stand-in");

    await tryIt(page).getByLabel("Your message").fill(MESSAGE);
    await tryIt(page).getByLabel("Tone").selectOption("friendly");
    await tryIt(page).getByLabel("Message type").selectOption("email");
    await tryIt(page).getByRole("button", { name: "Optimize message" }).click();

    const suggestion = page.getByTestId("try-it-suggestion");
    await expect(suggestion).toContainText("Suggestion · Friendly · Email");
    await expect(suggestion).toContainText("$2,400");
    await expect(suggestion).not.toContainText(MESSAGE);
    // The keyboard (and a screen reader) is on the suggestion, with or without JavaScript.
    await expect(page.locator(":focus")).toContainText("$2,400");
    await expect(usageCard(page).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
    // What the user wrote is still there to try another tone.
    await expect(tryIt(page).getByLabel("Your message")).toHaveValue(MESSAGE);
    await expect(tryIt(page).getByLabel("Tone")).toHaveValue("friendly");

    // Another tone for the same draft is free.
    await tryIt(page).getByLabel("Tone").selectOption("professional");
    await tryIt(page).getByRole("button", { name: "Optimize message" }).click();
    await expect(suggestion).toContainText("Suggestion · Professional · Email");
    await expect(usageCard(page).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
  });

  test("an empty message gets the Validation Error toast and nothing is counted", async ({ page, signedInUser: _signedInUser }) => {
    await tryIt(page).getByRole("button", { name: "Optimize message" }).click();
    await expect(toast(page, "Validation Error", "alert")).toContainText("Write a message to optimize.");
    await expect(tryIt(page).getByText("Write a message to optimize.")).toBeVisible();
    await expect(usageCard(page).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
  });

  test("at the Free limit, says so with an upgrade link and counts nothing", async ({ page, signedInUser }) => {
    await sql(
      "insert into public.usage_tracking (user_id, month, tier, message_count) values ($1, to_char(now() at time zone 'utc', 'YYYY-MM'), 'free', 30)",
      [signedInUser.id],
    );
    await page.reload();
    await tryIt(page).getByLabel("Your message").fill(MESSAGE);
    await tryIt(page).getByRole("button", { name: "Optimize message" }).click();
    await expect(page.getByTestId("try-it-problem")).toContainText("You've used your 30 free messages this month");
    await expectToast(page, "Monthly limit reached", { role: "alert" });
    await page.getByTestId("try-it-problem").getByRole("link", { name: "Upgrade to Pro" }).click();
    await expect(page).toHaveURL(/\/dashboard\/subscription$/);
  });
});

/** Polishes MESSAGE, opens "Remind me to follow up" under the suggestion and fills its label. */
async function openReminderAfterSuggestion(page: Page) {
  await tryIt(page).getByLabel("Your message").fill(MESSAGE);
  await tryIt(page).getByRole("button", { name: "Optimize message" }).click();
  await expect(page.getByTestId("try-it-suggestion")).toContainText("$2,400");
  const reminder = page.getByTestId("try-it-reminder");
  await reminder.getByText("Remind me to follow up").click();
  await reminder.getByLabel("Label").fill("Jordan — renewal price");
  return reminder;
}

test("after a suggestion, remind me to follow up: set from Try it, listed on the Follow-ups page", async ({ page, javaScriptEnabled, signedInUser: _signedInUser }) => {
  const reminder = await openReminderAfterSuggestion(page);
  await reminder.getByRole("radio", { name: /In 3 business days/ }).check();
  await reminder.getByRole("button", { name: "Set reminder" }).click();
  await expectToast(page, "Reminder set");

  if (javaScriptEnabled) {
    // Set without leaving the page: the suggestion is still there, and the form is ready for another.
    await expect(page).toHaveURL(/\/dashboard(\?index)?$/);
    await expect(page.getByTestId("try-it-suggestion")).toContainText("$2,400");
    await expect(reminder.getByLabel("Label")).toHaveValue("");
    await page.goto("/dashboard/follow-ups");
  } else {
    await expect(page).toHaveURL(/\/dashboard\/follow-ups$/);
  }
  await expect(page.getByRole("region", { name: /^Upcoming/ }).getByRole("listitem").filter({ hasText: "Jordan — renewal price" })).toBeVisible();
  // The reminder keeps the label only: nothing of the message.
  await expect(page.getByText("$2,400")).toHaveCount(0);
});

test("a reminder from Try it that the server refuses says why and keeps what was typed", async ({ page, javaScriptEnabled, signedInUser: _signedInUser }) => {
  const reminder = await openReminderAfterSuggestion(page);
  // A chosen time in the past: the browser cannot tell (it does not know the account's zone), the server refuses it (400).
  await reminder.getByRole("radio", { name: "Choose a date and time" }).check();
  await reminder.getByLabel("Date and time (for a chosen time)").fill("2020-01-06T09:00");
  await reminder.getByRole("button", { name: "Set reminder" }).click();
  await expectToast(page, "Validation Error", { role: "alert", message: "Choose a time from now to a year ahead." });

  // With JavaScript the fetcher's answer shows in place; without, the Follow-ups page shows the form again.
  const form = javaScriptEnabled ? reminder : page.getByRole("region", { name: "Remind me to follow up" });
  await expect(page).toHaveURL(javaScriptEnabled ? /\/dashboard(\?index)?$/ : /\/dashboard\/follow-ups$/);
  await expect(form.getByText("Choose a time from now to a year ahead.")).toBeVisible();
  await expect(form.getByLabel("Label")).toHaveValue("Jordan — renewal price");
  await expect(page.getByRole("region", { name: /^Upcoming/ }).getByRole("listitem")).toHaveCount(0);
});
