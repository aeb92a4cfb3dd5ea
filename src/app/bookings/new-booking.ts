/**
 * A decided booking (src/core/booking/decide-booking.ts) as the rows to write and the answer to
 * give: its id, the visitor's contact and answers, the manage token's hash, and the notification.
 */
import { consentWording } from "../../core/forms/attached-form.ts";
import type { Answers } from "../../core/forms/definition.ts";
import { fallbackChain, type LocaleCode } from "../../i18n/locales.ts";
import type { BookingDraft } from "../../core/booking/decide-booking.ts";
import type { BookingInput, BookingRequest } from "../../core/booking/read-booking-request.ts";
import type { BookingStatus } from "../../core/booking/policy.ts";
import { formatInstant, type EpochMs } from "../../core/shared/time.ts";
import type { BookingDeps } from "./deps.ts";
import type { CalendarContext, NewBooking, StoredContact } from "./ports.ts";
import { notification, toSnapshot } from "./snapshot.ts";

export interface OccurrenceOutcome {
  readonly index: number;
  readonly requestedStartTime: string;
  /** requested: policy "continue" over a busy time — an appointment request that occupies nothing. */
  readonly status: "booked" | "requested" | "not_booked";
  readonly bookingId: string | null;
  readonly startTime: string | null;
  readonly endTime: string | null;
  /** Why it was not booked (STAFF_BUSY → 'Not booked: Staff busy'). */
  readonly code: string | null;
}

export interface CreatedBooking {
  readonly id: string;
  readonly status: BookingStatus;
  readonly calendarId: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly timezone: string;
  readonly staffId: string;
  readonly staffIds: readonly string[];
  readonly serviceIds: readonly string[];
  /** Service calendars: one cart per attendee, the booker first. */
  readonly carts: readonly (readonly string[])[];
  /** Each attendee's variation and add-ons as booked, parallel to `carts` (empty: none chosen). */
  readonly offerLines: NewBooking["offerLines"];
  readonly seats: number;
  readonly priceCents: number;
  readonly depositCents: number;
  readonly couponCode: string | null;
  readonly discountMinor: number;
  readonly currency: string;
  /** Shown once: the only way for the visitor to manage the booking. Never stored in clear. */
  readonly manageToken: string;
  readonly seriesId: string | null;
  readonly occurrences: readonly OccurrenceOutcome[] | null;
  /** Set when the booking waits for its payment (status pending_payment) until `dueAt`. */
  readonly payment: CreatedPayment | null;
}

export interface CreatedPayment {
  readonly id: string;
  readonly provider: "test" | "stripe";
  /** Shown once: what the visitor's page pays with. Never stored in clear. */
  readonly clientSecret: string;
  /** Stripe: the key the page loads Stripe.js with (the account that takes this payment); null for the test provider. */
  readonly publishableKey: string | null;
  readonly kind: "full" | "deposit";
  readonly amountMinor: number;
  readonly currency: string;
  /** ISO 8601 UTC: the booking's time is held until then. */
  readonly dueAt: string;
}

/** Everything one request's bookings share. */
export interface BookingOrigin {
  readonly deps: BookingDeps;
  readonly ctx: CalendarContext;
  readonly input: BookingInput;
  readonly request: BookingRequest;
  readonly token: { readonly clear: string; readonly hash: string };
  readonly nowMs: EpochMs;
}

const storedContact = (c: BookingInput["contact"]): StoredContact => ({
  firstName: c.firstName.trim(),
  lastName: c.lastName.trim(),
  email: c.email.trim(),
  phone: c.phone?.trim() || null,
  dateOfBirth: c.dateOfBirth ?? null,
  location: c.location?.trim() || null,
  notes: c.notes?.trim() || null,
  consent: c.consent ?? false,
});

export function toNewBooking(
  origin: BookingOrigin,
  draft: BookingDraft,
  series: { readonly id: string; readonly index: number } | null,
): NewBooking {
  const { deps, ctx, input, request, token } = origin;
  const s = ctx.calendar.settings;
  const { active, items, classSeats, priceCents, depositCents, payment: _payment, ...fields } = draft;
  const booking = {
    ...fields,
    id: deps.newId(),
    sequence: 0,
    timeZone: input.timezone,
    locale: input.locale ?? "en",
    guests: request.guests,
    contact: storedContact(input.contact),
    previousStartMs: null,
    cancelReason: null,
  };
  return {
    ...booking,
    businessId: ctx.business.id,
    calendarId: ctx.calendar.id,
    seriesId: series?.id ?? null,
    occurrenceIndex: series?.index ?? null,
    bufferBeforeMinutes: s.bufferBeforeMinutes,
    bufferAfterMinutes: s.bufferAfterMinutes,
    answers: request.answers,
    priceCents,
    depositCents,
    currency: ctx.business.currency,
    manageTokenHash: token.hash,
    // The use is taken with the booking (a series: with its first booked occurrence only, create-booking.ts).
    redeem: fields.couponCode
      ? { code: fields.couponCode, serviceIds: fields.serviceIds, visitorEmail: input.contact.email }
      : null,
    active,
    items,
    classSeats,
    notification: notification(
      booking.status === "new" ? "request_received" : "booking_confirmed",
      toSnapshot(
        ctx,
        // The answers go to the business's email (its side of the snapshot), labelled.
        { ...booking, answers: request.answers, priceCents, depositCents, currency: ctx.business.currency },
        deps.publicUrl,
        token.clear,
      ),
    ),
    payment: null,
    // Every occurrence names the form's version; the submission goes with the first one only (writes.ts).
    form: ctx.form
      ? {
          formId: ctx.form.id,
          version: ctx.form.version,
          consentText: consentWording(
            ctx.form.definition,
            request.answers as Answers,
            fallbackChain((input.locale ?? "en") as LocaleCode),
          ),
        }
      : null,
  };
}

/** The answer for the first booking (a series: with every occurrence's outcome). */
export function describeCreated(
  origin: BookingOrigin,
  b: NewBooking,
  occurrences: OccurrenceOutcome[] | null,
): CreatedBooking {
  const tz = origin.input.timezone;
  return {
    id: b.id,
    status: b.status,
    calendarId: b.calendarId,
    startTime: formatInstant(b.startMs, tz),
    endTime: formatInstant(b.endMs, tz),
    timezone: tz,
    staffId: b.staffId,
    staffIds: b.staffIds,
    serviceIds: b.serviceIds,
    carts: b.carts,
    offerLines: b.offerLines,
    seats: b.seats,
    priceCents: b.priceCents,
    depositCents: b.depositCents,
    couponCode: b.couponCode,
    discountMinor: b.discountMinor,
    currency: b.currency,
    manageToken: origin.token.clear,
    seriesId: b.seriesId,
    occurrences,
    payment: null,
  };
}
