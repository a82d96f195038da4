/**
 * Stripe's test cards as the hosted checkout page sees them: 4242 4242 4242 4242 (and any other
 * number passing the Luhn check) pays; 4000 0000 0000 0002 is declined with Stripe's message.
 */

export type CardOutcome =
  | { ok: true }
  | { ok: false; kind: "invalid" | "declined"; message: string };

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export const SUCCESS_CARD = "4242 4242 4242 4242";

const DECLINED_CARD = "4000000000000002";

/** Checks the card form at `now` (unix seconds) and returns how a charge on it goes. */
export function chargeCard(card: CardInput, now: number): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) {
    return { ok: false, kind: "invalid", message: "Your card number is invalid." };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) {
    return { ok: false, kind: "invalid", message: "Your card's expiration date is incomplete." };
  }
  const yearText = expiry[2] ?? "";
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const endOfExpiryMonth = Date.UTC(year, month, 1) / 1000;
  if (endOfExpiryMonth <= now) {
    return { ok: false, kind: "invalid", message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return { ok: false, kind: "invalid", message: "Your card's security code is incomplete." };
  }
  if (digits === DECLINED_CARD) return { ok: false, kind: "declined", message: "Your card was declined." };
  return { ok: true };
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** An expiry a few years after `now` (unix seconds), "MM / YY", to prefill the form. */
export function prefilledExpiry(now: number): string {
  const year = new Date(now * 1000).getUTCFullYear() + 5;
  return `12 / ${String(year % 100).padStart(2, "0")}`;
}
