/**
 * Booking error codes → HTTP status (exhaustive: a new code does not compile until it has one
 * here). The message is the catalogue's `problem.<CODE>` in the request's language — English gives
 * the spec's exact texts (§5, §8) — the same entries the widget shows, so there is one text per code.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { BookingError, BookingErrorCode } from "../../core/booking/errors.ts";
import { DEFAULT_LOCALE } from "../../i18n/locales.ts";
import { serverI18n } from "../../i18n/server-i18n.ts";
import { problemResponse } from "../http/problem.ts";
import { requestLocale } from "../http/request-locale.ts";

type Details = BookingError["details"];
interface Mapping {
  readonly status: ContentfulStatusCode;
  readonly message: (details: Details, locale?: string) => string;
}

const STATUS: Readonly<Record<BookingErrorCode, ContentfulStatusCode>> = {
  CALENDAR_NOT_FOUND: 404,
  CALENDAR_UNAVAILABLE: 404,
  BOOKING_NOT_FOUND: 404,
  TIMEZONE_NOT_FOUND: 400,
  NO_SLOTS: 409,
  SCHEDULING_FAILED: 409,
  SEATS_EXCEEDED: 409,
  STAFF_BUSY: 409,
  RESOURCE_UNAVAILABLE: 409,
  SLUG_EXPIRED: 410,
  GUEST_NAME_REQUIRED: 400,
  GUEST_NAME_INVALID: 400,
  GUEST_EMAIL_REQUIRED: 400,
  GUEST_EMAIL_INVALID: 400,
  GUEST_EMAIL_DUPLICATE: 400,
  GUEST_COUNT_RANGE: 400,
  GUESTS_NOT_ALLOWED: 400,
  GUESTS_REQUIRED: 400,
  FIELD_REQUIRED: 400,
  LOCATION_REQUIRED: 400,
  OPTION_REQUIRED: 400,
  SERVICES_REQUIRED: 400,
  EMAIL_INVALID: 400,
  PHONE_INVALID: 400,
  OPTION_INVALID: 400,
  NUMBER_INVALID: 400,
  NUMBER_OUT_OF_RANGE: 400,
  AMOUNT_INVALID: 400,
  AMOUNT_OUT_OF_RANGE: 400,
  DATE_INVALID: 400,
  TEXT_TOO_LONG: 400,
  SERVICE_GUEST_LIMIT: 400,
  VARIATION_REQUIRED: 400,
  UNKNOWN_VARIATION: 400,
  UNKNOWN_ADD_ON: 400,
  ADD_ON_QUANTITY: 400,
  COUPON_UNKNOWN: 400,
  COUPON_NOT_YET_VALID: 400,
  COUPON_EXPIRED: 400,
  COUPON_NOT_FOR_THIS_SERVICE: 400,
  COUPON_USED_UP: 409,
  COUPON_ALREADY_USED: 409,
  RANGE_TOO_LONG: 400,
  INVALID_RANGE: 400,
  RESCHEDULE_NOT_ALLOWED: 403,
  CANCEL_NOT_ALLOWED: 403,
  CHANGE_WINDOW_CLOSED: 409,
  BOOKING_CANCELLED: 409,
  NOT_A_REQUEST: 409,
  HOLD_NOT_FOUND: 404,
  HOLD_NOT_SUPPORTED: 422,
  RECURRING_NOT_SUPPORTED: 422,
  RECURRING_NOT_OFFERED: 422,
  STAFF_NOT_FOUND: 400,
  LINK_NOT_FOUND: 404,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_DECLINED: 402,
  PAYMENT_EXPIRED: 409,
  PAYMENT_REFUNDED: 409,
  PAYMENT_UNAVAILABLE: 503,
  SERIES_PAYMENT_NOT_SUPPORTED: 422,
  CARD_NUMBER_INVALID: 400,
  CARD_EXPIRY_INVALID: 400,
  CARD_CVC_INVALID: 400,
};

/** The catalogue's placeholder is `{count}`; seat errors carry it as `availableSeats`. */
const messageValues = (details: Details) => ({ count: details?.availableSeats ?? details?.count ?? 0 });

/** 'Slug Expired' is a status message the widget switches on (spec §2 screen 11), not display text. */
const UNTRANSLATED: Partial<Record<BookingErrorCode, string>> = { SLUG_EXPIRED: "Slug Expired" };

export const BOOKING_PROBLEMS: Readonly<Record<BookingErrorCode, Mapping>> = Object.fromEntries(
  (Object.keys(STATUS) as BookingErrorCode[]).map((code) => [
    code,
    {
      status: STATUS[code],
      message: (details: Details, locale: string = DEFAULT_LOCALE) =>
        UNTRANSLATED[code] ?? serverI18n(locale).t(`problem.${code}`, messageValues(details)),
    },
  ]),
) as Record<BookingErrorCode, Mapping>;

export function bookingProblemBody(error: BookingError, locale: string = DEFAULT_LOCALE) {
  const mapping = BOOKING_PROBLEMS[error.code];
  const extra: Record<string, unknown> = {};
  if (error.details) Object.assign(extra, error.details);
  if (error.fields) {
    extra.errors = error.fields.map((f) => ({
      path: f.path,
      code: f.code,
      message: BOOKING_PROBLEMS[f.code].message(error.details, locale),
    }));
  }
  return { status: mapping.status, detail: mapping.message(error.details, locale), extra };
}

export function bookingProblem(c: Context, error: BookingError) {
  const { status, detail, extra } = bookingProblemBody(error, requestLocale(c));
  return problemResponse(c, status, error.code, detail, extra);
}
