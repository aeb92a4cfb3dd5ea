/**
 * What a business's webhooks say (issue 20): the event types, which booking change each one is,
 * and the payload — the business's own data about the booking, never the visitor's manage links.
 * Payloads are versioned (`version`) so receivers can rely on their shape.
 */
import type { AnswerLine } from "../forms/answer-lines.ts";
import type { BookingSnapshot, NotificationKind } from "../notifications/notification.ts";

export const WEBHOOK_EVENTS = [
  "booking.created",
  "booking.requested",
  "booking.confirmed",
  "booking.declined",
  "booking.rescheduled",
  "booking.cancelled",
  "booking.paid",
  "booking.refunded",
  "form.submitted",
  "survey.submitted",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type BookingWebhookEvent = Extract<WebhookEvent, `booking.${string}`>;

export const WEBHOOK_PAYLOAD_VERSION = 1;

/**
 * The events a booking notification stands for. A booking confirmed with money paid online is both
 * created and paid; a request confirmed with money held is confirmed (and paid when taken).
 */
export function eventsOf(kind: NotificationKind, booking: Pick<BookingSnapshot, "payment">): BookingWebhookEvent[] {
  const paid = booking.payment !== undefined && booking.payment.paidMinor > 0 && !booking.payment.held;
  switch (kind) {
    case "booking_confirmed":
      return paid ? ["booking.created", "booking.paid"] : ["booking.created"];
    case "request_received":
      return ["booking.requested"];
    case "request_confirmed":
      return paid ? ["booking.confirmed", "booking.paid"] : ["booking.confirmed"];
    case "request_declined":
      return ["booking.declined"];
    case "booking_rescheduled":
      return ["booking.rescheduled"];
    // For a subscriber a withdrawn request ends like any cancelled booking (its status says "cancelled"),
    // with what was paid for it given back.
    case "booking_cancelled":
    case "request_withdrawn":
      return booking.payment?.refundedMinor ? ["booking.cancelled", "booking.refunded"] : ["booking.cancelled"];
    case "payment_refunded":
      return ["booking.refunded"];
    // An expired payment: booking.created only comes with the money, so there is nothing to undo.
    case "booking_reminder":
    case "booking_follow_up":
    case "payment_expired":
      return [];
  }
}

export interface WebhookPayload {
  readonly type: BookingWebhookEvent;
  readonly version: typeof WEBHOOK_PAYLOAD_VERSION;
  /** When the change was handed to the webhook, ISO 8601 UTC. */
  readonly timestamp: string;
  readonly data: {
    readonly bookingId: string;
    readonly status: BookingSnapshot["status"];
    readonly startUtc: string;
    readonly endUtc: string;
    readonly previousStartUtc: string | null;
    readonly timeZone: string;
    readonly locale: string;
    readonly calendarName: string;
    readonly serviceNames: readonly string[];
    readonly location: string | null;
    readonly staff: readonly { readonly name: string; readonly email: string | null }[];
    readonly contact: BookingSnapshot["contact"];
    readonly guests: readonly { readonly name: string; readonly email: string | null }[];
    readonly payment: BookingSnapshot["payment"] | null;
    readonly cancelReason: string | null;
    readonly notes: string | null;
    readonly answers: readonly { readonly label: string; readonly value: string }[];
  };
}

export function webhookPayload(type: BookingWebhookEvent, booking: BookingSnapshot, now: Date): WebhookPayload {
  const person = (p: { name: string; email: string | null }) => ({ name: p.name, email: p.email });
  return {
    type,
    version: WEBHOOK_PAYLOAD_VERSION,
    timestamp: now.toISOString(),
    data: {
      bookingId: booking.bookingId,
      status: booking.status,
      startUtc: booking.startUtc,
      endUtc: booking.endUtc,
      previousStartUtc: booking.previousStartUtc,
      timeZone: booking.timeZone,
      locale: booking.locale,
      calendarName: booking.calendarName,
      serviceNames: booking.serviceNames,
      location: booking.location,
      staff: booking.staff.map(person),
      contact: booking.contact,
      guests: booking.guests.map(person),
      payment: booking.payment ?? null,
      cancelReason: booking.cancelReason,
      notes: booking.businessSide?.notes ?? null,
      answers: booking.businessSide?.answers ?? [],
    },
  };
}

/** A submission of a form or survey, labelled in the form's own first language. */
export interface SubmissionWebhookPayload {
  readonly type: "form.submitted" | "survey.submitted";
  readonly version: typeof WEBHOOK_PAYLOAD_VERSION;
  readonly timestamp: string;
  readonly data: {
    readonly submissionId: string;
    readonly formId: string;
    readonly formName: string;
    /** The version of the definition the visitor filled in. */
    readonly formVersion: number;
    readonly locale: string;
    readonly contactEmail: string | null;
    readonly disqualified: boolean;
    readonly createdAt: string;
    readonly answers: readonly AnswerLine[];
  };
}

/** After this many deliveries failed for good in a row, a subscription is disabled. */
export const DISABLE_AFTER_FAILURES = 5;
