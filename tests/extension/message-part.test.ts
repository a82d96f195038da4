// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { readFieldText } from "../../extension/lib/fields";
import { messageRange, messageTail, textMessagePart } from "../../extension/lib/message-part";

/** A rich editor holding `html`. */
function editor(html: string): HTMLElement {
  document.body.innerHTML = `<div contenteditable="true" aria-label="Message">${html}</div>`;
  return document.querySelector<HTMLElement>("[contenteditable]")!;
}

const GMAIL_SIGNATURE =
  '<span class="gmail_signature_prefix">-- </span><br><div dir="ltr" class="gmail_signature" data-smartmail="gmail_signature">Ben Ortiz<div>Northwind Traders</div></div>';
const GMAIL_QUOTE =
  '<div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Mon, Nov 23, 2026 Dana wrote:<br></div><blockquote class="gmail_quote"><div>Could you send the renewal quote?</div></blockquote></div>';

beforeEach(() => {
  document.body.innerHTML = "";
});

describe("the message part of a rich editor", () => {
  it("is the whole editor when it holds no signature or quote", () => {
    const field = editor("<div>hi sam</div><div>thanks</div>");
    expect(messageTail(field)).toBeNull();
    expect(readFieldText(field)).toBe(field.innerText);
    expect(messageRange(field).toString()).toBe("hi samthanks");
  });

  it.each([
    ["a Gmail signature", `<div dir="ltr"><div>hi sam</div><div>thanks</div><div><br></div>${GMAIL_SIGNATURE}</div>`, "gmail_signature_prefix"],
    ["a Gmail reply's quote", `<div dir="ltr"><div>hi sam</div><div>thanks</div></div><br>${GMAIL_QUOTE}`, "gmail_quote"],
    ["a Gmail signature above a quote", `<div dir="ltr"><div>hi sam</div><div>thanks</div><div><br></div>${GMAIL_SIGNATURE}</div><br>${GMAIL_QUOTE}`, "gmail_signature_prefix"],
    [
      "Outlook on the web's signature and reply header",
      '<div>hi sam</div><div>thanks</div><div><br></div><div id="Signature"><div>Ben Ortiz</div></div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg">From: Dana</div>',
      "Signature",
    ],
    ["a quote marked as cited (Thunderbird, Apple Mail)", '<div>hi sam</div><div>thanks</div><div class="moz-cite-prefix">Dana wrote:</div><blockquote type="cite">Could you send it?</blockquote>', "moz-cite-prefix"],
  ])("stops before %s, and ends at its last text", (_name, html, firstTail) => {
    const field = editor(html);
    const tail = messageTail(field) as Element;
    expect(tail.id === firstTail || tail.classList.contains(firstTail)).toBe(true);
    expect(readFieldText(field)).toBe("hi sam\nthanks");
    const range = messageRange(field);
    expect(range.toString()).toBe("hi samthanks");
    // The blank line before the signature is not part of the message: a replacement keeps it.
    expect(range.cloneContents().querySelectorAll("br")).toHaveLength(0);
    expect(range.intersectsNode(tail)).toBe(false);
  });

  it("leaves out a \"-- \" line written as plain text above the signature", () => {
    const field = editor('<div dir="ltr">hi sam<br clear="all"><div><br></div>-- <br><div dir="ltr" class="gmail_signature">Ben Ortiz</div></div>');
    expect(readFieldText(field)).toBe("hi sam");
    expect(messageRange(field).toString()).toBe("hi sam");
  });

  it.each([
    ["blocks, as Chrome writes lines", "<div>hi sam</div><div>thanks</div><div>--&nbsp;</div><div>Ben Ortiz</div>", "hi sam\nthanks"],
    ["lines of one block", "<div>hi sam<br>thanks<br>-- <br>Ben Ortiz</div>", "hi sam\nthanks"],
    ["paragraphs, with a blank line above the delimiter", "<p>hi sam</p><p>thanks</p><p><br></p><p>--</p><p>Ben Ortiz</p>", "hi sam\n\nthanks"],
    ["an inline element around the delimiter", "<div>hi sam</div><div>thanks</div><div><span>-- </span></div>\n  <div>Ben Ortiz</div>", "hi sam\nthanks"],
    ["an empty element and a comment beside the delimiter", "<div>hi sam</div><div>thanks</div><div><!-- x -->--&nbsp;<span></span></div><div>Ben Ortiz</div>", "hi sam\nthanks"],
  ])("ends at a \"-- \" line typed above a signature, without any markup for it: %s", (_name, html, message) => {
    const field = editor(html);
    expect(messageTail(field)?.textContent?.trim()).toMatch(/^--/);
    expect(readFieldText(field)).toBe(message);
    const range = messageRange(field);
    expect(range.toString()).toBe("hi samthanks");
    // It ends at the end of the message's last text: the line break after it stays outside.
    expect([range.endContainer.textContent, range.endOffset]).toEqual(["thanks", 6]);
  });

  it.each([
    ["dashes inside a line", "<div>the price -- as agreed -- stands</div><div>thanks</div>"],
    ["dashes at a line's end", "<div>hi sam<br>see you then --<br>Ben</div>"],
    ["a delimiter with a word after it on its line", "<div>hi sam</div><div>-- <b>Ben</b></div>"],
    ["a rule of three dashes", "<div>hi sam</div><div>---</div><div>next item</div>"],
    ["a quoted message's signature, in a quote no client markup marks", "<div>On Mon, Dana wrote:</div><blockquote><div>hi</div><div>-- </div><div>Dana</div></blockquote><div>my answer below</div>"],
    ["a hidden delimiter", '<div>hi sam</div><div style="display: none">--</div><div>thanks</div>'],
  ])("takes %s as part of the message", (_name, html) => {
    const field = editor(html);
    expect(messageTail(field)).toBeNull();
    expect(readFieldText(field)).toBe(field.innerText);
  });

  it("stops at whichever comes first, a typed \"-- \" line or the client's markup", () => {
    const typedFirst = editor(`<div>hi sam</div><div>-- </div><div>Ben</div><br>${GMAIL_QUOTE}`);
    expect(readFieldText(typedFirst)).toBe("hi sam");
    const markupFirst = editor(`<div>hi sam</div><br><div class="gmail_quote gmail_quote_container"><blockquote class="gmail_quote"><div>ok</div><div>-- </div><div>Dana</div></blockquote></div>`);
    expect((messageTail(markupFirst) as Element).classList.contains("gmail_quote")).toBe(true);
    expect(readFieldText(markupFirst)).toBe("hi sam");
  });

  it("takes a Gmail Quote button's blockquote in the message as part of it", () => {
    const field = editor(`<div dir="ltr"><div>as you said:</div><blockquote class="gmail_quote">we need 15 seats</blockquote><div>friday works</div><div><br></div>${GMAIL_SIGNATURE}</div>`);
    expect(readFieldText(field)).toBe("as you said:\nwe need 15 seats\nfriday works");
  });

  it("takes a line of no-break spaces above the signature as blank", () => {
    const field = editor(`<div>hi sam</div><div>&nbsp;</div>${GMAIL_SIGNATURE}`);
    expect(readFieldText(field)).toBe("hi sam");
    expect(messageRange(field).cloneContents().textContent).toBe("hi sam");
  });

  it("reads a line break and the text of an inline element within a line", () => {
    const field = editor(`<div dir="ltr">hi <span>sam</span>,<br>the report is   attached<div><br></div>${GMAIL_SIGNATURE}</div>`);
    expect(readFieldText(field)).toBe("hi sam,\nthe report is attached");
  });

  it("is empty when the quote comes first (a reply written below it is not read)", () => {
    const field = editor(`${GMAIL_QUOTE}<div>thanks dana</div>`);
    expect(readFieldText(field)).toBe("");
    expect(messageRange(field).collapsed).toBe(true);
  });

  it("keeps an image before the signature inside the message", () => {
    const field = editor(`<div dir="ltr"><div>see the chart</div><div><img alt="chart" src="data:,"></div>${GMAIL_SIGNATURE}</div>`);
    expect(messageRange(field).cloneContents().querySelector("img")).not.toBeNull();
  });
});

describe("the message part of a textarea (plain-text email)", () => {
  /** A case of the tables below: `value` reads as the message `expected`. */
  const readsAs = (_name: string, value: string, expected: string) => {
    const { start, end } = textMessagePart(value);
    expect(value.slice(start, end)).toBe(expected);
  };

  it.each([
    ["no signature or quote", "hi sam\n\nthanks", "hi sam\n\nthanks"],
    ["a signature after its delimiter", "hi sam\nthanks\n\n-- \nBen Ortiz\nNorthwind", "hi sam\nthanks"],
    ["a delimiter without its space", "hi sam\n--\nBen", "hi sam"],
    ["a reply's attribution and quote", "sure, friday works\n\nOn Mon, Nov 23, 2026 at 9:14 AM Dana <dana@example.com> wrote:\n> Could you send it?\n>\n> Dana", "sure, friday works"],
    ["quoted lines at the end without an attribution", "sure\n\n> Could you send it?\n> Thanks", "sure"],
    ["an Outlook divider", "see below\n\n-----Original Message-----\nFrom: Dana", "see below"],
    ["a forward's divider", "fyi\n\n---------- Forwarded message ---------\nFrom: Dana", "fyi"],
    ["a quote answered line by line (all of it is the message)", "> Could you send it?\nyes, friday\n> And the seats?\nfifteen", "> Could you send it?\nyes, friday\n> And the seats?\nfifteen"],
    ["a German attribution over the quote", "klingt gut\n\nAm Mo., 23. Nov. 2026 um 09:14 Uhr schrieb Dana <dana@example.com>:\n> Passt Freitag?", "klingt gut"],
    ["a French attribution a blank line above the quote", "ça marche\n\nLe lun. 23 nov. 2026 à 09:14, Dana a écrit :\n\n> Vendredi ?", "ça marche"],
    ["a line of the user's own that introduces a quote", "As you said:\n> we need 15 seats", "As you said:"],
    ["Outlook's line of underscores", "see below\n\n________________________________\nFrom: Dana", "see below"],
    ["a dash inside a line", "prices -- as discussed -- attached", "prices -- as discussed -- attached"],
    ["an attribution without a date a blank line above a quote at the end", "sure\n\nOn Monday, Dana wrote:\n\n> Could you send it?", "sure"],
  ])("%s", readsAs);

  describe("a reply written below the quote (bottom-posting)", () => {
    const ATTRIBUTION = "On Mon, Nov 23, 2026 at 9:14 AM Dana <dana@example.com> wrote:";
    it.each([
      ["right under the quote", `${ATTRIBUTION}\n> Could you send it?\nyes`, "yes"],
      ["with blank lines around it and a signature below", `\n${ATTRIBUTION}\n> Could you send it?\n>\n> Dana\n\nsure, friday works\nthanks\n\n\n-- \nBen Ortiz`, "sure, friday works\nthanks"],
      ["under a quote without an attribution", "> Could you send it?\n\nyes, friday", "yes, friday"],
      ["under a French attribution a blank line above the quote", "Le lun. 23 nov. 2026 à 09:14, Dana a écrit :\n\n> Vendredi ?\n\nça marche", "ça marche"],
      ["before a quote further down", `${ATTRIBUTION}\n> Could you send it?\n\nyes\n\nOn Sun, Nov 22, 2026, Sam wrote:\n> Dana, see below`, "yes"],
      ["nothing written yet", `${ATTRIBUTION}\n> Could you send it?\n\n\n-- \nBen`, ""],
      ["a quote answered line by line under the attribution (not read)", `${ATTRIBUTION}\n> Could you send it?\nyes\n> And the seats?\nfifteen`, ""],
      ["a signature above the quote (not read)", "-- \nBen\n\n> Could you send it?\nyes", ""],
      ["under a Chinese attribution (a full-width colon)", "Dana <dana@example.com> 于2026年11月23日周一 09:14写道：\n> 周五可以吗？\n\n可以", "可以"],
      ["a line of the user's own with a number above their quote (all of it is the message)", "Meeting at 10:\n> agenda item 1\n\nsee you there", "Meeting at 10:\n> agenda item 1\n\nsee you there"],
    ])("%s", readsAs);

    it("starts at the reply's first line, so the quote and the blank lines under it stay", () => {
      const value = `${ATTRIBUTION}\n> Could you send it?\n\nyes`;
      expect(textMessagePart(value)).toEqual({ start: value.indexOf("yes"), end: value.length });
    });
  });

  it("is what readFieldText gives for a textarea, and never cuts an input", () => {
    document.body.innerHTML = `<textarea></textarea><input>`;
    const area = document.querySelector("textarea")!;
    area.value = "hi sam\n\n-- \nBen";
    expect(readFieldText(area)).toBe("hi sam");
    area.value = "On Mon, Nov 23, 2026 at 9:14 AM Dana wrote:\n> Could you send it?\n\nyes, friday\n\n-- \nBen";
    expect(readFieldText(area)).toBe("yes, friday");
    const input = document.querySelector("input")!;
    input.value = "> not a quote in a one-line field";
    expect(readFieldText(input)).toBe("> not a quote in a one-line field");
  });
});
