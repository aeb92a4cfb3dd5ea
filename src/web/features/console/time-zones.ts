/** IANA zones for a console select, the given one (the business's, or the record's) first. */
export function timeZones(first: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [first, ...all.filter((z) => z !== first)];
}
