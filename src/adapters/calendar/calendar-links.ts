/**
 * "Add to calendar" links for the providers that accept an event in a URL. Apple Calendar (and
 * iCloud) has no such URL: it opens the booking's `.ics` file instead.
 */

export interface CalendarLinkEvent {
  title: string;
  /** Instants, ISO 8601. */
  startUtc: string;
  endUtc: string;
  details?: string | null;
  location?: string | null;
}

export interface CalendarLinks {
  google: string;
  office365: string;
  outlook: string;
  apple: string;
}

/** `20260329T003000Z`: the compact UTC form Google expects in `dates`. */
export function compactUtc(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** `2026-03-29T00:30:00Z`: Outlook's deeplinks take ISO 8601 with the zone. */
function isoUtc(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function query(params: [string, string | null | undefined][]): string {
  // encodeURIComponent, not URLSearchParams: Outlook shows a '+' from form encoding literally.
  return params
    .filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "")
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");
}

export function googleCalendarUrl(event: CalendarLinkEvent): string {
  return `https://calendar.google.com/calendar/render?${query([
    ["action", "TEMPLATE"],
    ["text", event.title],
    ["dates", `${compactUtc(event.startUtc)}/${compactUtc(event.endUtc)}`],
    ["details", event.details],
    ["location", event.location],
  ])}`;
}

function outlookUrl(host: string, event: CalendarLinkEvent): string {
  return `https://${host}/calendar/0/deeplink/compose?${query([
    ["subject", event.title],
    ["startdt", isoUtc(event.startUtc)],
    ["enddt", isoUtc(event.endUtc)],
    ["body", event.details],
    ["location", event.location],
    ["path", "/calendar/action/compose"],
    ["rru", "addevent"],
  ])}`;
}

/** Outlook on the web for work and school accounts (Microsoft 365). */
export function office365CalendarUrl(event: CalendarLinkEvent): string {
  return outlookUrl("outlook.office.com", event);
}

/** Outlook.com for personal Microsoft accounts. */
export function outlookLiveCalendarUrl(event: CalendarLinkEvent): string {
  return outlookUrl("outlook.live.com", event);
}

/** Every provider; `icsUrl` is the booking's downloadable calendar file (Apple/iCloud). */
export function calendarLinks(event: CalendarLinkEvent, icsUrl: string): CalendarLinks {
  return {
    google: googleCalendarUrl(event),
    office365: office365CalendarUrl(event),
    outlook: outlookLiveCalendarUrl(event),
    apple: icsUrl,
  };
}
