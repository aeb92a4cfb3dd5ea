import { describe, expect, it } from "vitest";
import { minorDigits, formatMoney } from "./money.ts";
import { paymentDue } from "./payment-plan.ts";
import { cardFieldErrors, isCardNumber, testCardOutcome } from "./test-cards.ts";

const NOW = Date.UTC(2026, 10, 25);

describe("test cards", () => {
  it("answer like Stripe's test numbers; other valid numbers are declined", () => {
    expect(testCardOutcome("4242 4242 4242 4242")).toBe("succeeded");
    expect(testCardOutcome("4000-0000-0000-0002")).toBe("card_declined");
    expect(testCardOutcome("4000000000009995")).toBe("insufficient_funds");
    expect(testCardOutcome("4000002500003155")).toBe("requires_action");
    expect(testCardOutcome("4111111111111111")).toBe("card_declined");
  });

  it("check the number (Luhn), the expiry (not past) and the CVC", () => {
    expect(isCardNumber("4242424242424241")).toBe(false);
    expect(cardFieldErrors({ number: "4242424242424242", expiry: "11/26", cvc: "123" }, NOW)).toEqual([]);
    expect(cardFieldErrors({ number: "1234", expiry: "10/26", cvc: "1" }, NOW).map((e) => e.code)).toEqual([
      "CARD_NUMBER_INVALID",
      "CARD_EXPIRY_INVALID",
      "CARD_CVC_INVALID",
    ]);
    expect(cardFieldErrors({ number: "4242424242424242", expiry: "13/30", cvc: "1234" }, NOW)).toEqual([
      { path: "card.expiry", code: "CARD_EXPIRY_INVALID" },
    ]);
  });
});

describe("money", () => {
  it("uses the currency's own minor digits", () => {
    expect([minorDigits("EUR"), minorDigits("JPY"), minorDigits("KWD")]).toEqual([2, 0, 3]);
    expect(formatMoney(1050, "JPY", "en")).toBe("¥1,050");
    expect(formatMoney(1050, "KWD", "en")).toBe("KWD\u00a01.050");
    expect(formatMoney(1050, "EUR", "de")).toBe("10,50\u00a0€");
  });
});

describe("payment due", () => {
  it("is the total, the deposit, or nothing", () => {
    const price = { totalCents: 10000, depositCents: 2500 };
    expect(paymentDue("full", price)).toEqual({ kind: "full", amountMinor: 10000 });
    expect(paymentDue("deposit", price)).toEqual({ kind: "deposit", amountMinor: 2500 });
    expect(paymentDue("none", price)).toBeNull();
    expect(paymentDue(undefined, price)).toBeNull();
    expect(paymentDue("deposit", { totalCents: 10000, depositCents: 0 })).toBeNull();
    expect(paymentDue("full", { totalCents: 0, depositCents: 0 })).toBeNull();
  });
});
