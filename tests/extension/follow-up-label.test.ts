// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { cleanLabel, followUpLabel, followUpUrl, MAX_LABEL_LENGTH, withoutReplyPrefixes } from "../../extension/lib/follow-up-label";

function field(): HTMLElement {
  const el = document.querySelector<HTMLElement>("[data-testid=field]");
  if (!el) throw new Error("no field");
  return el;
}

beforeEach(() => {
  document.body.innerHTML = "";
  document.title = "Page title";
});

describe("a reminder's label, from the page", () => {
  it("Gmail: the compose window's subject, without Re:/Fwd:", () => {
    document.title = "Inbox (3) - maria@example.com - Gmail";
    document.body.innerHTML = `<div role="dialog"><input name="subjectbox" value="Re: Fwd: demo recap"><div contenteditable="true" data-testid="field"></div></div>`;
    expect(followUpLabel(document, "mail.google.com", field())).toBe("demo recap");
  });

  it("Gmail: of two compose windows, the subject of the one being typed in", () => {
    document.body.innerHTML = `
      <div class="compose"><input name="subjectbox" value="Quarterly numbers"><div contenteditable="true"></div></div>
      <div class="compose"><input name="subjectbox" value="Maria Alvarez — demo recap"><div contenteditable="true" data-testid="field"></div></div>`;
    expect(followUpLabel(document, "mail.google.com", field())).toBe("Maria Alvarez — demo recap");
  });

  it("Gmail: a reply in a thread takes the thread's subject", () => {
    document.body.innerHTML = `<h2 class="hP">  Pricing
      for the Acme pilot </h2><div class="reply"><div contenteditable="true" data-testid="field"></div></div>`;
    expect(followUpLabel(document, "mail.google.com", field())).toBe("Pricing for the Acme pilot");
  });

  it("Gmail: an empty subject falls back to the page's title", () => {
    document.title = "Inbox - Gmail";
    document.body.innerHTML = `<div><input name="subjectbox" value=""><div contenteditable="true" data-testid="field"></div></div>`;
    expect(followUpLabel(document, "mail.google.com", field())).toBe("Inbox - Gmail");
  });

  it("LinkedIn: the chat bubble's name, the one being typed in", () => {
    document.body.innerHTML = `
      <div class="msg-overlay-conversation-bubble"><h2 class="msg-overlay-bubble-header__title"><a>Sam Lee</a></h2><div contenteditable="true"></div></div>
      <div class="msg-overlay-conversation-bubble"><h2 class="msg-overlay-bubble-header__title">
        <a><span>Maria Alvarez</span></a></h2><div class="msg-form"><div contenteditable="true" data-testid="field"></div></div></div>`;
    expect(followUpLabel(document, "www.linkedin.com", field())).toBe("Maria Alvarez");
  });

  it("LinkedIn: on the messaging page, the open conversation's name", () => {
    document.body.innerHTML = `<div class="msg-convo"><h2 class="msg-entity-lockup__entity-title">Priya Natarajan</h2>
      <form><div contenteditable="true" data-testid="field"></div></form></div>`;
    expect(followUpLabel(document, "www.linkedin.com", field())).toBe("Priya Natarajan");
  });

  it("elsewhere: the page's title, even when the page has Gmail-like elements", () => {
    document.title = "  Support ticket #4411 \n — Helpdesk ";
    document.body.innerHTML = `<input name="subjectbox" value="Not Gmail"><h2 class="hP">Not Gmail</h2><textarea data-testid="field"></textarea>`;
    expect(followUpLabel(document, "helpdesk.example.com", field())).toBe("Support ticket #4411 — Helpdesk");
  });

  it("without a title: the site's name", () => {
    document.title = "";
    document.body.innerHTML = `<textarea data-testid="field"></textarea>`;
    expect(followUpLabel(document, "crm.example.com", field())).toBe("crm.example.com");
  });

  it("never reads the message being written", () => {
    document.title = "";
    document.body.innerHTML = `<div><input name="subjectbox" value=""><div contenteditable="true" data-testid="field">Hi Maria, the numbers are in.</div></div>`;
    expect(followUpLabel(document, "mail.google.com", field())).toBe("mail.google.com");
  });
});

describe("cleaning a label", () => {
  it("makes one plain line", () => {
    expect(cleanLabel(" Maria\tAlvarez\r\n— demo\u0000 recap\u2028 ")).toBe("Maria Alvarez — demo recap");
  });

  it("trims to 120 characters with an ellipsis", () => {
    const long = "word ".repeat(60);
    const label = cleanLabel(long);
    expect(label.length).toBeLessThanOrEqual(MAX_LABEL_LENGTH);
    expect(label.endsWith("…")).toBe(true);
    expect(cleanLabel("x".repeat(120))).toBe("x".repeat(120));
  });

  it("never cuts an emoji in half", () => {
    const label = cleanLabel(`${"a".repeat(118)}😀😀`);
    expect(label.length).toBeLessThanOrEqual(MAX_LABEL_LENGTH);
    expect(label).toBe(`${"a".repeat(118)}…`);
    expect(() => encodeURIComponent(label)).not.toThrow();
  });

  it("drops reply and forward prefixes only at the start", () => {
    expect(withoutReplyPrefixes("RE: re: FW: Budget")).toBe("Budget");
    expect(withoutReplyPrefixes("Re[2]: Budget")).toBe("Budget");
    expect(withoutReplyPrefixes("Budget: Re: plan")).toBe("Budget: Re: plan");
  });
});

describe("the page's address", () => {
  it("is kept for http and https pages, fragment included (Gmail's thread)", () => {
    expect(followUpUrl("https://mail.google.com/mail/u/0/#inbox/FMfcgzQ")).toBe("https://mail.google.com/mail/u/0/#inbox/FMfcgzQ");
    expect(followUpUrl("http://127.0.0.1:8080/textarea.html")).toBe("http://127.0.0.1:8080/textarea.html");
  });

  it("never carries the message being written: text parameters are left out, ids and views stay", () => {
    // Gmail's compose page, with the subject and the body in its address.
    expect(followUpUrl("https://mail.google.com/mail/?view=cm&fs=1&to=ana%40example.com&su=Pricing&body=hi+ana%2C+the+price+is+%241%2C200+for+15+seats")).toBe(
      "https://mail.google.com/mail/?view=cm&fs=1&to=ana%40example.com",
    );
    expect(followUpUrl("https://x.com/intent/post?text=Our%20launch%20is%20on%20Tuesday")).toBe("https://x.com/intent/post");
    // Any parameter whose value reads as words, whatever its name; in a fragment's own query too.
    expect(followUpUrl("https://crm.example.com/deals/42?tab=notes&draft=call%20me%20back%20tomorrow")).toBe("https://crm.example.com/deals/42?tab=notes");
    expect(followUpUrl("https://mail.example.com/#inbox/8f3a?compose=new&Body=see+you+friday")).toBe("https://mail.example.com/#inbox/8f3a?compose=new");
    expect(followUpUrl("https://support.example.com/tickets?id=1234&view=all")).toBe("https://support.example.com/tickets?id=1234&view=all");
    // A fragment made of parameters is read as such; an address with nothing to leave out stays exactly as written.
    expect(followUpUrl("https://app.example.com/compose#to=ana%40example.com&body=see%20you%20friday")).toBe("https://app.example.com/compose#to=ana%40example.com");
    expect(followUpUrl("https://mail.example.com/?to=a@b.c&flag")).toBe("https://mail.example.com/?to=a@b.c&flag");
  });

  it("is not kept for other schemes or past 2048 characters", () => {
    expect(followUpUrl("file:///home/me/notes.html")).toBeNull();
    expect(followUpUrl("chrome-extension://abc/popup.html")).toBeNull();
    expect(followUpUrl("about:blank")).toBeNull();
    expect(followUpUrl(`https://example.com/?q=${"a".repeat(2048)}`)).toBeNull();
  });
});
