// axe runs inside the page, so it needs JavaScript; the no-JavaScript markup is the same server render.
import { test } from "./support/test";
import { sql } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { publicPaths } from "./support/public-site";

for (const path of [...publicPaths, "/no-such-page", "/auth", "/auth?mode=signup", "/auth/forgot-password"]) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await expectNoAxeViolations(page, path);
  });
}

// One test per page (each with its own account), so each stays well inside the test timeout.
for (const path of ["/dashboard", "/dashboard/follow-ups", "/dashboard/settings", "/dashboard/account"]) {
  test(`${path} (signed in) has no axe violations`, async ({ page, signedInUser }) => {
    // Reminders in every list, so their controls are checked too.
    await sql(
      "insert into public.follow_ups (user_id, label, url, due_at, follow_up_number, completed_at) values ($1, 'Due one', 'https://mail.example.com/a', now() - interval '1 hour', 3, null), ($1, 'Later one', null, now() + interval '2 days', 1, null), ($1, 'Done one', null, now() - interval '2 days', 1, now())",
      [signedInUser.id],
    );
    await expectNoAxeViolations(page, path);
  });
}
