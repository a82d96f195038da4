import { expect, type Page } from "@playwright/test";
import { LOCAL_MAILBOX_URL, LOCAL_SUPABASE_URL } from "../../../emulators/config.ts";

export const PASSWORD = "Correct-Horse-9";

/** A fresh address per test, so parallel workers never share an account. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The newest link in the newest email to `email` whose URL contains `contains`. */
export async function linkFromMailbox(email: string, contains: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${LOCAL_MAILBOX_URL}/api/messages?to=${encodeURIComponent(email)}`);
    const messages = (await response.json()) as Array<{ subject: string; links: string[] }>;
    const link = messages[0]?.links.find((candidate) => candidate.includes(contains));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No email with a ${contains} link for ${email}`);
}

/** Runs SQL as the local database's superuser, through the local backend's controls (emulators/controls.ts). */
export async function sql(query: string, params: unknown[] = []): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(`${LOCAL_SUPABASE_URL}/__emulator/sql`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ query, params }),
  });
  if (!response.ok) throw new Error(`sql failed: ${await response.text()}`);
  return ((await response.json()) as { rows: Array<Record<string, unknown>> }).rows;
}

/** A fault in the local backend (emulators/faults.ts): the next `count` matching requests to `service` fail or hang. */
export async function injectFault(spec: { service: "supabase" | "stripe" | "mailbox" | "ai"; mode: "fail" | "hang"; count: number; pathPrefix?: string; bodyContains?: string }) {
  const response = await fetch(`${LOCAL_SUPABASE_URL}/__emulator/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(spec),
  });
  if (!response.ok) throw new Error(`fault injection failed: ${await response.text()}`);
}

export async function signUp(page: Page, email: string, fullName = "Test User") {
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full name").fill(fullName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
}

/** Opens an emailed link and continues as the address it was sent to (the page signs no one in by itself). */
export async function followEmailLink(page: Page, email: string, contains: string) {
  await page.goto(await linkFromMailbox(email, contains));
  await expect(page.getByRole("heading", { name: `Continue as ${email}` })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Signs up and follows the emailed link: the page ends on the dashboard, signed in. */
export async function signUpAndConfirm(page: Page, email: string, fullName = "Test User") {
  await signUp(page, email, fullName);
  await followEmailLink(page, email, "/auth/confirm");
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

export async function userIdFor(email: string): Promise<string> {
  const [row] = await sql("select id from auth.users where email = $1", [email]);
  return String(row!.id);
}
