// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { detectField, editableRoot, readsAsMessage } from "../../extension/lib/fields";

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  const el = document.querySelector<HTMLElement>("[data-testid=target]");
  if (!el) throw new Error("no target");
  return el;
}

beforeEach(() => {
  document.body.innerHTML = "";
});

describe("field detection: what is a field", () => {
  it.each([
    ["a textarea", `<textarea data-testid="target"></textarea>`],
    ["a text input", `<input type="text" data-testid="target">`],
    ["an input without a type", `<input data-testid="target">`],
    ["an input with an unknown type (reads as text)", `<input type="fancy" data-testid="target">`],
    ["a contenteditable editor", `<div contenteditable="true" data-testid="target"></div>`],
    ["an empty contenteditable attribute", `<div contenteditable data-testid="target"></div>`],
    ["a plaintext-only editor", `<div contenteditable="plaintext-only" data-testid="target"></div>`],
    ["an ordinary form with autocomplete=off", `<form autocomplete="off"><input name="subject" data-testid="target"><textarea name="body"></textarea></form>`],
    ["a field whose label merely contains the word search", `<textarea aria-label="Research notes for the client" data-testid="target"></textarea>`],
    ["a message box with a placeholder", `<textarea placeholder="Write a message…" data-testid="target"></textarea>`],
    ["an editor that offers mentions as a combobox", `<div contenteditable="true" role="combobox" data-testid="target"></div>`],
    ["an email's subject line named for the email", `<input name="email_subject" data-testid="target">`],
    ["an email's body, a textarea named email", `<textarea name="email" data-testid="target"></textarea>`],
    ["an input whose label mentions email later on", `<label>Note about the email <input data-testid="target"></label>`],
    // Short sensitive words count only as whole words of a name.
    ["a notes field named classNotes (not an SSN)", `<textarea name="classNotes" data-testid="target"></textarea>`],
    ["a field named footprint (not an OTP)", `<input name="footprint_summary" data-testid="target">`],
    ["a field named compassNote (not a pass)", `<input name="compassNote" data-testid="target">`],
    ["a template editor that mentions personalization tokens", `<textarea placeholder="Write your email. Personalization tokens like {first_name} work here." data-testid="target"></textarea>`],
    ["a text input whose autocomplete is off or on", `<input name="subject" autocomplete="on" data-testid="target">`],
  ])("accepts %s", (_label, html) => {
    const el = mount(html);
    expect(detectField(el)).toBe(el);
  });

  it("resolves a node inside an editor to the editor's outermost editable root", () => {
    mount(`<div contenteditable="true" data-testid="target"><p><b id="inner">Hi</b></p></div>`);
    const root = document.querySelector("[data-testid=target]");
    const inner = document.getElementById("inner");
    expect(detectField(inner)).toBe(root);
    expect(editableRoot(inner?.firstChild ?? null)).toBe(root);
  });

  it("does not treat a non-editable island inside an editor as the editor", () => {
    mount(`<div contenteditable="true"><span contenteditable="false"><i data-testid="target">chip</i></span></div>`);
    expect(detectField(document.querySelector("[data-testid=target]"))).toBeNull();
  });

  it("ignores ordinary elements and non-elements", () => {
    expect(detectField(mount(`<div data-testid="target">text</div>`))).toBeNull();
    expect(detectField(mount(`<button data-testid="target">Send</button>`))).toBeNull();
    expect(detectField(null)).toBeNull();
    expect(detectField(window)).toBeNull();
  });
});

describe("field detection: exclusions", () => {
  it.each([
    ["password", `<input type="password" data-testid="target">`],
    ["email", `<input type="email" data-testid="target">`],
    ["search", `<input type="search" data-testid="target">`],
    ["number", `<input type="number" data-testid="target">`],
    ["tel", `<input type="tel" data-testid="target">`],
    ["url", `<input type="url" data-testid="target">`],
    ["hidden input", `<input type="hidden" data-testid="target">`],
    ["one-time-code", `<input autocomplete="one-time-code" data-testid="target">`],
    ["a secret, by label (a CI secret's value)", `<form autocomplete="off"><label>Secret <textarea name="secret_value" data-testid="target"></textarea></label></form>`],
    ["a secret, by name", `<textarea name="api_secret" data-testid="target"></textarea>`],
    ["a private key, by name", `<textarea name="serviceAccountPrivateKey" data-testid="target"></textarea>`],
    ["an access token, by name", `<input name="access_token" data-testid="target">`],
    ["an API key, by placeholder", `<input placeholder="Paste your API key" data-testid="target">`],
    ["a recovery phrase, by placeholder", `<textarea placeholder="Enter your 12-word recovery phrase" data-testid="target"></textarea>`],
    ["a lowercase run-together password name", `<input name="newpassword" data-testid="target">`],
    ["a person's name, by autocomplete", `<input autocomplete="name" data-testid="target">`],
    ["a street address, by autocomplete", `<input autocomplete="shipping address-line1" data-testid="target">`],
    ["an address textarea, by autocomplete", `<textarea autocomplete="street-address" data-testid="target"></textarea>`],
    ["a company, by autocomplete", `<input autocomplete="organization" data-testid="target">`],
    ["payment: cc-number", `<input autocomplete="cc-number" data-testid="target">`],
    ["payment: cc-csc", `<input autocomplete="cc-csc" data-testid="target">`],
    ["payment: section-pay cc-exp", `<input autocomplete="section-pay cc-exp" data-testid="target">`],
    ["a current-password text field", `<input autocomplete="current-password" data-testid="target">`],
    ["a field named like a card number", `<input name="cardNumber" data-testid="target">`],
    ["a field named otp", `<input id="otp" data-testid="target">`],
    ["a disabled textarea", `<textarea disabled data-testid="target"></textarea>`],
    ["a field in a disabled fieldset", `<fieldset disabled><input data-testid="target"></fieldset>`],
    ["a read-only input", `<input readonly data-testid="target">`],
    ["a read-only textarea", `<textarea readonly data-testid="target"></textarea>`],
    ["an aria-readonly editor", `<div contenteditable="true" aria-readonly="true" data-testid="target"></div>`],
    ["a hidden attribute", `<textarea hidden data-testid="target"></textarea>`],
    ["inside a hidden ancestor", `<div hidden><textarea data-testid="target"></textarea></div>`],
    ["display:none", `<textarea style="display:none" data-testid="target"></textarea>`],
    ["inside a display:none ancestor", `<div style="display:none"><textarea data-testid="target"></textarea></div>`],
    ["visibility:hidden", `<textarea style="visibility:hidden" data-testid="target"></textarea>`],
    ["inside an inert region", `<div inert><textarea data-testid="target"></textarea></div>`],
    ["contenteditable=false", `<div contenteditable="false" data-testid="target"></div>`],
    ["a search engine's box (a combobox textarea in a search form)", `<form role="search"><textarea name="q" role="combobox" autocomplete="off" data-testid="target"></textarea></form>`],
    ["a field in a <search> landmark", `<search><input data-testid="target"></search>`],
    ["a field in a role=search landmark", `<div role="search"><div contenteditable="true" data-testid="target"></div></div>`],
    ["a searchbox role", `<div contenteditable="true" role="searchbox" data-testid="target"></div>`],
    ["an input named q", `<input name="q" data-testid="target">`],
    ["an input named search_query", `<input name="search_query" data-testid="target">`],
    ["an input whose placeholder starts with Search", `<input placeholder="Search Amazon" data-testid="target">`],
    ["an input whose aria-label starts with Search", `<input aria-label="Search mail" data-testid="target">`],
    ["a single-line combobox (a recipient picker)", `<input role="combobox" aria-label="To" data-testid="target">`],
    ["a field whose placeholder says card number", `<input placeholder="Card number" data-testid="target">`],
    ["a field labelled credit card", `<label for="pay">Credit card</label><input id="pay" data-testid="target">`],
    ["a field wrapped in a CVV label", `<label>CVV <input data-testid="target"></label>`],
    ["a field labelled by an element saying IBAN", `<span id="l">Your IBAN</span><input aria-labelledby="l" data-testid="target">`],
    ["an editor whose aria-label says verification code", `<div contenteditable="true" aria-label="Verification code" data-testid="target"></div>`],
    ["a text input with autocomplete=email", `<input type="text" name="contact" autocomplete="email" data-testid="target">`],
    ["a text input with autocomplete=username", `<input type="text" autocomplete="username" data-testid="target">`],
    ["a text input named email", `<input type="text" name="email" data-testid="target">`],
    ["a text input named user[email]", `<input name="user[email]" data-testid="target">`],
    ["a text input with the id loginEmail", `<input id="loginEmail" data-testid="target">`],
    ["a text input named username", `<input name="user_name" data-testid="target">`],
    ["a text input named login", `<input name="login" data-testid="target">`],
    ["a text input whose placeholder is Email address", `<input placeholder="Email address" data-testid="target">`],
    ["a text input labelled Your email", `<label for="e">Your email</label><input id="e" data-testid="target">`],
    ["a text input whose aria-label is Username", `<input aria-label="Username" data-testid="target">`],
  ])("excludes %s", (_label, html) => {
    expect(detectField(mount(html))).toBeNull();
  });

  it.each([
    ["data-gramm=false on the field", `<textarea data-gramm="false" data-testid="target"></textarea>`],
    ["data-gramm=false on an editor", `<div contenteditable="true" data-gramm="false" data-testid="target"></div>`],
    ["data-tonewise=off on the field", `<textarea data-tonewise="off" data-testid="target"></textarea>`],
    ["data-tonewise=off on an ancestor", `<section data-tonewise="off"><input data-testid="target"></section>`],
    ["autocomplete=off on a login form", `<form autocomplete="off"><input name="user" data-testid="target"><input type="password" name="pw"></form>`],
    ["autocomplete=off on a checkout form", `<form autocomplete="off"><input name="holder" data-testid="target"><input autocomplete="cc-number"></form>`],
    ["autocomplete=off on the field of a verification form", `<form><input autocomplete="off" name="note" data-testid="target"><input autocomplete="one-time-code"></form>`],
  ])("honours the opt-out: %s", (_label, html) => {
    expect(detectField(mount(html))).toBeNull();
  });

  it("still accepts the same field once the opt-out is removed", () => {
    const el = mount(`<textarea data-tonewise="off" data-testid="target"></textarea>`);
    expect(detectField(el)).toBeNull();
    el.removeAttribute("data-tonewise");
    expect(detectField(el)).toBe(el);
  });
});

describe("what reads as a message", () => {
  it("is text with letters, in any script", () => {
    expect(readsAsMessage("Thanks for the call today")).toBe(true);
    expect(readsAsMessage("Спасибо за звонок сегодня")).toBe(true);
    expect(readsAsMessage("今日はありがとうございました")).toBe(true);
  });

  it("is never digits and punctuation alone: a card number, a phone number, a sum", () => {
    expect(readsAsMessage("4242 4242 4242 4242")).toBe(false);
    expect(readsAsMessage("+1 (555) 010-2233")).toBe(false);
    expect(readsAsMessage("1,250.00 / 3 = 416.67")).toBe(false);
  });
});

describe("what reads as a message: machine-made secrets are not", () => {
  it("is never a private key, a JSON credentials file or a pasted API key", () => {
    expect(readsAsMessage("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----")).toBe(false);
    expect(readsAsMessage('{\n  "type": "service_account",\n  "project_id": "acme-prod",\n  "client_email": "ci@acme-prod.example"\n}')).toBe(false);
    expect(readsAsMessage("sk_test_4eC39HqLyjWDarjtT1zdp7dc9f8a7b6c5d4e3f2a1")).toBe(false);
    expect(readsAsMessage("here it is: ghp_16C7e42F292c6912E7710c838347Ae178B4a0123456789")).toBe(false);
  });

  it("is still a message with a long link in it, or a brace in prose", () => {
    expect(readsAsMessage("Hi Sam, the proposal is here: https://docs.example.com/document/d/1aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789/edit — let me know")).toBe(true);
    expect(readsAsMessage("{Draft} hi Sam, quick note on the renewal price for next year")).toBe(true);
  });
});
