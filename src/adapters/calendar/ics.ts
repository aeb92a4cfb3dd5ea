/**
 * The iCalendar (RFC 5545) file sent with every booking email and offered for download.
 *
 * Times are written in UTC (`DTSTART:20260329T003000Z`): every client converts them to its own zone
 * exactly, so no VTIMEZONE has to be shipped. The UID stays the same for every change of a booking and
 * SEQUENCE grows, so calendars update or remove the event they already hold (RFC 5546 §2.1.4).
 * Folding (75 octets), CRLF and TEXT escaping are done by ical-generator.
 */
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalAttendeeData,
} from "ical-generator";
import {
  endsBooking,
  type BookingSnapshot,
  type NotificationKind,
  type Person,
} from "../../core/notifications/notification.ts";
import type { ServerI18n } from "../../i18n/server-i18n.ts";

export type IcsMethod = "REQUEST" | "CANCEL";

export interface CalendarFile {
  method: IcsMethod;
  filename: string;
  /** The whole file, CRLF line endings. */
  content: string;
}

export interface CalendarEventText {
  summary: string;
  description: string;
}

export interface BuildIcsOptions {
  /** DTSTAMP: when this file was produced. */
  now: Date;
  /** The change being announced; a declined request removes the event just like a cancellation. */
  kind?: NotificationKind;
  text: CalendarEventText;
  /** ORGANIZER needs a cal-address: used when the snapshot's organizer has no email. */
  fallbackOrganizerEmail: string;
}

const PROD_ID = { company: "booking-widget", product: "bookings", language: "EN" } as const;

/** CANCEL for cancelled bookings and declined requests, REQUEST (create or update) otherwise. */
export function icsMethodFor(booking: Pick<BookingSnapshot, "status">, kind?: NotificationKind): IcsMethod {
  if (booking.status === "cancelled" || (kind !== undefined && endsBooking(kind))) return "CANCEL";
  return "REQUEST";
}

/** The localised SUMMARY and DESCRIPTION, shared with the add-to-calendar links. */
export function calendarEventText(booking: BookingSnapshot, i18n: ServerI18n): CalendarEventText {
  const summary = i18n.t("email.event.summary", {
    calendarName: booking.calendarName,
    businessName: booking.businessName,
  });
  const lines: string[] = [];
  if (booking.serviceNames.length > 0)
    lines.push(i18n.t("email.event.services", { services: booking.serviceNames.join(", ") }));
  if (booking.manageUrl) lines.push(i18n.t("email.event.manage", { url: booking.manageUrl }));
  if (booking.rescheduleUrl) lines.push(i18n.t("email.event.reschedule", { url: booking.rescheduleUrl }));
  if (booking.cancelUrl) lines.push(i18n.t("email.event.cancel", { url: booking.cancelUrl }));
  return { summary, description: lines.join("\n") };
}

export function buildIcs(booking: BookingSnapshot, options: BuildIcsOptions): CalendarFile {
  const method = icsMethodFor(booking, options.kind);
  const calendar = ical({
    prodId: PROD_ID,
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // A series booked at once (issue 17): one event per booked occurrence, each under its own UID;
  // the rest of a series cancelled at once: METHOD:CANCEL with each cancelled event by its UID
  // (STATUS:CANCELLED, as a single cancellation).
  const ofSeries = (booking.series?.occurrences ?? []).flatMap((o) =>
    o.uid && o.endUtc && (method === "CANCEL") === (o.status === "cancelled")
      ? [{ uid: o.uid, sequence: o.sequence, startUtc: o.startUtc, endUtc: o.endUtc, status: o.status }]
      : [],
  );
  const events = ofSeries.length > 0 ? ofSeries : [booking];
  for (const occurrence of events) addEvent(calendar, { ...booking, ...occurrence }, method, options);
  // ical-generator ends the last line without CRLF; RFC 5545 §3.1 ends every content line with one.
  return { method, filename: "invite.ics", content: `${calendar.toString()}\r\n` };
}

function addEvent(
  calendar: ReturnType<typeof ical>,
  booking: Omit<BookingSnapshot, "status"> & { status: BookingSnapshot["status"] | "not_booked" },
  method: IcsMethod,
  options: BuildIcsOptions,
) {
  calendar.createEvent({
    id: booking.uid,
    sequence: booking.sequence,
    stamp: options.now,
    start: new Date(booking.startUtc),
    end: new Date(booking.endUtc),
    summary: options.text.summary,
    description: options.text.description || null,
    location: booking.location || null,
    url: booking.manageUrl,
    status:
      method === "CANCEL"
        ? ICalEventStatus.CANCELLED
        : booking.status === "new"
          ? ICalEventStatus.TENTATIVE
          : ICalEventStatus.CONFIRMED,
    organizer: {
      name: paramText(booking.organizer.name || booking.businessName),
      email: booking.organizer.email ?? options.fallbackOrganizerEmail,
    },
    attendees: attendees(booking),
  });
}

function attendees(
  booking: Pick<BookingSnapshot, "contact" | "guests" | "staff"> & { status: string },
): ICalAttendeeData[] {
  const contactName = `${booking.contact.firstName} ${booking.contact.lastName}`.trim();
  const list: ICalAttendeeData[] = [
    {
      name: paramText(contactName) || null,
      email: booking.contact.email,
      role: ICalAttendeeRole.REQ,
      // The visitor asked for this time; a request is tentative until the business confirms it.
      status: booking.status === "new" ? ICalAttendeeStatus.TENTATIVE : ICalAttendeeStatus.ACCEPTED,
      rsvp: false,
    },
  ];
  for (const guest of withEmail(booking.guests)) {
    list.push({
      name: paramText(guest.name) || null,
      email: guest.email,
      role: ICalAttendeeRole.OPT,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: true,
    });
  }
  for (const member of withEmail(booking.staff)) {
    list.push({
      name: paramText(member.name) || null,
      email: member.email,
      role: ICalAttendeeRole.CHAIR,
      status: ICalAttendeeStatus.ACCEPTED,
      rsvp: false,
    });
  }
  // One ATTENDEE per address: a staff member booking for themselves must not appear twice.
  const seen = new Set<string>();
  return list.filter((a) => {
    const key = a.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function withEmail(people: Person[]): (Person & { email: string })[] {
  return people.filter((p): p is Person & { email: string } => typeof p.email === "string" && p.email.includes("@"));
}

/**
 * Parameter values (CN) are quoted strings that cannot contain DQUOTE or control characters
 * (RFC 5545 §3.1, param-value); names are display text, so those characters are replaced.
 */
function paramText(value: string): string {
  return (
    value
      .replace(/"/g, "'")
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .trim()
  );
}
