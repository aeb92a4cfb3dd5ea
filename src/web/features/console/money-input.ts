/**
 * Prices as an owner types them: a decimal in the business's currency ("45", "45.5", "45,50"),
 * sent to the API in minor units (cents, or whole yen: core/payments/money.ts `minorDigits`).
 */
import { minorDigits } from "../../../core/payments/money.ts";

/** Minor units of a typed amount; null when it is not an amount this currency can hold. */
export function parseAmount(text: string, currency: string): number | null {
  // Either separator is read as the decimal point: "45,50" and "45.50" are the same price.
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(text.trim().replace(/\s/g, ""));
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  // Too large an amount is the API's to refuse (its limit is the database column's).
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** Minor units as an editable decimal, with the page language's decimal sign and no grouping. */
export function amountText(minor: number, currency: string, languageTag: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(languageTag, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(minor / 10 ** digits);
}
