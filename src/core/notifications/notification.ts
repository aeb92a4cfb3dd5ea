/**
 * What a booking change tells people: the contract between the booking use cases (which write a
 * notification into the outbox in the same transaction as the change) and the delivery side
 * (which renders emails with calendar files after commit). Plain, serialisable data.
 */
export const NOTIFICATION_KINDS = [
  "booking_confirmed",
  "request_received",
  "request_confirmed",
  "request_declined",
  /** The visitor withdrew a request the business had not answered yet. */
  "request_withdrawn",
  "booking_rescheduled",
  "booking_cancelled",
  /** The money came after the booking's time was gone (taken, expired, abandoned): it went back. */
  "payment_refunded",
  /** Sent at the calendar's offsets before the start (reminders.ts), to the visitor and guests. */
  "booking_reminder",
  /** Sent a while after the end, to the visitor only. */
  "booking_follow_up",
  /**
   * The time held while the visitor paid ran out before the money came (closed tab, walked away):
   * the hold is gone, and the visitor, who may never have seen the countdown end, is told so.
   */
  "payment_expired",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds after which there is no appointment: no manage links, the calendar entry is cancelled. */
export const endsBooking = (kind: NotificationKind) =>
  kind === "booking_cancelled" ||
  kind === "request_declined" ||
  kind === "request_withdrawn" ||
  kind === "payment_refunded" ||
  kind === "payment_expired";

/**
 * Messages for the visitor alone, with no calendar file: the follow-up (the appointment is over) and
 * an expired payment (no one was ever sent the appointment, so there is nothing to take back).
 */
export const isVisitorOnlyKind = (kind: NotificationKind) => kind === "booking_follow_up" || kind === "payment_expired";

/**
 * Whether guests receive this kind: not the visitor-only kinds, and not a refund of money that came
 * after the time was gone (payment_refunded): no booking was made, guests were never told of one,
 * and the money was the visitor's.
 */
export const tellsGuests = (kind: NotificationKind) => !isVisitorOnlyKind(kind) && kind !== "payment_refunded";

/** Scheduled messages: only the visitor's side receives them, never staff. */
export const isScheduledKind = (kind: NotificationKind) => kind === "booking_reminder" || kind === "booking_follow_up";

export interface Person {
  name: string;
  email: string | null;
  /** Staff: their own zone, for the times in their email. */
  timeZone?: string;
}

export interface AttendeeServices {
  name: string | null;
  serviceNames: string[];
}

export interface BookingSnapshot {
  bookingId: string;
  /** Stable calendar-file UID (RFC 5545), the same for every change of this booking. */
  uid: string;
  /** Grows on every change (RFC 5545 SEQUENCE). */
  sequence: number;
  status: "new" | "confirmed" | "cancelled";
  /** Paid online with the booking, in minor units of `currency`; absent when nothing was paid online. */
  /** `held`: a request's money held on the card, taken only when the business confirms. */
  payment?: { paidMinor: number; totalMinor: number; currency: string; refundedMinor?: number; held?: boolean };
  businessName: string;
  calendarName: string;
  /** Service names, in order, when services were booked. */
  serviceNames: string[];
  /**
   * Service calendars: each attendee's services, the booker first, then the guests in order
   * (`name` null for a guest given by count only). Absent in older payloads.
   */
  attendeeServices?: AttendeeServices[];
  /**
   * The booking's total, when a variation or add-ons were chosen (minor units of `currency`), and
   * its deposit when one applies (absent in older payloads).
   */
  price?: { totalMinor: number; currency: string; depositMinor?: number };
  /** The visitor's locale code (src/i18n/locales.ts). */
  locale: string;
  /** Instants in UTC, ISO 8601. */
  startUtc: string;
  endUtc: string;
  /** The visitor's IANA zone, for display. */
  timeZone: string;
  previousStartUtc: string | null;
  cancelReason: string | null;
  location: string | null;
  organizer: Person;
  staff: Person[];
  /** Rooms and equipment the booking holds, as shown ("Room 2"); absent or empty: none (issue 21). */
  resources?: string[];
  contact: { firstName: string; lastName: string; email: string; phone: string | null };
  guests: Person[];
  /**
   * A recurring series booked in one request (issue 17): every occurrence, in order, told in this
   * one message and one calendar file (an event per booked occurrence, each with its own UID so a
   * later change of one occurrence updates just that event). "Cancel the rest of the series": the
   * occurrences cancelled together, in one cancellation message. Absent for single bookings.
   */
  series?: { occurrences: SeriesOccurrenceSnapshot[] };
  /** Absolute links carrying the manage token; null when the calendar does not allow the action. */
  manageUrl: string | null;
  rescheduleUrl: string | null;
  cancelUrl: string | null;
  /** How the business will get in touch about a request ('we will contact you shortly…'). */
  contactMethod: string | null;
  /**
   * For the business's own copy (staff emails), never shown to the visitor: the business's language,
   * the visitor's notes and answers, and where the business finds the booking.
   */
  businessSide?: {
    locale: string;
    notes: string | null;
    answers: { label: string; value: string }[];
    bookingUrl: string;
  };
}

export interface SeriesOccurrenceSnapshot {
  /** null: not booked (its time was taken and the calendar's policy did not keep it). */
  bookingId: string | null;
  uid: string | null;
  sequence: number;
  /** new: kept as a request for the business to confirm (policy "continue"); cancelled: in "cancel the rest". */
  status: "new" | "confirmed" | "not_booked" | "cancelled";
  /** The booked start, or the requested one when not booked. UTC, ISO 8601. */
  startUtc: string;
  endUtc: string | null;
}

export interface NotificationMessage {
  kind: NotificationKind;
  booking: BookingSnapshot;
  /**
   * Told in its series' one message (issue 17, "cancel the rest"): webhooks still hear of this
   * occurrence, but it sends no e-mail of its own.
   */
  toldWithSeries?: boolean;
  /**
   * A reschedule that moved the booking to other staff (a service calendar's "any available"): who
   * served it before, so their connected calendars drop their copy. Never shown to anyone.
   */
  previousStaffIds?: string[];
  /** A reminder to go as a text message to the visitor's phone instead of by e-mail (issue 20). */
  channel?: "sms";
}
