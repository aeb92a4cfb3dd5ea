/**
 * Every expected outcome of the booking use cases, as a stable code. The HTTP edge maps each code
 * to a status and the spec's English message (src/server/routes/booking-problems.ts); the widget
 * maps each code to a localised message (`api.error.<CODE>` in src/i18n/catalogs).
 */
import type { Result } from "../shared/result.ts";

/** An attached form's field refusals: the form engine's codes (core/forms/validate-answers.ts). */
export const FORM_ANSWER_REFUSALS = [
  "EMAIL_INVALID",
  "PHONE_INVALID",
  "OPTION_INVALID",
  "NUMBER_INVALID",
  "NUMBER_OUT_OF_RANGE",
  "AMOUNT_INVALID",
  "AMOUNT_OUT_OF_RANGE",
  "DATE_INVALID",
  "TEXT_TOO_LONG",
] as const;

/** §5 validation rules: what the visitor entered on the details step, each refusal with its own code. */
export const DETAILS_ERROR_CODES = [
  "GUEST_NAME_REQUIRED",
  "GUEST_NAME_INVALID",
  "GUEST_EMAIL_REQUIRED",
  "GUEST_EMAIL_INVALID",
  "GUEST_EMAIL_DUPLICATE",
  "GUEST_COUNT_RANGE",
  "GUESTS_NOT_ALLOWED",
  "GUESTS_REQUIRED",
  "FIELD_REQUIRED",
  "LOCATION_REQUIRED",
  "OPTION_REQUIRED",
  "SERVICES_REQUIRED",
  "SERVICE_GUEST_LIMIT",
  // An attached form's fields (issue 15).
  ...FORM_ANSWER_REFUSALS,
] as const;

/** The service step's variations and add-ons (issue 24, core/booking/service-offer.ts: OfferRefusal). */
export const OFFER_ERROR_CODES = [
  "VARIATION_REQUIRED",
  "UNKNOWN_VARIATION",
  "UNKNOWN_ADD_ON",
  "ADD_ON_QUANTITY",
] as const;

/** A coupon entered on the details step, one code per refusal (core/booking/coupons.ts: CouponRefusal). */
export const COUPON_ERROR_CODES = [
  "COUPON_UNKNOWN",
  "COUPON_NOT_YET_VALID",
  "COUPON_EXPIRED",
  "COUPON_NOT_FOR_THIS_SERVICE",
  "COUPON_USED_UP",
  "COUPON_ALREADY_USED",
] as const;

export const BOOKING_ERROR_CODES = [
  // §8 error catalogue
  "CALENDAR_NOT_FOUND",
  "CALENDAR_UNAVAILABLE",
  "BOOKING_NOT_FOUND",
  "TIMEZONE_NOT_FOUND",
  "NO_SLOTS",
  "SCHEDULING_FAILED",
  "SEATS_EXCEEDED",
  "STAFF_BUSY",
  "RESOURCE_UNAVAILABLE",
  "SLUG_EXPIRED",
  ...DETAILS_ERROR_CODES,
  ...OFFER_ERROR_CODES,
  ...COUPON_ERROR_CODES,
  // lifecycle
  "RANGE_TOO_LONG",
  "INVALID_RANGE",
  "RESCHEDULE_NOT_ALLOWED",
  "CANCEL_NOT_ALLOWED",
  "CHANGE_WINDOW_CLOSED",
  "BOOKING_CANCELLED",
  "NOT_A_REQUEST",
  "HOLD_NOT_FOUND",
  "HOLD_NOT_SUPPORTED",
  "RECURRING_NOT_SUPPORTED",
  "RECURRING_NOT_OFFERED",
  "STAFF_NOT_FOUND",
  "LINK_NOT_FOUND",
  // payments
  "PAYMENT_NOT_FOUND",
  "PAYMENT_DECLINED",
  "PAYMENT_EXPIRED",
  "PAYMENT_REFUNDED",
  "PAYMENT_UNAVAILABLE",
  "SERIES_PAYMENT_NOT_SUPPORTED",
  "CARD_NUMBER_INVALID",
  "CARD_EXPIRY_INVALID",
  "CARD_CVC_INVALID",
] as const;
export type BookingErrorCode = (typeof BOOKING_ERROR_CODES)[number];

export interface BookingError {
  readonly code: BookingErrorCode;
  /** Extra facts for the message, e.g. `availableSeats` for SEATS_EXCEEDED, `count` for SERVICE_GUEST_LIMIT. */
  readonly details?: Readonly<Record<string, string | number>>;
  /** Field errors (validation codes), path dotted like `guests.2.email`. */
  readonly fields?: readonly FieldError[];
}

export interface FieldError {
  readonly path: string;
  readonly code: BookingErrorCode;
}

/** How a booking step went: its value, or the booking refusal the visitor is told. */
export type Outcome<T> = Result<T, BookingError>;

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = (
  code: BookingErrorCode,
  details?: BookingError["details"],
  fields?: readonly FieldError[],
): { ok: false; error: BookingError } => ({
  ok: false,
  error: { code, ...(details ? { details } : {}), ...(fields ? { fields } : {}) },
});
