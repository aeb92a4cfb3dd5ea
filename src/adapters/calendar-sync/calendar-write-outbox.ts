/**
 * Bookings written into connected CalDAV calendars, through the outbox (as webhooks are, ADR 0023):
 * when the worker takes a booking notification it writes one outbox row (topic "calendar_write")
 * per CalDAV connection of the booking's staff that writes bookings, with an id derived from the
 * notification row and the connection, so retries and concurrent workers write it once. Its
 * handler makes the calendar match the booking as it is then: the event PUT at a name fixed by the
 * booking id when the booking is on and served by that staff member, removed otherwise (cancelled,
 * declined, moved to someone else — a reschedule names who it left). A failure is retried with the
 * worker's backoff.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { isScheduledKind, type NotificationMessage } from "../../core/notifications/notification.ts";
import type { Db } from "../db/client.ts";
import { PermanentDeliveryError, type OutboxHandler } from "../outbox/outbox-worker.ts";
import { outboxIdFromName } from "../outbox/outbox.ts";
import { bookingEventsIcs, eventObjectName, isOnCalendar, loadBookingEvent } from "./booking-events.ts";
import { loadStoredConnection } from "./connection-store.ts";
import type { CalendarSource } from "./sources.ts";
import { openConnection } from "./sync.ts";

export const CALENDAR_WRITE_TOPIC = "calendar_write";

/** Writes the calendar writes a notification calls for; returns how many. */
export async function fanOutCalendarWrites(
  db: Db,
  businessId: string,
  message: NotificationMessage,
  sourceRowId: string,
): Promise<number> {
  if (isScheduledKind(message.kind)) return 0;
  const bookingId = message.booking.bookingId;
  // The booking's staff as they are now, and those a reschedule took it from (their copy goes).
  const previous = `{${(message.previousStaffIds ?? []).join(",")}}`;
  const found = (await db.execute(sql`
    select c.id from calendar_connections c
     where c.business_id = ${businessId}::uuid and c.kind = 'caldav' and c.write_bookings
       and (c.staff_id = any(coalesce((select b.staff_ids from bookings b
                                        where b.id = ${bookingId}::uuid and b.business_id = ${businessId}::uuid), '{}'))
            or c.staff_id = any(${previous}::uuid[]))`)) as unknown as {
    rows: { id: string }[];
  };
  for (const { id: connectionId } of found.rows) {
    const id = outboxIdFromName(`${sourceRowId}|${CALENDAR_WRITE_TOPIC}|${connectionId}`);
    await db.execute(sql`
      insert into outbox (id, business_id, topic, payload)
      values (${id}::uuid, ${businessId}::uuid, ${CALENDAR_WRITE_TOPIC}, ${JSON.stringify({ connectionId, bookingId })}::jsonb)
      on conflict (id, business_id) do nothing`);
  }
  return found.rows.length;
}

const Payload = z.object({ connectionId: z.uuid(), bookingId: z.uuid() });

export function createCalendarWriteHandler(options: {
  db: Db;
  sources: CalendarSource;
  openSecret: (sealed: string) => string;
  clock?: () => Date;
}): OutboxHandler {
  const clock = options.clock ?? (() => new Date());
  return async (row) => {
    const parsed = Payload.safeParse(row.payload);
    if (!parsed.success) throw new PermanentDeliveryError("invalid calendar write payload");
    const { connectionId, bookingId } = parsed.data;
    const connection = await loadStoredConnection(options.db, row.businessId, connectionId);
    // Disconnected meanwhile (or not this business's: read as none): nothing to write.
    if (!connection || connection.kind !== "caldav") return;
    const open = openConnection(connection, options.openSecret);
    const booking = await loadBookingEvent(options.db, row.businessId, bookingId);
    const name = eventObjectName(bookingId);
    if (booking && isOnCalendar(booking.status) && booking.staffIds.includes(connection.staffId))
      await options.sources.putEvent(
        open,
        name,
        bookingEventsIcs([booking], { now: clock(), name: booking.calendarName }),
      );
    else await options.sources.deleteEvent(open, name);
  };
}
