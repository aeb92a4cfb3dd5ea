/** Locale code at the start of a path: the module's `^/(codes)(?:/|$)` regex, case-insensitive (C.2). */

export function localesRegex(codes: readonly string[]): RegExp {
  const pattern = codes.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  return new RegExp(`^/(${pattern})(?:/|$)`, "i");
}

/** The code a path starts with, in its configured spelling (`/FR/x` → `fr`), or `''`. */
export function localeFromPath(path: string, codes: readonly string[]): string {
  if (codes.length === 0) return "";
  const match = path.match(localesRegex(codes))?.[1];
  if (match === undefined) return "";
  return codes.find((c) => c.toLowerCase() === match.toLowerCase()) ?? "";
}
