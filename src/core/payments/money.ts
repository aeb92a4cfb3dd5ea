/**
 * Amounts are integers in the currency's minor units (ISO 4217): 1050 is 10.50 EUR, 1050 is ¥1,050,
 * 1050 is 1.050 KWD. The number of minor digits comes from the platform's currency data (Intl), so
 * no table here can drift from it.
 */
const digitsCache = new Map<string, number>();

/** How many minor digits the currency has: EUR 2, JPY 0, KWD 3. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** A minor-unit amount in the visitor's language: `formatMoney(1050, "EUR", "de")` → "10,50 €". */
export const formatMoney = (minor: number, currency: string, languageTag: string) =>
  new Intl.NumberFormat(languageTag, { style: "currency", currency }).format(minor / 10 ** minorDigits(currency));

/**
 * Minor units of an amount as people type it: a decimal in the currency ("45", "45.5", "45,50");
 * null when it is not an amount this currency can hold (too many decimals, a sign, letters).
 */
export function parseAmount(text: string, currency: string): number | null {
  // Either separator is read as the decimal point: "45,50" and "45.50" are the same amount.
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(text.trim().replace(/\s/g, ""));
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** Minor units as an editable decimal, with the language's decimal sign and no grouping. */
export function amountText(minor: number, currency: string, languageTag: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(languageTag, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(minor / 10 ** digits);
}
