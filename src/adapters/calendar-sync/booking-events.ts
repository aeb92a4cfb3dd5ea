/**
 * Bookings as calendar events for the staff member's own calendars: the event written into a
 * connected CalDAV calendar and the private staff feed. Read from the database when written, so a
 * retried or late write carries the booking as it is now. The UID is the booking's calendar-file
 * UID (the one emailed invitations use), so calendar apps see one event.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import type { Db } from "../db/client.ts";
import { bookings, calendars } from "../db/schema.ts";

export interface BookingEvent {
  id: string;
  status: "new" | "confirmed" | "cancelled" | "pending_payment";
  startsAt: Date;
  endsAt: Date;
  staffIds: string[];
  calendarName: string;
  contactName: string;
  serviceNames: string[];
  sequence: number;
}

/** bookingUid (app/bookings/snapshot.ts); isOwnEventUid (ical-busy.ts) recognises it when read back. */
export const eventUid = (bookingId: string) => `${bookingId}@booking-widget`;
/** The object's name in a CalDAV collection: fixed per booking, so writes replace it. */
export const eventObjectName = (bookingId: string) => `booking-${bookingId}.ics`;

/** Bookings that are on: confirmed, or requested and not yet answered. */
export const isOnCalendar = (status: BookingEvent["status"]) => status === "confirmed" || status === "new";

const columns = {
  id: bookings.id,
  status: bookings.status,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  staffIds: bookings.staffIds,
  sequence: bookings.sequence,
  calendarName: calendars.name,
  contact: bookings.contact,
  serviceNames: sql<
    string[]
  >`coalesce((select array_agg(s.name order by s.name) from services s where s.id = any(${bookings.serviceIds})), '{}')`,
};

const toEvent = (row: {
  id: string;
  status: BookingEvent["status"];
  startsAt: Date;
  endsAt: Date;
  staffIds: string[];
  sequence: number;
  calendarName: string;
  contact: { firstName?: string; lastName?: string } | null;
  serviceNames: string[];
}): BookingEvent => ({
  ...row,
  contactName: `${row.contact?.firstName ?? ""} ${row.contact?.lastName ?? ""}`.trim(),
});

export async function loadBookingEvent(db: Db, businessId: string, bookingId: string): Promise<BookingEvent | null> {
  const [row] = await db
    .select(columns)
    .from(bookings)
    .innerJoin(calendars, eq(calendars.id, bookings.calendarId))
    .where(and(eq(bookings.businessId, businessId), eq(bookings.id, bookingId)));
  return row ? toEvent(row) : null;
}

/** A staff member's bookings that are on, from 30 days ago on (their feed). */
export async function staffBookingEvents(db: Db, businessId: string, staffId: string, now: Date) {
  const rows = await db
    .select(columns)
    .from(bookings)
    .innerJoin(calendars, eq(calendars.id, bookings.calendarId))
    .where(
      and(
        eq(bookings.businessId, businessId),
        sql`${staffId}::uuid = any(${bookings.staffIds})`,
        inArray(bookings.status, ["confirmed", "new"]),
        gt(bookings.endsAt, new Date(now.getTime() - 30 * 86_400_000)),
      ),
    )
    .orderBy(bookings.startsAt)
    .limit(5_000);
  return rows.map(toEvent);
}

/** One calendar (a VEVENT per booking), CRLF line endings. */
export function bookingEventsIcs(events: readonly BookingEvent[], options: { now: Date; name: string }): string {
  const calendar = ical({
    prodId: { company: "booking-widget", product: "staff-calendar", language: "EN" },
    name: options.name,
  });
  for (const event of events) {
    const services = event.serviceNames.join(", ");
    calendar.createEvent({
      id: eventUid(event.id),
      sequence: event.sequence,
      stamp: options.now,
      start: event.startsAt,
      end: event.endsAt,
      summary: [event.calendarName, event.contactName].filter(Boolean).join(" · "),
      description: services || null,
      status: event.status === "new" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return `${calendar.toString()}\r\n`;
}
