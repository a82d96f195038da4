/**
 * Guardrails on every rewrite, in plain code: a suggestion may polish the words, never the facts.
 * Every number (in digits, or a word from "two" to "ninety-nine"), amount, time, date word, URL,
 * email address, @handle, placeholder and name of the message must be in the rewrite, and the
 * rewrite may bring none of its own. A message that says "no" somewhere ("we can't offer a
 * discount") must still say it, and one that never does must not start to. The length stays
 * within sensible bounds, and an empty or unchanged answer is a failure.
 *
 * A verdict names only kinds of problems, never the text or the facts themselves, so it is safe
 * to log. Pure: runs in Node, the Worker and the browser alike.
 */
export type FactKind = "number" | "amount" | "time" | "date" | "url" | "email" | "handle" | "name" | "placeholder" | "negation";
export type GuardrailProblem = "empty" | "echo" | "too_short" | "too_long" | "missing_fact" | "invented_fact";
export type GuardrailVerdict =
  | { ok: true }
  | { ok: false; problems: GuardrailProblem[]; missing: FactKind[]; invented: FactKind[] };

/** The rewrite may be as short as half the message, or as long as 2.5× plus a greeting and sign-off. */
export const MIN_LENGTH_RATIO = 0.5;
export const MAX_LENGTH_RATIO = 2.5;
export const LENGTH_ALLOWANCE_CHARACTERS = 160;

export type Facts = Map<FactKind, Set<string>>;

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
const EMAIL_PATTERN = /\b[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}\b/gi;
const HANDLE_PATTERN = /(^|[^\w@./])@([A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,38}[A-Za-z0-9_])?)/g;
const PLACEHOLDER_PATTERN = /\{\{?\s*[^{}\n]{1,40}?\s*\}?\}|\[[A-Za-z][^[\]\n]{0,40}\]/g;
const AMOUNT_PATTERN =
  /(?:[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn|million|billion|thousand)\b)?)|(?:\b\d[\d,]*(?:\.\d+)?\s?(?:usd|eur|gbp|dollars|euros|pounds)\b)/gi;
const TIME_PATTERN = /\b(\d{1,2})(?::(\d{2}))?\s?(am|pm|a\.m\.|p\.m\.)(?![a-z])|\b(\d{1,2}):(\d{2})\b/gi;
const NUMBER_PATTERN = /\d+(?:[.,]\d+)*/g;

const WEEKDAYS: Record<string, string> = {
  monday: "monday", mon: "monday",
  tuesday: "tuesday", tue: "tuesday", tues: "tuesday",
  wednesday: "wednesday", wed: "wednesday",
  thursday: "thursday", thu: "thursday", thur: "thursday", thurs: "thursday",
  friday: "friday", fri: "friday",
  saturday: "saturday", sat: "saturday",
  sunday: "sunday", sun: "sunday",
};
const MONTHS: Record<string, string> = {
  january: "january", jan: "january", february: "february", feb: "february", march: "march", mar: "march",
  april: "april", apr: "april", may: "may", june: "june", jun: "june", july: "july", jul: "july",
  august: "august", aug: "august", september: "september", sep: "september", sept: "september",
  october: "october", oct: "october", november: "november", nov: "november", december: "december", dec: "december",
};
const RELATIVE_DAYS = new Set(["today", "tomorrow", "tonight", "yesterday", "weekend"]);

/** Words that are capitalised at the start of a greeting, sign-off or sentence, not names. */
const NOT_NAMES = new Set(
  (
    "i i'm i'll i've i'd hi hello hey dear thanks thank best regards cheers sincerely kind warm warmly yours " +
    "please let looking ok okay yes no also and but so the a an if when as just quick good great happy " +
    "morning afternoon evening team all everyone there folks"
  ).split(" "),
);

const UNITS = ["", "", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/**
 * A number written as a word, two to ninety-nine ("ten", "twenty-five"): the same fact as its
 * digits. "One" is left out: "one of our clients" or "the one you sent" count nothing.
 */
function spelledNumber(word: string): number | null {
  const unit = UNITS.indexOf(word);
  if (unit >= 2) return unit;
  const [tensWord, unitWord, ...rest] = word.split("-");
  const tens = TENS.indexOf(tensWord!);
  if (tens < 2 || rest.length > 0) return null;
  if (unitWord === undefined) return tens * 10;
  const ones = unitWord === "one" ? 1 : UNITS.indexOf(unitWord);
  return ones >= 1 && ones <= 9 ? tens * 10 + ones : null;
}

/** "two hundred", "five thousand": the number times its scale (200, 5000). */
const SCALE_AFTER = /^[\s-]*(hundred|thousand|million|billion)\b/i;
const SCALES: Record<string, number> = { hundred: 100, thousand: 1_000, million: 1_000_000, billion: 1_000_000_000 };

function addFact(facts: Facts, kind: FactKind, value: string): void {
  let set = facts.get(kind);
  if (!set) facts.set(kind, (set = new Set()));
  set.add(value);
}

function stripTrailingPunctuation(url: string): string {
  return url.replace(/[.,;:!?)\]}'"]+$/, "");
}

function normalizeAmount(amount: string): string {
  return amount.toLowerCase().replace(/[\s,]/g, "").replace(/\.0+(?=\D|$)/, "");
}

function normalizeNumber(number: string): string {
  // Thousands separators go; a decimal part stays ("1,200" = "1200"; "1.5" ≠ "15").
  const withoutThousands = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(number) ? number.replace(/,/g, "") : number.replace(/,/g, ".");
  return withoutThousands.replace(/^0+(?=\d)/, "");
}

function normalizeTime(hourText: string, minuteText: string | undefined, meridiem: string | undefined): string {
  let hour = Number(hourText);
  const minute = minuteText ? Number(minuteText) : 0;
  const suffix = meridiem?.toLowerCase().replace(/\./g, "");
  if (suffix === "pm" && hour < 12) hour += 12;
  if (suffix === "am" && hour === 12) hour = 0;
  return `${hour}:${String(minute).padStart(2, "0")}`;
}

/** Masks what a pattern matched, so later patterns do not see it again. */
function mask(text: string, pattern: RegExp, onMatch: (match: RegExpExecArray) => void): string {
  return text.replace(pattern, (...args) => {
    const match = args.slice(0, -2) as unknown as RegExpExecArray;
    onMatch(match);
    return " ".repeat(String(args[0]).length);
  });
}

/** Sentence starts: the beginning, a new line, or after . ! ? : */
function isSentenceStart(text: string, index: number): boolean {
  for (let position = index - 1; position >= 0; position--) {
    const char = text[position]!;
    if (char === "\n") return true;
    if (/\s/.test(char) || char === '"' || char === "(" || char === "-" || char === "*") continue;
    return /[.!?:]/.test(char);
  }
  return true;
}

/** The facts of a message, normalised for comparison. */
export function extractFacts(text: string): Facts {
  const facts: Facts = new Map();
  let rest = text;
  rest = mask(rest, URL_PATTERN, ([url]) => addFact(facts, "url", stripTrailingPunctuation(url!).toLowerCase()));
  rest = mask(rest, EMAIL_PATTERN, ([email]) => addFact(facts, "email", email!.toLowerCase()));
  rest = mask(rest, HANDLE_PATTERN, (match) => addFact(facts, "handle", `@${match[2]!.toLowerCase()}`));
  rest = mask(rest, PLACEHOLDER_PATTERN, ([placeholder]) => addFact(facts, "placeholder", placeholder!.replace(/\s+/g, "").toLowerCase()));
  rest = mask(rest, AMOUNT_PATTERN, ([amount]) => {
    addFact(facts, "amount", normalizeAmount(amount!));
    for (const number of amount!.match(NUMBER_PATTERN) ?? []) addFact(facts, "number", normalizeNumber(number));
  });
  rest = mask(rest, TIME_PATTERN, (match) => {
    const time = match[1] ? normalizeTime(match[1], match[2], match[3]) : normalizeTime(match[4]!, match[5], undefined);
    addFact(facts, "time", time);
  });
  for (const [number] of rest.matchAll(NUMBER_PATTERN)) addFact(facts, "number", normalizeNumber(number));

  for (const match of text.matchAll(/[A-Za-z][A-Za-z'’-]*/g)) {
    const word = match[0];
    const bare = word.toLowerCase().replace(/’/g, "'").replace(/'s$/, "");
    const capitalised = /^[A-Z]/.test(word);
    const sentenceStart = isSentenceStart(text, match.index!);
    const nearDigit = /\d/.test(text.slice(Math.max(0, match.index! - 3), match.index! + word.length + 3));
    const spelled = spelledNumber(bare);
    if (spelled !== null) {
      const scale = SCALE_AFTER.exec(text.slice(match.index! + word.length))?.[1]?.toLowerCase();
      addFact(facts, "number", String(spelled * (scale ? SCALES[scale]! : 1)));
      continue;
    }
    // Full day and month names always count; short forms ("Sat", "Mar") and "May" only where they
    // cannot be an ordinary word: capitalised mid-sentence, or next to a day number.
    const calendar = WEEKDAYS[bare] ?? MONTHS[bare];
    const fullName = calendar === bare && bare !== "may";
    if (calendar && (fullName || nearDigit || (capitalised && !sentenceStart))) addFact(facts, "date", calendar);
    else if (RELATIVE_DAYS.has(bare)) addFact(facts, "date", bare);
    else if (capitalised && !calendar && !NOT_NAMES.has(bare) && bare.length > 1 && !sentenceStart) addFact(facts, "name", bare);
  }
  return facts;
}

/** Words and endings that say "no" (English, as the rest of these checks). */
const NEGATION_PATTERN =
  /\b(?:not|no|never|nothing|nobody|none|neither|nor|cannot|unable|without|nowhere)\b|n['’]t\b|\b(?:dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|werent|shouldnt|wouldnt|couldnt|havent|hasnt|hadnt)\b/i;

/**
 * Set phrases whose "no" says nothing is refused ("Don't hesitate to…", "No problem"): a rewrite
 * may drop or add them freely.
 */
const IDIOMATIC_NEGATION_PATTERN =
  /\b(?:do\s*n['’]?t|please\s+do\s+not|do\s+not)\s+hesitate\b|\bno\s+(?:problem|worries|rush|pressure|obligation)\b|\bnot\s+a\s+problem\b|\bnot\s+at\s+all\b|\bno\s+doubt\b|\bnot\s+only\b|\bif\s+not\b|\bor\s+not\b/gi;

/** Whether a text says "no" somewhere, set phrases aside. */
function saysNo(text: string): boolean {
  return NEGATION_PATTERN.test(text.replace(IDIOMATIC_NEGATION_PATTERN, " "));
}

/** Every word of a text, lowercased: a name the message wrote in lower case still counts as written. */
function wordsOf(text: string): Set<string> {
  return new Set([...text.toLowerCase().replace(/’/g, "'").matchAll(/[a-z][a-z'-]*/g)].map(([word]) => word.replace(/'s$/, "")));
}

function normalizeForEcho(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

export function checkRewrite(input: string, output: string): GuardrailVerdict {
  const problems = new Set<GuardrailProblem>();
  const missing = new Set<FactKind>();
  const invented = new Set<FactKind>();
  const trimmed = output.trim();

  if (trimmed.length === 0) problems.add("empty");
  else {
    if (normalizeForEcho(trimmed) === normalizeForEcho(input)) problems.add("echo");
    const inputLength = input.trim().length;
    if (trimmed.length < inputLength * MIN_LENGTH_RATIO) problems.add("too_short");
    if (trimmed.length > inputLength * MAX_LENGTH_RATIO + LENGTH_ALLOWANCE_CHARACTERS) problems.add("too_long");

    const before = extractFacts(input);
    const after = extractFacts(trimmed);
    const inputWords = wordsOf(input);
    const outputWords = wordsOf(trimmed);
    for (const [kind, values] of before) {
      for (const value of values) {
        const kept = kind === "name" ? outputWords.has(value) : (after.get(kind)?.has(value) ?? false);
        if (!kept) missing.add(kind);
      }
    }
    for (const [kind, values] of after) {
      for (const value of values) {
        const known = kind === "name" ? inputWords.has(value) : (before.get(kind)?.has(value) ?? false);
        if (!known) invented.add(kind);
      }
    }
    const negatedBefore = saysNo(input);
    const negatedAfter = saysNo(trimmed);
    if (negatedBefore && !negatedAfter) missing.add("negation");
    if (!negatedBefore && negatedAfter) invented.add("negation");
    if (missing.size > 0) problems.add("missing_fact");
    if (invented.size > 0) problems.add("invented_fact");
  }

  if (problems.size === 0) return { ok: true };
  return { ok: false, problems: [...problems], missing: [...missing], invented: [...invented] };
}
