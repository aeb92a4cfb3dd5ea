/** A whole number as typed in a console field (spaces around allowed), or null when it is none. */
export function wholeNumberOf(text: string, maxDigits = 6): number | null {
  const trimmed = text.trim();
  return new RegExp(`^\\d{1,${maxDigits}}$`).test(trimmed) ? Number(trimmed) : null;
}
