/**
 * Reminders and follow-ups on the outbox (issue 20; the rules in core/notifications/reminders.ts).
 *
 * When a message that confirms a booking at its time has been handed to the worker, the calendar's
 * reminders are written as outbox rows due at their time — the schedule lives in the database, so
 * it survives restarts and every process shares it. Their ids are derived from the booking, the
 * start, the kind and the offset, so a retried or repeated confirmation (or two processes) can only
 * write each once. At its time a row is sent only if the booking is still confirmed at that start.
 */
import { sql } from "drizzle-orm";
import type { NotificationMessage } from "../../core/notifications/notification.ts";
import {
  isStillDue,
  NO_REMINDERS,
  remindersFor,
  SCHEDULES_REMINDERS,
  type ReminderRules,
} from "../../core/notifications/reminders.ts";
import type { Db } from "../db/client.ts";
import { NOTIFICATION_TOPIC, outboxIdFromName } from "./outbox.ts";

export interface ReminderSchedule {
  /** After `message` (as stored: links sealed) was handed over at `now`: writes the reminders it calls for. */
  scheduleAfter(businessId: string, message: NotificationMessage, now: Date): Promise<number>;
  /** At a reminder's or follow-up's time: whether it should still go out. */
  isStillDue(businessId: string, message: NotificationMessage): Promise<boolean>;
}

type Rows<T> = { rows: T[] };

export function reminderSchedule(db: Db): ReminderSchedule {
  async function currentBooking(businessId: string, bookingId: string) {
    const result = (await db.execute(sql`
      select b.status, b.starts_at, b.ends_at, c.settings -> 'reminders' as reminders
        from bookings b join calendars c on c.id = b.calendar_id
       where b.id = ${bookingId}::uuid and b.business_id = ${businessId}::uuid`)) as unknown as Rows<{
      status: string;
      starts_at: string | Date;
      ends_at: string | Date;
      reminders: ReminderRules | string | null;
    }>;
    const row = result.rows[0];
    if (!row) return null;
    const rules = typeof row.reminders === "string" ? (JSON.parse(row.reminders) as ReminderRules) : row.reminders;
    return {
      status: row.status,
      startMs: new Date(row.starts_at).getTime(),
      endMs: new Date(row.ends_at).getTime(),
      rules: rules ?? NO_REMINDERS,
    };
  }

  return {
    async scheduleAfter(businessId, message, now) {
      if (!SCHEDULES_REMINDERS.includes(message.kind)) return 0;
      const booking = await currentBooking(businessId, message.booking.bookingId);
      const startMs = Date.parse(message.booking.startUtc);
      // A confirmation delivered late, after the booking moved or ended, schedules nothing.
      if (!booking || !isStillDue(startMs, booking)) return 0;
      const due = remindersFor(booking.rules, booking.startMs, booking.endMs, now.getTime());
      // About this occurrence alone, even when it was booked as the first of a series.
      const { series: _series, ...booked } = message.booking;
      const texts = booking.rules.sms === true && Boolean(message.booking.contact.phone);
      for (const reminder of due) {
        const name = `${message.booking.bookingId}|${message.booking.startUtc}|${reminder.kind}|${reminder.offsetMinutes}`;
        const payload: NotificationMessage = { kind: reminder.kind, booking: { ...booked, previousStartUtc: null } };
        const rows: [string, NotificationMessage][] = [[name, payload]];
        // The same reminder as a text message: its own row, so e-mail and text retry independently.
        if (texts && reminder.kind === "booking_reminder") rows.push([`${name}|sms`, { ...payload, channel: "sms" }]);
        for (const [rowName, rowPayload] of rows)
          await db.execute(sql`
            insert into outbox (id, business_id, topic, payload, next_attempt_at)
            values (${outboxIdFromName(rowName)}::uuid, ${businessId}::uuid, ${NOTIFICATION_TOPIC},
                    ${JSON.stringify(rowPayload)}::jsonb, ${new Date(reminder.dueMs).toISOString()}::timestamptz)
            on conflict (id, business_id) do nothing`);
      }
      return due.length;
    },
    async isStillDue(businessId, message) {
      const booking = await currentBooking(businessId, message.booking.bookingId);
      return isStillDue(Date.parse(message.booking.startUtc), booking);
    },
  };
}
