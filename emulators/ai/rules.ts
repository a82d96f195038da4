/**
 * The local AI stand-in's rewrite: deterministic rules per tone and message type, so the product
 * works offline with nothing but a fresh clone. It is not a model: it tidies (spacing,
 * capitalisation, punctuation, common typos), drops filler words and hedges, expands or keeps
 * contractions to fit the tone, adds a greeting and sign-off where the message type calls for
 * them, and for a persuasive tone ends with a clear question. It never touches a fact — numbers,
 * amounts, dates, times, links, email addresses, @handles and placeholders are set aside before
 * the rules run and put back unchanged — and never adds one (no names, no figures).
 */
export const TONES = ["professional", "friendly", "persuasive", "casual"] as const;
export const MESSAGE_TYPES = ["text", "email", "linkedin", "crm", "social"] as const;
export type Tone = (typeof TONES)[number];
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Facts the rules must not touch, in the order they are set aside. */
const PROTECTED = [
  /\b(?:https?:\/\/|www\.)[^\s<>"'`]+[^\s<>"'`.,;:!?)\]}]/gi,
  /\b[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}\b/gi,
  /(?<![\w@./])@[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,38}[A-Za-z0-9_])?/g,
  /\{\{?\s*[^{}\n]{1,40}?\s*\}?\}|\[[A-Za-z][^[\]\n]{0,40}\]/g,
  /[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn|million|billion|thousand)\b)?/gi,
  /\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)(?![a-z])/gi,
  /\d+(?:[.,:/-]\d+)*(?:st|nd|rd|th|%)?/gi,
];

// Private-use characters: no rule's pattern (words, digits, spaces) can match inside a sentinel.
const SENTINEL = (index: number) => `\uE000${String.fromCharCode(0xe100 + index)}\uE001`;
const SENTINEL_PATTERN = /\uE000([\uE100-\uEFFF])\uE001/g;

function protect(text: string): { text: string; facts: string[] } {
  const facts: string[] = [];
  let result = text;
  for (const pattern of PROTECTED) {
    result = result.replace(pattern, (match) => {
      facts.push(match);
      return SENTINEL(facts.length - 1);
    });
  }
  return { text: result, facts };
}

function restore(text: string, facts: string[]): string {
  return text.replace(SENTINEL_PATTERN, (_, index: string) => facts[index.charCodeAt(0) - 0xe100]!);
}

/** Common typos and texting shorthand (never date words: a "fixed" date would change a fact). */
const TYPOS: Record<string, string> = {
  teh: "the", recieve: "receive", recieved: "received", definately: "definitely", seperate: "separate",
  untill: "until", alot: "a lot", wich: "which", thier: "their", occured: "occurred", accomodate: "accommodate",
  begining: "beginning", beleive: "believe", calender: "calendar", goverment: "government", truely: "truly",
  u: "you", ur: "your", pls: "please", plz: "please", thx: "thanks", thnx: "thanks", ty: "thank you",
  im: "I'm", ive: "I've", dont: "don't", cant: "can't", wont: "won't", didnt: "didn't", doesnt: "doesn't",
  isnt: "isn't", wasnt: "wasn't", couldnt: "couldn't", shouldnt: "shouldn't", wouldnt: "wouldn't",
  youre: "you're", thats: "that's", whats: "what's", theyre: "they're", hes: "he's", shes: "she's",
  b4: "before", bc: "because", cuz: "because", w: "with", asap: "as soon as possible", fyi: "for your information",
  "i": "I",
};

/** Filler words and hedges that weaken a professional message. */
const FILLERS = [
  /\bjust\s+wanted\s+to\b/gi, // handled below: "just wanted to" → "wanted to"
  /\b(?:really|basically|actually|literally|totally|honestly|simply)\s+/gi,
  /\b(?:kind of|sort of|kinda|sorta)\s+/gi,
  /,\s*you know,(?=\s)/gi, // only as an aside: "do you know anyone" is a real question
  /\bjust\s+/gi,
  /\bI think that\s+/g,
  /\bi guess\s+/gi,
];

const EXPANSIONS: Array<[RegExp, string]> = [
  [/\bI'm\b/g, "I am"], [/\bI've\b/g, "I have"], [/\bI'll\b/g, "I will"], [/\bI'd\b/g, "I would"],
  [/\bwe're\b/gi, "we are"], [/\bwe've\b/gi, "we have"], [/\bwe'll\b/gi, "we will"],
  [/\byou're\b/gi, "you are"], [/\byou've\b/gi, "you have"], [/\byou'll\b/gi, "you will"],
  [/\bthey're\b/gi, "they are"], [/\bit's\b/gi, "it is"], [/\bthat's\b/gi, "that is"], [/\bwhat's\b/gi, "what is"],
  [/\bdon't\b/gi, "do not"], [/\bdoesn't\b/gi, "does not"], [/\bdidn't\b/gi, "did not"], [/\bcan't\b/gi, "cannot"],
  [/\bwon't\b/gi, "will not"], [/\bisn't\b/gi, "is not"], [/\baren't\b/gi, "are not"], [/\bwasn't\b/gi, "was not"],
  [/\bcouldn't\b/gi, "could not"], [/\bshouldn't\b/gi, "should not"], [/\bwouldn't\b/gi, "would not"],
  [/\bhere's\b/gi, "here is"], [/\bthere's\b/gi, "there is"],
];

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\bI am\b/g, "I'm"], [/\bI have\b(?!\s+(?:a|an|the|to|no|some|any)\b)/g, "I've"], [/\bI will\b/g, "I'll"],
  [/\bwe are\b/gi, "we're"], [/\bwe will\b/gi, "we'll"], [/\byou are\b/gi, "you're"], [/\byou will\b/gi, "you'll"],
  [/\bit is\b/gi, "it's"], [/\bthat is\b/gi, "that's"], [/\bdo not\b/gi, "don't"], [/\bdoes not\b/gi, "doesn't"],
  [/\bdid not\b/gi, "didn't"], [/\bcannot\b/gi, "can't"], [/\bwill not\b/gi, "won't"], [/\bis not\b/gi, "isn't"],
  [/\bare not\b/gi, "aren't"], [/\bwas not\b/gi, "wasn't"], [/\blet us\b/gi, "let's"],
];

const GREETING =
  /^(hi|hello|hey|dear|good (?:morning|afternoon|evening)|greetings)\b(?:[ \t]+([A-Za-z'’-]+(?:[ \t]+[A-Za-z'’-]+){0,2}))?[ \t]*(?:[,!.:][ \t]*\n*|\n+)/i;
/** A closing line (and a name under it) at the end, after at least one line of message. */
const SIGN_OFF =
  /\n[ \t]*((?:thanks|thank you|many thanks|best|best regards|kind regards|regards|cheers|sincerely|talk soon|warm regards|all the best)\b[^\n]{0,20})(\n[^\n]{1,40})?\s*$/i;
const NOT_A_NAME = new Set(["there", "all", "team", "everyone", "folks", "guys", "again", "y'all"]);
/** Words that start a message right after "hi", so they are not the reader's name. */
const NOT_A_NAME_AFTER_GREETING = new Set([
  ...NOT_A_NAME, "i", "i'm", "im", "we", "just", "quick", "hope", "following", "checking", "wanted", "thanks", "thank", "so",
  "sorry", "hello", "hi", "hey", "good", "it", "its", "this", "that", "the", "a", "as", "my", "our", "your", "you", "u", "how", "can", "could", "would",
]);
const QUESTION_START = /^(?:can|could|would|will|do|does|did|is|are|should|shall|what|when|where|why|how|who|which|may|have|has)\s/i;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const WEEKDAY_NAMES = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gi;
const MONTH_NAMES = /\b(january|february|april|june|july|august|september|october|november|december)\b/gi;
const AMBIGUOUS_MONTHS_BY_A_DAY = /(\uE001\s?)(march|may)\b|\b(march|may)(?=\s?\uE000)/gi;

/** Day and month names take a capital letter ("march" and "may" only next to a day number). */
function capitaliseCalendar(text: string): string {
  return text
    .replace(WEEKDAY_NAMES, (word) => capitalise(word.toLowerCase()))
    .replace(MONTH_NAMES, (word) => capitalise(word.toLowerCase()))
    .replace(AMBIGUOUS_MONTHS_BY_A_DAY, (match) => match.replace(/march|may/i, (word) => capitalise(word.toLowerCase())));
}

function tidySpacing(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/([,;])(?=[^\s\d\uE000])/g, "$1 ")
    .replace(/([.!?])\1{1,}/g, "$1")
    .trim();
}

function fixTypos(text: string): string {
  return text.replace(/\b[a-z0-9]+\b/gi, (word) => {
    const fix = TYPOS[word.toLowerCase()];
    if (fix === undefined) return word;
    if (word === "i") return "I";
    return /^[A-Z]/.test(word) && fix !== "I" ? fix[0]!.toUpperCase() + fix.slice(1) : fix;
  });
}

function removeFillers(text: string): string {
  let result = text.replace(FILLERS[0]!, "wanted to");
  for (const pattern of FILLERS.slice(1)) result = result.replace(pattern, "");
  return result.replace(/ {2,}/g, " ").replace(/ ,/g, ",");
}

function applyTone(text: string, tone: Tone): string {
  const pairs = tone === "professional" || tone === "persuasive" ? EXPANSIONS : CONTRACTIONS;
  let result = text;
  for (const [pattern, replacement] of pairs) {
    result = result.replace(pattern, (match) => (/^[A-Z]/.test(match) && !/^I\b/.test(match) ? replacement[0]!.toUpperCase() + replacement.slice(1) : replacement));
  }
  return result;
}

/** Capitalises sentence starts and ends every sentence with punctuation (a question mark for questions). */
function punctuate(paragraph: string): string {
  const sentences = paragraph.match(/[^.!?\n]+(?:[.!?]+|$)/g) ?? [paragraph];
  return sentences
    .map((raw) => {
      let sentence = raw.trim();
      if (!sentence) return "";
      sentence = sentence.replace(/^([a-z])/, (letter) => letter.toUpperCase());
      if (/[\w)'"%\uE001]$/.test(sentence)) sentence += QUESTION_START.test(sentence) ? "?" : ".";
      return sentence;
    })
    .filter(Boolean)
    .join(" ");
}

const GREETING_WITHOUT_PUNCTUATION = /^(hi|hello|hey|dear)[ \t]+([A-Za-z'’-]+)[ \t]+(?=\S)/i;

function splitGreeting(text: string): { greeting?: { word: string; names: string }; body: string } {
  const match = GREETING.exec(text);
  if (match) return { greeting: { word: match[1]!, names: (match[2] ?? "").trim() }, body: text.slice(match[0].length).trim() };
  const loose = GREETING_WITHOUT_PUNCTUATION.exec(text);
  if (loose && !NOT_A_NAME_AFTER_GREETING.has(loose[2]!.toLowerCase())) {
    return { greeting: { word: loose[1]!, names: loose[2]! }, body: text.slice(loose[0].length).trim() };
  }
  return { body: text };
}

function formatGreeting(greeting: { word: string; names: string } | undefined, tone: Tone): string {
  if (!greeting) return tone === "friendly" || tone === "casual" ? "Hi," : "Hello,";
  const names = greeting.names
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (NOT_A_NAME.has(word.toLowerCase()) ? word.toLowerCase() : capitalise(word)))
    .join(" ");
  return `${capitalise(greeting.word.toLowerCase())}${names ? ` ${names}` : ""},`;
}

const SIGN_OFFS: Record<Tone, string> = {
  professional: "Best regards,",
  friendly: "Thanks so much,",
  persuasive: "Looking forward to hearing from you,",
  casual: "Cheers,",
};

const CALL_TO_ACTION = "Would you be open to a quick call to discuss next steps?";

function lastSentenceIsQuestion(text: string): boolean {
  return /\?\s*$/.test(text.trim());
}

export function rewriteByRules(text: string, tone: Tone, messageType: MessageType): string {
  const { text: masked, facts } = protect(text);
  let working = tidySpacing(masked);
  working = fixTypos(working);
  working = removeFillers(working);
  working = applyTone(working, tone);
  working = capitaliseCalendar(working);

  const signOffMatch = SIGN_OFF.exec(working);
  let signOff: string | undefined;
  if (signOffMatch) {
    const closing = capitalise(signOffMatch[1]!.trim());
    const name = signOffMatch[2]?.trim();
    signOff = name ? `${closing}\n${capitalise(name)}` : closing;
    working = working.slice(0, signOffMatch.index).trim();
  }
  const { greeting, body } = splitGreeting(working);
  const paragraphs = body
    .split(/\n{2,}|\n/)
    .map((paragraph) => punctuate(paragraph.trim()))
    .filter(Boolean);
  if (tone === "persuasive" && paragraphs.length > 0 && !lastSentenceIsQuestion(paragraphs.at(-1)!)) paragraphs.push(CALL_TO_ACTION);

  const opening = messageType === "email" || messageType === "linkedin" || greeting ? formatGreeting(greeting, tone) : undefined;
  const closing = messageType === "email" ? (signOff ?? SIGN_OFFS[tone]) : signOff;
  const separator = messageType === "email" ? "\n\n" : " ";
  let result = [opening, paragraphs.join(separator), closing].filter(Boolean).join("\n\n");
  result = restore(result.trim(), facts);

  // A draft already in good shape still gets a touch of the chosen tone, never an echo.
  if (result.replace(/\s+/g, " ").trim().toLowerCase() === text.replace(/\s+/g, " ").trim().toLowerCase()) {
    const touch: Record<Tone, string> = {
      professional: "Thank you.",
      friendly: "Thanks!",
      persuasive: CALL_TO_ACTION,
      casual: "Cheers!",
    };
    result = `${result} ${touch[tone]}`;
  }
  return result;
}
