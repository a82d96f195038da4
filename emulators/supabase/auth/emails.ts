/**
 * The confirmation and recovery emails, built from supabase/templates (the same HTML the Supabase
 * CLI and the hosted project send), linking to the app's /auth/confirm with a token hash.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { OutgoingEmail } from "../../mailbox/index.ts";

export type EmailKind = "confirmation" | "recovery";

const SUBJECTS: Record<EmailKind, string> = {
  confirmation: "Confirm your Tonewise account",
  recovery: "Reset your Tonewise password",
};

const templateCache = new Map<EmailKind, string>();

function template(kind: EmailKind): string {
  let html = templateCache.get(kind);
  if (html === undefined) {
    html = readFileSync(fileURLToPath(new URL(`../../../supabase/templates/${kind}.html`, import.meta.url)), "utf8");
    templateCache.set(kind, html);
  }
  return html;
}

function isLoopback(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/**
 * GoTrue only redirects to the site URL or an allowed URL, and silently falls back to the site
 * URL otherwise. Locally every http(s) address on this machine is allowed (the app may run on
 * 5173, 3000, 8787 or a test's port).
 */
export function allowedRedirect(redirectTo: string | null | undefined, siteUrl: string): string {
  if (!redirectTo) return siteUrl;
  try {
    const url = new URL(redirectTo);
    const site = new URL(siteUrl);
    if ((url.protocol === "http:" || url.protocol === "https:") && (isLoopback(url) || url.host === site.host)) {
      return url.href;
    }
  } catch {
    // Not a URL: fall back.
  }
  return siteUrl;
}

export function authEmail(kind: EmailKind, to: string, tokenHash: string, redirectTo: string): OutgoingEmail {
  // The link goes to the app that asked for the email: the origin of the redirect.
  const siteUrl = new URL(redirectTo).origin;
  const type = kind === "confirmation" ? "email" : "recovery";
  const link = `${siteUrl}/auth/confirm?token_hash=${encodeURIComponent(tokenHash)}&type=${type}&next=${encodeURIComponent(
    redirectTo,
  )}&email=${encodeURIComponent(to)}`;
  const html = template(kind)
    .replaceAll("{{ .SiteURL }}", siteUrl)
    .replaceAll("{{ .TokenHash }}", encodeURIComponent(tokenHash))
    .replaceAll("{{ .RedirectTo }}", encodeURIComponent(redirectTo))
    .replaceAll("{{ .Email }}", to);
  const text =
    kind === "confirmation"
      ? `Thanks for signing up for Tonewise.\n\nConfirm your email address:\n${link}\n\nIf you did not create a Tonewise account, you can ignore this email.\n`
      : `Someone asked to reset the password of your Tonewise account.\n\nChoose a new password:\n${link}\n\nIf you did not ask for this, you can ignore this email: your password stays the same.\n`;
  return { to, subject: SUBJECTS[kind], text, html };
}
