/** A complete BookingSnapshot for email, calendar-file and outbox tests; override what a case needs. */
import type {
  BookingSnapshot,
  NotificationKind,
  NotificationMessage,
} from "../../src/core/notifications/notification.ts";

export function bookingSnapshot(overrides: Partial<BookingSnapshot> = {}): BookingSnapshot {
  return {
    bookingId: "7d3c2a10-0000-4000-8000-000000000001",
    uid: "7d3c2a10-0000-4000-8000-000000000001@bookings.example.com",
    sequence: 0,
    status: "confirmed",
    businessName: "Harbour Physio",
    calendarName: "Initial assessment",
    serviceNames: [],
    locale: "en",
    startUtc: "2026-06-15T14:30:00.000Z",
    endUtc: "2026-06-15T15:15:00.000Z",
    timeZone: "America/New_York",
    previousStartUtc: null,
    cancelReason: null,
    location: "12 Quay Street, Suite 4",
    organizer: { name: "Harbour Physio", email: "desk@harbour.example.com" },
    staff: [{ name: "Dana Staff", email: "dana@harbour.example.com" }],
    contact: { firstName: "Ada", lastName: "Visitor", email: "ada@visitor.example.com", phone: "+1 555 0100" },
    guests: [
      { name: "Grace Guest", email: "grace@guest.example.com" },
      { name: "No Mail Guest", email: null },
    ],
    manageUrl: "https://book.example.com/manage/tok123",
    rescheduleUrl: "https://book.example.com/manage/tok123/reschedule",
    cancelUrl: "https://book.example.com/manage/tok123/cancel",
    contactMethod: null,
    ...overrides,
  };
}

/** The booking as each kind of change would describe it. */
export function notification(kind: NotificationKind, overrides: Partial<BookingSnapshot> = {}): NotificationMessage {
  const byKind: Record<NotificationKind, Partial<BookingSnapshot>> = {
    booking_confirmed: {},
    request_received: { status: "new", contactMethod: "Phone call to +1 555 0100" },
    request_confirmed: { sequence: 1 },
    request_declined: { status: "cancelled", sequence: 1 },
    request_withdrawn: { status: "cancelled", sequence: 1, cancelReason: "Found another time" },
    booking_rescheduled: { sequence: 1, previousStartUtc: "2026-06-12T13:00:00.000Z" },
    booking_cancelled: { status: "cancelled", sequence: 2, cancelReason: "Therapist is ill" },
    payment_refunded: {
      status: "cancelled",
      payment: { paidMinor: 8000, totalMinor: 8000, currency: "EUR", refundedMinor: 8000 },
    },
    booking_reminder: {},
    booking_follow_up: {},
    payment_expired: {
      status: "cancelled",
      payment: { paidMinor: 2000, totalMinor: 8000, currency: "EUR" },
    },
  };
  return { kind, booking: bookingSnapshot({ ...byKind[kind], ...overrides }) };
}
