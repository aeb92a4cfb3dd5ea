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
