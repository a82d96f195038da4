import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkRewrite, extractFacts } from "~/lib/optimize/guardrails";

const INPUT = "hi sam, following up on the proposal i sent tuesday. the price is $1,200 per month for 15 seats. details: https://acme.example/p/77 or email ana@acme.example. cc @jlee. call at 3pm?";
const GOOD =
  "Hi Sam,\n\nI'm following up on the proposal I sent on Tuesday. The price is $1,200 per month for 15 seats. Details: https://acme.example/p/77, or email ana@acme.example. cc @jlee. Could we talk at 3pm?\n\nBest regards,";

describe("guardrails", () => {
  it("accept a rewrite that keeps every fact", () => {
    expect(checkRewrite(INPUT, GOOD)).toEqual({ ok: true });
  });

  it.each([
    ["a changed price", GOOD.replace("$1,200", "$1,100"), "amount"],
    ["a changed number", GOOD.replace("15 seats", "16 seats"), "number"],
    ["a changed link", GOOD.replace("/p/77", "/p/78"), "url"],
    ["a changed email", GOOD.replace("ana@", "anna@"), "email"],
    ["a changed handle", GOOD.replace("@jlee", "@jlea"), "handle"],
    ["a changed day", GOOD.replace("Tuesday", "Monday"), "date"],
    ["a changed time", GOOD.replace("3pm", "4pm"), "time"],
  ])("refuse %s: one fact missing and one invented", (_, output, kind) => {
    const verdict = checkRewrite(INPUT, output);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.problems).toEqual(expect.arrayContaining(["missing_fact", "invented_fact"]));
    expect(verdict.missing).toContain(kind);
    expect(verdict.invented).toContain(kind);
  });

  it("refuse a dropped fact", () => {
    const verdict = checkRewrite(INPUT, GOOD.replace(" cc @jlee.", ""));
    expect(verdict).toMatchObject({ ok: false, problems: ["missing_fact"], missing: ["handle"], invented: [] });
  });

  it("refuse invented facts: a discount, a date, a name, a link", () => {
    for (const [addition, kind] of [
      [" We can also offer 10% off.", "number"],
      [" I'll send it by Friday.", "date"],
      [" My colleague Priya will join.", "name"],
      [" See https://evil.example too.", "url"],
      [" Reply to help@acme.example.", "email"],
      [" It's only $99 to start.", "amount"],
    ] as const) {
      const verdict = checkRewrite(INPUT, GOOD.replace("\n\nBest regards,", `${addition}\n\nBest regards,`));
      expect(verdict, addition).toMatchObject({ ok: false, problems: ["invented_fact"] });
      if (!verdict.ok) expect(verdict.invented, addition).toContain(kind);
    }
  });

  it("refuse an empty answer and an echo", () => {
    expect(checkRewrite(INPUT, "  \n ")).toMatchObject({ ok: false, problems: ["empty"] });
    expect(checkRewrite(INPUT, INPUT.toUpperCase().toLowerCase())).toMatchObject({ ok: false, problems: ["echo"] });
    expect(checkRewrite(INPUT, `  ${INPUT.replace(/ /g, "  ")} `)).toMatchObject({ ok: false, problems: ["echo"] });
  });

  it("refuse a rewrite far too short or too long", () => {
    expect(checkRewrite(INPUT, "Hi Sam, $1,200.")).toMatchObject({ ok: false, problems: expect.arrayContaining(["too_short"]) });
    expect(checkRewrite("thanks for the call", `Thanks for the call. ${"Really great. ".repeat(30)}`)).toMatchObject({
      ok: false,
      problems: ["too_long"],
    });
    // A greeting and a sign-off around a short message are fine.
    expect(checkRewrite("thanks for the call", "Hello,\n\nThank you for the call.\n\nBest regards,")).toEqual({ ok: true });
  });

  it("treat formatting of the same fact as the same fact", () => {
    expect(checkRewrite("the total is $1200 due 3:00 pm", "The total is $1,200, due at 3pm.")).toEqual({ ok: true });
    expect(checkRewrite("see www.acme.example/demo.", "Please see www.acme.example/demo")).toEqual({ ok: true });
    expect(checkRewrite("email ANA@Acme.example", "Please email ana@acme.example.")).toEqual({ ok: true });
    expect(checkRewrite("hi maria, quick one", "Hi Maria, a quick one.")).toEqual({ ok: true });
    expect(checkRewrite("meet on the 12th of march", "Let's meet on the 12th of March.")).toEqual({ ok: true });
  });

  it("do not take greetings, sign-offs, sentence starts or 'may' for facts", () => {
    expect(checkRewrite("can we talk", "Hello,\n\nCould we talk?\n\nBest regards,\nThanks")).toEqual({ ok: true });
    expect(checkRewrite("may i ask about pricing", "May I ask about pricing?")).toEqual({ ok: true });
  });

  it("read numbers written as words as the same facts as their digits", () => {
    expect(checkRewrite("we have ten seats left at $40 each", "We have 10 seats left, at $40 each.")).toEqual({ ok: true });
    expect(checkRewrite("we have 25 seats left", "We have twenty-five seats left.")).toEqual({ ok: true });
    expect(checkRewrite("we have ten seats left", "We have twelve seats left.")).toMatchObject({ ok: false, missing: ["number"], invented: ["number"] });
    // "One" is not read ("one of" is no figure); a scale word multiplies.
    expect(checkRewrite("one of our clients asked about it", "A client of ours asked about it.")).toEqual({ ok: true });
    expect(checkRewrite("about two hundred people came", "About 200 people came.")).toEqual({ ok: true });
    expect(checkRewrite("about two hundred people came", "About 300 people came.")).toMatchObject({ ok: false, missing: ["number"] });
  });

  it("refuse a rewrite that drops the message's 'no', or says 'no' where the message did not", () => {
    const refusal = "sorry, we cant offer a discount on the annual plan";
    expect(checkRewrite(refusal, "I'm sorry, but we can't offer a discount on the annual plan.")).toEqual({ ok: true });
    expect(checkRewrite(refusal, "I'm sorry, but we cannot offer a discount on the annual plan.")).toEqual({ ok: true });
    expect(checkRewrite(refusal, "I'm sorry, but we are unable to offer a discount on the annual plan.")).toEqual({ ok: true });
    expect(checkRewrite(refusal, "Good news: we can offer a discount on the annual plan.")).toMatchObject({ ok: false, problems: ["missing_fact"], missing: ["negation"] });
    expect(checkRewrite("i can make the call thursday", "Unfortunately, I can't make the call on Thursday.")).toMatchObject({
      ok: false,
      problems: ["invented_fact"],
      invented: ["negation"],
    });
  });

  it("let set phrases whose 'no' refuses nothing come and go", () => {
    expect(checkRewrite("let me know if you have questions", "Please don't hesitate to let me know if you have any questions.")).toEqual({ ok: true });
    expect(checkRewrite("no worries, send it when you can", "Of course, please send it whenever you can.")).toEqual({ ok: true });
    // A real "no" beside a set phrase still has to stay.
    expect(checkRewrite("no worries, we dont need it before friday", "Of course, we need it before Friday.")).toMatchObject({ ok: false, missing: ["negation"] });
  });

  it("name only kinds in a verdict, never the values", () => {
    const verdict = checkRewrite(INPUT, GOOD.replace("$1,200", "$9,999"));
    expect(JSON.stringify(verdict)).not.toMatch(/1,?200|9,?999|\$/);
  });

  it("extract facts of every kind", () => {
    const facts = extractFacts(INPUT);
    expect([...facts.keys()].sort()).toEqual(["amount", "date", "email", "handle", "number", "time", "url"]);
    expect(extractFacts("Fill in {first_name} and [date], then ask Maria Alvarez at Acme Corp").get("placeholder")).toEqual(
      new Set(["{first_name}", "[date]"]),
    );
    expect(extractFacts("then ask Maria Alvarez at Acme Corp").get("name")).toEqual(new Set(["maria", "alvarez", "acme", "corp"]));
  });

  it("property: adding a number, link or email to any message is always caught", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("thanks", "for", "the", "call", "we", "can", "start", "soon", "quote", "team"), { minLength: 3, maxLength: 20 }),
        fc.constantFrom(" 42 licences", " https://x.example/a", " bo@x.example", " $75", " @someone"),
        (words, addition) => {
          const input = words.join(" ");
          const verdict = checkRewrite(input, `${input}${addition} extra`);
          expect(verdict.ok).toBe(false);
          if (!verdict.ok) expect(verdict.problems).toContain("invented_fact");
        },
      ),
    );
  });
});
