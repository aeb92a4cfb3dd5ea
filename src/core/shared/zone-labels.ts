/**
 * How a time zone is named to a person: its city ("New York") and its name at an instant ("Eastern
 * Daylight Time", "Mitteleuropäische Sommerzeit"), never the raw IANA id. Small on purpose: the booking
 * page's first JavaScript holds it (the cities' names in other languages are in zone-cities.ts).
 */
/** "New York" from "America/New_York". */
export const zoneCity = (zone: string) => (zone.split("/").pop() ?? zone).replace(/_/g, " ");

/** The zone's name at `at` in the language of `languageTag` (Intl), or the id where Intl has none. */
export function zoneLongName(zone: string, at: Date, languageTag: string): string {
  const part = new Intl.DateTimeFormat(languageTag, { timeZone: zone, timeZoneName: "long" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? zone;
}
