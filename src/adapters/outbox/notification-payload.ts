/**
 * The outbox payload is JSON written by another part of the system, possibly by an older version:
 * it is validated before delivery, and a payload that can never be delivered is reported as such
 * instead of being retried.
 */
import { z } from "zod";
import { NOTIFICATION_KINDS, type NotificationMessage } from "../../core/notifications/notification.ts";

const PersonSchema = z.object({ name: z.string(), email: z.string().nullable(), timeZone: z.string().optional() });
const Instant = z.iso.datetime({ offset: true });

export const NotificationMessageSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  toldWithSeries: z.boolean().optional(),
  previousStaffIds: z.array(z.uuid()).optional(),
  channel: z.literal("sms").optional(),
  booking: z.object({
    bookingId: z.string(),
    uid: z.string().min(1),
    sequence: z.number().int().nonnegative(),
    status: z.enum(["new", "confirmed", "cancelled"]),
    payment: z
      .object({
        paidMinor: z.number().int(),
        totalMinor: z.number().int(),
        currency: z.string(),
        refundedMinor: z.number().int().optional(),
        held: z.boolean().optional(),
      })
      .optional(),
    businessName: z.string(),
    calendarName: z.string(),
    serviceNames: z.array(z.string()),
    attendeeServices: z.array(z.object({ name: z.string().nullable(), serviceNames: z.array(z.string()) })).optional(),
    price: z
      .object({ totalMinor: z.number().int(), currency: z.string(), depositMinor: z.number().int().optional() })
      .optional(),
    locale: z.string(),
    startUtc: Instant,
    endUtc: Instant,
    timeZone: z.string(),
    previousStartUtc: Instant.nullable(),
    cancelReason: z.string().nullable(),
    location: z.string().nullable(),
    organizer: PersonSchema,
    staff: z.array(PersonSchema),
    contact: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string().nullable() }),
    guests: z.array(PersonSchema),
    series: z
      .object({
        occurrences: z.array(
          z.object({
            bookingId: z.string().nullable(),
            uid: z.string().nullable(),
            sequence: z.number().int(),
            status: z.enum(["new", "confirmed", "not_booked", "cancelled"]),
            startUtc: Instant,
            endUtc: Instant.nullable(),
          }),
        ),
      })
      .optional(),
    manageUrl: z.string().nullable(),
    rescheduleUrl: z.string().nullable(),
    cancelUrl: z.string().nullable(),
    contactMethod: z.string().nullable(),
    businessSide: z
      .object({
        locale: z.string(),
        notes: z.string().nullable(),
        answers: z.array(z.object({ label: z.string(), value: z.string() })),
        bookingUrl: z.string(),
      })
      .optional(),
  }),
}) satisfies z.ZodType<NotificationMessage>;
