import { describe, expect, it } from "vitest";
import { amountText, parseAmount } from "./money.ts";

describe("parseAmount", () => {
  it.each([
    ["45", "EUR", 4500],
    ["45.5", "EUR", 4550],
    ["45,50", "EUR", 4550],
    [" 1 200 ", "EUR", 120000],
    ["0", "EUR", 0],
    ["4500", "JPY", 4500],
    ["1.005", "BHD", 1005],
  ])("%s %s → %d minor units", (text, currency, minor) => {
    expect(parseAmount(text, currency)).toBe(minor);
  });

  it.each([
    ["", "EUR"],
    ["abc", "EUR"],
    ["-5", "EUR"],
    ["45.555", "EUR"],
    ["45.5", "JPY"],
    ["1.2.3", "EUR"],
    ["1234567890123", "EUR"],
  ])("refuses %j in %s", (text, currency) => {
    expect(parseAmount(text, currency)).toBeNull();
  });
});

describe("amountText", () => {
  it("writes the amount back as it would be typed", () => {
    expect(amountText(4550, "EUR", "en")).toBe("45.50");
    expect(amountText(4550, "EUR", "de")).toBe("45,50");
    expect(amountText(120000, "EUR", "de")).toBe("1200,00");
    expect(amountText(4500, "JPY", "en")).toBe("4500");
  });
});
