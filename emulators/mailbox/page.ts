/** The local mailbox's page: every email, newest first, with its links clickable. */
import { escapeHtml } from "../html.ts";
import type { Email } from "./index.ts";


/** Plain text with every http(s) URL turned into a link. */
function textWithLinks(text: string): string {
  const pieces: string[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
    const start = match.index ?? 0;
    pieces.push(escapeHtml(text.slice(last, start)));
    const url = escapeHtml(match[0]);
    pieces.push(`<a href="${url}">${url}</a>`);
    last = start + match[0].length;
  }
  pieces.push(escapeHtml(text.slice(last)));
  return pieces.join("");
}

function renderEmail(email: Email): string {
  const sentAt = new Date(email.sentAt);
  return `<article>
  <header>
    <h2>${escapeHtml(email.subject)}</h2>
    <p class="meta">To <strong>${escapeHtml(email.to)}</strong> · <time datetime="${escapeHtml(email.sentAt)}">${escapeHtml(
      sentAt.toUTCString(),
    )}</time></p>
  </header>
  <pre>${textWithLinks(email.text)}</pre>
  ${
    email.links.length
      ? `<ul class="links">${email.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join("")}</ul>`
      : ""
  }
  <details><summary>HTML version</summary><iframe sandbox title="${escapeHtml(email.subject)}" srcdoc="${escapeHtml(
    email.html,
  )}"></iframe></details>
</article>`;
}

export function renderMailboxPage(emails: Email[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox · Tonewise</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { max-width: 52rem; margin: 0 auto; padding: 1.5rem; }
  h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
  .intro { color: GrayText; margin: 0 0 1.5rem; }
  article { border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 0.5rem; padding: 1rem 1.25rem; margin: 0 0 1rem; }
  article h2 { font-size: 1.1rem; margin: 0; }
  .meta { margin: 0.25rem 0 0.75rem; color: GrayText; font-size: 0.9rem; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0 0 0.75rem; }
  a { word-break: break-all; }
  .links { padding-left: 1.25rem; margin: 0 0 0.5rem; }
  iframe { width: 100%; min-height: 16rem; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); background: white; }
  form { margin: 0 0 1.5rem; }
</style>
</head>
<body>
<main>
<h1>Local mailbox</h1>
<p class="intro">Emails the local Supabase sent (confirmations, password resets), newest first. ${
    emails.length === 1 ? "1 email." : `${emails.length} emails.`
  } <a href="/">Refresh</a> · JSON at <a href="/api/messages">/api/messages</a></p>
${emails.length ? emails.map(renderEmail).join("\n") : "<p>No emails yet.</p>"}
</main>
</body>
</html>`;
}
