/**
 * The built-in test provider's cards: the numbers Stripe documents for test mode, answered the way
 * Stripe answers them, so the paid flow can be tried — and tested — offline, with no account.
 * https://docs.stripe.com/testing#cards
 */
export type TestCardOutcome =
  "succeeded" | "requires_action" | "card_declined" | "insufficient_funds" | "expired_card" | "processing_error";

const TEST_CARDS: Readonly<Record<string, TestCardOutcome>> = {
  "4242424242424242": "succeeded",
  "5555555555554444": "succeeded",
  "4000000000000002": "card_declined",
  "4000000000009995": "insufficient_funds",
  "4000000000000069": "expired_card",
  "4000000000000119": "processing_error",
  "4000002500003155": "requires_action",
  "4000002760003184": "requires_action",
};

/** Any other valid number is declined, as Stripe declines a real card in test mode. */
export const testCardOutcome = (number: string): TestCardOutcome => TEST_CARDS[digitsOf(number)] ?? "card_declined";

const digitsOf = (number: string) => number.replace(/[\s-]/g, "");

/** The Luhn check every card number passes. */
export function isCardNumber(number: string): boolean {
  const digits = digitsOf(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardFieldError = "CARD_NUMBER_INVALID" | "CARD_EXPIRY_INVALID" | "CARD_CVC_INVALID";

/** Field errors of a card as typed (expiry `MM/YY`, not before this month in UTC). */
export function cardFieldErrors(
  card: { readonly number: string; readonly expiry: string; readonly cvc: string },
  nowMs: number,
): { readonly path: string; readonly code: CardFieldError }[] {
  const errors: { path: string; code: CardFieldError }[] = [];
  if (!isCardNumber(card.number)) errors.push({ path: "card.number", code: "CARD_NUMBER_INVALID" });
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry);
  const now = new Date(nowMs);
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!expiry || month < 1 || month > 12 || year * 12 + month < current)
    errors.push({ path: "card.expiry", code: "CARD_EXPIRY_INVALID" });
  if (!/^\s*\d{3,4}\s*$/.test(card.cvc)) errors.push({ path: "card.cvc", code: "CARD_CVC_INVALID" });
  return errors;
}
