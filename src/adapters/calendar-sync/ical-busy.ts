/**
 * Busy time in iCalendar text (an ICS feed, or CalDAV objects), with Mozilla's parser (`ical.js`):
 * every event that is not transparent or cancelled, recurring ones expanded (RRULE, RDATE, EXDATE
 * and moved occurrences) inside the window. Times in a zone the file defines (VTIMEZONE) or names
 * (an IANA TZID) are exact; floating times and all-day events are read in the staff member's zone.
 * Our own bookings written into a CalDAV calendar are skipped: they block through the booking.
 */
import ICAL from "ical.js";
import { isValidTimeZone, localDateTimeToEpochMs, type EpochMs } from "../../core/shared/time.ts";

export interface BusySpan {
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
}

/** The UIDs this product gives its own events (bookingUid, app/bookings/snapshot.ts). */
export const isOwnEventUid = (uid: string | null) => uid !== null && uid.endsWith("@booking-widget");

/** Occurrences looked at per recurring event at most (a daily rule over decades stays far below). */
const MAX_OCCURRENCES = 20_000;
/** Busy spans per source at most: beyond that the calendar is not one person's. */
export const MAX_SPANS = 5_000;

export class CalendarDataError extends Error {
  override name = "CalendarDataError";
}

export function busySpansOf(
  texts: readonly string[],
  window: { fromMs: EpochMs; toMs: EpochMs },
  zone: string,
): BusySpan[] {
  const spans: BusySpan[] = [];
  for (const text of texts) {
    let root: ICAL.Component;
    try {
      root = new ICAL.Component(ICAL.parse(text) as unknown[]);
    } catch (error) {
      throw new CalendarDataError(`not an iCalendar file (${error instanceof Error ? error.message : String(error)})`);
    }
    const calendars = root.name === "vcalendar" ? [root] : root.getAllSubcomponents("vcalendar");
    for (const calendar of calendars) spans.push(...calendarSpans(calendar, window, zone));
    if (spans.length > MAX_SPANS) throw new CalendarDataError(`more than ${MAX_SPANS} busy events in the window`);
  }
  return mergeSpans(spans);
}

function calendarSpans(calendar: ICAL.Component, window: { fromMs: EpochMs; toMs: EpochMs }, zone: string) {
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) {
    const tzid = String(vtimezone.getFirstPropertyValue("tzid") ?? "");
    if (tzid) zones.set(tzid, new ICAL.Timezone({ component: vtimezone, tzid }));
  }
  const instant = (time: ICAL.Time): EpochMs => {
    // The TZID the time was written with (ical.js keeps it even when no zone of that name is registered; floating: none).
    const tzid = (time as unknown as { timezone?: string }).timezone ?? time.zone?.tzid;
    if (time.isDate) return localDateTimeToEpochMs(dateOf(time), 0, zone);
    if (time.zone === ICAL.Timezone.utcTimezone) return time.toJSDate().getTime();
    const minute = time.hour * 60 + time.minute + time.second / 60;
    if (tzid && isValidTimeZone(tzid)) return localDateTimeToEpochMs(dateOf(time), minute, tzid);
    const defined = tzid ? zones.get(tzid) : undefined;
    if (defined) {
      const inZone = time.clone();
      inZone.zone = defined;
      return inZone.toUnixTime() * 1000;
    }
    return localDateTimeToEpochMs(dateOf(time), minute, zone);
  };

  const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  const masters = new Map<string, ICAL.Event>();
  for (const event of events) if (!event.isRecurrenceException()) masters.set(event.uid, event);
  const singles: ICAL.Event[] = [];
  for (const event of events) {
    if (!event.isRecurrenceException()) continue;
    const master = masters.get(event.uid);
    if (master) master.relateException(event);
    else singles.push(event);
  }

  const spans: BusySpan[] = [];
  const add = (item: ICAL.Event, start: ICAL.Time, end: ICAL.Time | null) => {
    if (isOwnEventUid(item.uid) || !blocks(item)) return;
    const startMs = instant(start);
    // No DTEND nor DURATION: an all-day event lasts its day, a timed one has no length.
    const endMs = end ? instant(end) : start.isDate ? localDateTimeToEpochMs(dateOf(start, 1), 0, zone) : startMs;
    if (endMs > startMs && endMs > window.fromMs && startMs < window.toMs) spans.push({ startMs, endMs });
  };
  for (const event of [...masters.values(), ...singles]) {
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      add(event, event.startDate, endOf(event));
      continue;
    }
    const iterator = event.iterator();
    for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES; n++, next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      if (instant(details.startDate) >= window.toMs && instant(next) >= window.toMs) break;
      add(details.item, details.startDate, details.endDate);
    }
  }
  return spans;
}

const endOf = (event: ICAL.Event): ICAL.Time | null =>
  event.component.hasProperty("dtend") || event.component.hasProperty("duration") ? event.endDate : null;

function blocks(event: ICAL.Event): boolean {
  const transparency = String(event.component.getFirstPropertyValue("transp") ?? "OPAQUE").toUpperCase();
  const status = String(event.component.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transparency !== "TRANSPARENT" && status !== "CANCELLED";
}

function dateOf(time: ICAL.Time, plusDays = 0): string {
  const date = new Date(Date.UTC(time.year, time.month - 1, time.day + plusDays));
  return date.toISOString().slice(0, 10);
}

/** Sorted, overlapping and touching spans joined: what is stored, and compared to decide whether anything changed. */
export function mergeSpans(spans: readonly BusySpan[]): BusySpan[] {
  const sorted = [...spans].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const merged: { startMs: number; endMs: number }[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.startMs <= last.endMs) last.endMs = Math.max(last.endMs, span.endMs);
    else merged.push({ ...span });
  }
  return merged;
}
