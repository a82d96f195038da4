import { expect, test } from "./support/test";
import { followEmailLink, PASSWORD, signIn, signUp, signUpAndConfirm, sql, uniqueEmail } from "./support/accounts";
import { expectToast } from "./support/toasts";

test.describe("auth screen", () => {
  test("sign-in by default, sign-up with mode=signup, and a link between them", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveCount(0);
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL("/auth?mode=signup");
    await expect(page.getByLabel("Full name")).toBeVisible();
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/auth");
  });

  for (const [fields, message] of [
    [{ name: "Al", email: "x@example", password: PASSWORD }, "Invalid email address"],
    [{ name: "Al", email: "x@example.com", password: "Short1" }, "Password must be at least 8 characters"],
    [{ name: "Al", email: "x@example.com", password: "UPPERCASE1" }, "Password must contain at least one lowercase letter"],
    [{ name: "Al", email: "x@example.com", password: "lowercase1" }, "Password must contain at least one uppercase letter"],
    [{ name: "Al", email: "x@example.com", password: "NoDigitsHere" }, "Password must contain at least one number"],
    [{ name: "A", email: "x@example.com", password: PASSWORD }, "Full name must be at least 2 characters"],
    [{ name: "", email: "x@example.com", password: PASSWORD }, "Full name must be at least 2 characters"],
  ] as const) {
    test(`sign-up validation: ${message}${fields.name === "" ? " (none given)" : ""}`, async ({ page }) => {
      await page.goto("/auth?mode=signup");
      await page.getByLabel("Full name").fill(fields.name);
      await page.getByLabel("Email").fill(fields.email);
      await page.getByLabel("Password").fill(fields.password);
      await page.getByRole("button", { name: "Create Account" }).click();
      await expectToast(page, "Validation Error", { role: "alert", message });
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(fields.email);
      // The keyboard starts at the field to fix (without JavaScript, the page sent back says so).
      const failing = message.startsWith("Password") ? "Password" : message.startsWith("Full name") ? "Full name" : "Email";
      await expect(page.getByLabel(failing)).toBeFocused();
    });
  }

  test("sign-up → email link → dashboard", async ({ page }) => {
    const email = uniqueEmail("signup");
    await signUp(page, email, "Grace Hopper");
    await expect(page.getByLabel("Email")).toHaveValue("");
    // The box appears above the form that was sent: the keyboard goes to it, so a screen reader reads it.
    await expect(page.getByText("Check your email").locator("..")).toBeFocused();
    await followEmailLink(page, email, "/auth/confirm");
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome, Grace!" })).toBeVisible();
    await expect(page.getByText(email).first()).toBeAttached();
  });

  test("a failed sign-in says why and keeps the email", async ({ page, signedInUser: { email } }) => {
    await page.context().clearCookies();
    await page.goto("/auth");
    await signIn(page, email, "Wrong-Pass-123");
    await expectToast(page, "Invalid login credentials", { role: "alert" });
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    // The password was long enough: the emptied field is not marked wrong, only the toast speaks.
    await expect(page.getByText("Password must be at least 8 characters")).toHaveCount(0);
    await expect(page.getByLabel("Password")).not.toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("signed in", () => {
  test("the guard sends visitors to /auth and back to the page they wanted", async ({ page, signedInUser: { email } }) => {
    await page.context().clearCookies();
    await page.goto("/dashboard/account");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fdashboard%2Faccount");
    await signIn(page, email);
    await expect(page).toHaveURL("/dashboard/account");
    await page.goto("/auth");
    await expect(page).toHaveURL("/dashboard");
  });

  test("sign out returns home with a toast", async ({ page, signedInUser: _signedInUser }) => {
    const isWide = page.viewportSize()!.width >= 1024;
    if (!isWide) await page.getByLabel("Toggle dashboard menu").click();
    await page.getByRole("button", { name: "Sign Out" }).first().click();
    await expect(page).toHaveURL("/");
    await expectToast(page, "Signed out", { message: "You have been signed out successfully" });
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth/);
  });

  test.describe(() => {
    test.use({ viewport: { width: 375, height: 800 } });
    test("on a phone the dashboard menu slides in and closes", async ({ page, signedInUser: { email } }) => {
      const menu = page.getByRole("navigation", { name: "Dashboard mobile" });
      await expect(menu).toBeHidden();
      await page.getByLabel("Toggle dashboard menu").click();
      await expect(menu).toBeVisible();
      await expect(page.getByText(email).last()).toBeVisible();
      await menu.getByRole("link", { name: "Settings" }).click();
      await expect(page).toHaveURL("/dashboard/settings");
      await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
      await expect(menu).toBeHidden();
    });
  });

  test.describe(() => {
    test.use({ signedInUserName: "Old Name" });
    test("account: the name saves; email and member-since are read-only", async ({ page, signedInUser: _signedInUser }) => {
      await page.goto("/dashboard/account");
      await expect(page.getByText("Email cannot be changed for security reasons")).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
      await expect(page.getByLabel("Member Since")).toHaveValue(/\d{4}$/);
      await page.getByLabel("Full name").fill("Brand New Name");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Profile updated successfully");
      await page.reload();
      await expect(page.getByLabel("Full name")).toHaveValue("Brand New Name");
    });

    test("account: a name too long is refused, the error read with the field (a saved name with spaces)", async ({ page, signedInUser: _signedInUser }) => {
      await page.goto("/dashboard/account");
      const fullName = page.getByLabel("Full name");
      await fullName.fill("x".repeat(101));
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(fullName).toHaveAccessibleDescription("Full name must be at most 100 characters");
      await expect(fullName).toBeFocused();
    });
  });

  test("settings survive a reload", async ({ page, signedInUser: _signedInUser }) => {
    await page.goto("/dashboard/settings");
    await expect(page.getByLabel("Default tone")).toHaveValue("professional");
    await expect(page.getByLabel("Default message type")).toHaveValue("text");
    await expect(page.getByRole("switch", { name: "Notifications" })).toBeChecked();
    await page.getByLabel("Default tone").selectOption("persuasive");
    await page.getByLabel("Default message type").selectOption({ label: "CRM/Sales" });
    await page.getByRole("switch", { name: "Notifications" }).uncheck();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(page, "Settings saved");
    await page.reload();
    await expect(page.getByLabel("Default tone")).toHaveValue("persuasive");
    await expect(page.getByLabel("Default message type")).toHaveValue("crm");
    await expect(page.getByRole("switch", { name: "Notifications" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "Usage analytics" })).toBeChecked();
    // What the switch keeps is said as it is: per suggestion, for the user's own chart, never the text.
    await expect(page.getByRole("switch", { name: "Usage analytics" })).toHaveAccessibleDescription(/never the text\) for your 30-day activity chart/);
  });

  test("password reset: email, link, new password, signed in", async ({ page }) => {
    const email = uniqueEmail("reset");
    await signUpAndConfirm(page, email);
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("If an account exists for")).toBeVisible();
    await expect(page.getByText("Check your email").locator("..")).toBeFocused();
    await followEmailLink(page, email, "type=recovery");
    await expect(page).toHaveURL("/auth/reset-password");
    await page.getByLabel("New password", { exact: true }).fill("Another-Secret-7");
    await page.getByLabel("Confirm new password").fill("Another-Secret-7");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page).toHaveURL("/dashboard");
    await page.context().clearCookies();
    await page.goto("/auth");
    await signIn(page, email, "Another-Secret-7");
    await expect(page).toHaveURL("/dashboard");
  });
});

test.describe("usage card", () => {
  for (const [count, state, text] of [
    [5, "plain", "5 / 30"],
    [24, "approaching", "approaching your monthly limit"],
    [30, "reached", "reached your monthly limit"],
  ] as const) {
    test(`free, ${count} used: ${state}`, async ({ page, signedInUser }) => {
      await sql("insert into public.usage_tracking (user_id, month, tier, message_count) values ($1, to_char(now() at time zone 'utc', 'YYYY-MM'), 'free', $2)", [
        signedInUser.id,
        count,
      ]);
      await page.reload();
      const card = page.locator("[data-usage-state]");
      await expect(card).toHaveAttribute("data-usage-state", state);
      await expect(card).toContainText(text);
      await expect(card).toContainText("FREE");
      await expect(page.getByRole("link", { name: "Upgrade to Pro" }).first()).toBeVisible();
    });
  }

  test("pro: unlimited and no upgrade button", async ({ page, signedInUser: { id } }) => {
    await sql(
      "insert into public.subscriptions (id, user_id, customer_id, status, price_id, current_period_start, current_period_end) values ($1, $2, 'cus_e2e', 'active', 'price_tonewise_pro_monthly', now(), now() + interval '1 month')",
      [`sub_e2e_${id}`, id],
    );
    await page.reload();
    await expect(page.locator("[data-usage-state]")).toContainText("Unlimited messages available");
    await expect(page.locator("[data-usage-state]")).toContainText("PRO");
    await expect(page.locator("header").getByRole("link", { name: "Upgrade to Pro" })).toHaveCount(0);
    // With the sidebar beside the page there is nothing left for a Pro account's header to hold;
    // on a phone it keeps the menu.
    await expect(page.getByRole("banner")).toBeHidden();
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole("banner")).toBeVisible();
  });
});
