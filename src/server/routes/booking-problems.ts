/**
 * Booking error codes → HTTP status and the spec's English message (§5, §8). Exhaustive: a new
 * code does not compile until it has a status and a message here and a key in the catalogue
 * (`api.error.<CODE>` in src/i18n/catalogs/en.json).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { BookingError, BookingErrorCode } from "../../core/booking/errors.ts";
import { problem } from "../http/problem.ts";

type Details = BookingError["details"];
interface Mapping {
  readonly status: ContentfulStatusCode;
  readonly message: (details: Details) => string;
}
const m = (status: ContentfulStatusCode, text: string): Mapping => ({ status, message: () => text });

export const BOOKING_PROBLEMS: Readonly<Record<BookingErrorCode, Mapping>> = {
  CALENDAR_NOT_FOUND: m(404, "Cannot find calendar."),
  CALENDAR_UNAVAILABLE: m(404, "Unable to find calendar"),
  BOOKING_NOT_FOUND: m(404, "No calendar event found"),
  TIMEZONE_NOT_FOUND: m(400, "No Timezone found!"),
  NO_SLOTS: m(409, "No Slots available"),
  SCHEDULING_FAILED: m(409, "We were unable to schedule your appointment. Please try again."),
  SEATS_EXCEEDED: { status: 409, message: (d) => `Total available seats for this slot is only ${d?.availableSeats ?? 0}` },
  STAFF_BUSY: m(409, "Not booked: Staff busy"),
  RESOURCE_UNAVAILABLE: m(409, "Booking unsuccessful, resource unavailable at the moment."),
  SLUG_EXPIRED: m(410, "Slug Expired"),
  GUEST_NAME_REQUIRED: m(400, "Name is required"),
  GUEST_NAME_INVALID: m(400, "Name is invalid"),
  GUEST_EMAIL_REQUIRED: m(400, "Email is required"),
  GUEST_EMAIL_INVALID: m(400, "Email is invalid!"),
  GUEST_EMAIL_DUPLICATE: m(400, "Email ID must be unique for guests."),
  GUEST_COUNT_RANGE: m(400, "Guest count should be between 1 and 100"),
  GUESTS_NOT_ALLOWED: m(400, "This calendar does not take guests."),
  FIELD_REQUIRED: m(400, "This field is required."),
  LOCATION_REQUIRED: m(400, "Location is required."),
  OPTION_REQUIRED: m(400, "Please choose at least one option"),
  SERVICES_REQUIRED: m(400, "Please ensure you select services for all guests before proceeding"),
  SERVICE_GUEST_LIMIT: {
    status: 400,
    message: (d) =>
      `You can reserve up to ${d?.count ?? 0} slots for this service. To book for additional guests, kindly select a different service for the same time slot.`,
  },
  RANGE_TOO_LONG: m(400, "Date range cannot be more than 31 days"),
  INVALID_RANGE: m(400, "The end date must not be before the start date."),
  RESCHEDULE_NOT_ALLOWED: m(403, "This booking cannot be rescheduled online."),
  CANCEL_NOT_ALLOWED: m(403, "This booking cannot be cancelled online."),
  CHANGE_WINDOW_CLOSED: m(409, "It is too late to change this booking online. Please contact the business."),
  BOOKING_CANCELLED: m(409, "This booking is cancelled."),
  NOT_A_REQUEST: m(409, "This booking is not awaiting confirmation."),
  HOLD_NOT_FOUND: m(404, "This hold does not exist or has expired."),
  HOLD_NOT_SUPPORTED: m(422, "Places in a class cannot be held; book the class directly."),
  RECURRING_NOT_SUPPORTED: m(422, "Recurring bookings need a calendar with a single staff member."),
  STAFF_NOT_FOUND: m(400, "This staff member does not take bookings on this calendar."),
  LINK_NOT_FOUND: m(404, "This booking link does not exist."),
};

export function bookingProblemBody(error: BookingError) {
  const mapping = BOOKING_PROBLEMS[error.code];
  const extra: Record<string, unknown> = {};
  if (error.details) Object.assign(extra, error.details);
  if (error.fields) {
    extra.errors = error.fields.map((f) => ({ path: f.path, code: f.code, message: BOOKING_PROBLEMS[f.code].message(error.details) }));
  }
  return { status: mapping.status, detail: mapping.message(error.details), extra };
}

export function bookingProblem(c: Context, error: BookingError) {
  const { status, detail, extra } = bookingProblemBody(error);
  return problem(c, status, error.code, detail, extra);
}
