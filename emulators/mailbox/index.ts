/**
 * Local mailbox: keeps every email the local backend sends, shows them on a page, serves them as
 * JSON for tests, and prints one line per email to the console.
 *
 *   GET    /                         the page, newest first
 *   GET    /api/messages?to=ADDRESS  JSON array, newest first: { to, subject, text, html, links, sentAt }
 *   DELETE /api/messages             forgets every email
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Clock } from "../clock.ts";
import { renderMailboxPage } from "./page.ts";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Email extends OutgoingEmail {
  links: string[];
  /** ISO 8601, from the shared clock. */
  sentAt: string;
}

export interface Mailbox {
  send(email: OutgoingEmail): Email;
  /** Newest first; only those sent to `to` (case-insensitive) when given. */
  messages(to?: string): Email[];
  clear(): void;
  handle(request: Request): Promise<Response>;
}

export interface MailboxOptions {
  clock: Clock;
  /** Keeps the emails in `${dataDir}/mailbox.json` across restarts. In memory when absent. */
  dataDir?: string;
  /** Print a line per email (default true). */
  log?: boolean;
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

export function linksIn(text: string): string[] {
  return [...new Set(text.match(LINK) ?? [])];
}

export function createMailbox(options: MailboxOptions): Mailbox {
  const storeFile = options.dataDir === undefined ? undefined : join(resolve(options.dataDir), "mailbox.json");
  let emails: Email[] = [];
  if (storeFile && existsSync(storeFile)) {
    try {
      emails = JSON.parse(readFileSync(storeFile, "utf8")) as Email[];
    } catch {
      emails = [];
    }
  }

  const save = () => {
    if (!storeFile) return;
    mkdirSync(resolve(storeFile, ".."), { recursive: true });
    writeFileSync(storeFile, JSON.stringify(emails));
  };

  const mailbox: Mailbox = {
    send(outgoing) {
      const email: Email = {
        ...outgoing,
        links: linksIn(outgoing.text),
        sentAt: new Date(options.clock.now()).toISOString(),
      };
      emails.push(email);
      save();
      if (options.log !== false) {
        console.log(`[mailbox] "${email.subject}" to ${email.to}${email.links.length ? ` ${email.links.join(" ")}` : ""}`);
      }
      return email;
    },

    messages(to) {
      const wanted = to?.trim().toLowerCase();
      return emails.filter((email) => wanted === undefined || email.to.toLowerCase() === wanted).reverse();
    },

    clear() {
      emails = [];
      save();
    },

    async handle(request) {
      const url = new URL(request.url);
      const method = request.method.toUpperCase();
      if (url.pathname === "/api/messages") {
        if (method === "GET") {
          return Response.json(mailbox.messages(url.searchParams.get("to") ?? undefined));
        }
        if (method === "DELETE") {
          mailbox.clear();
          return new Response(null, { status: 204 });
        }
        return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, DELETE" } });
      }
      if (url.pathname === "/" && (method === "GET" || method === "HEAD")) {
        return new Response(method === "HEAD" ? null : renderMailboxPage(mailbox.messages()), {
          headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
        });
      }
      return Response.json({ error: "Not found" }, { status: 404 });
    },
  };
  return mailbox;
}
