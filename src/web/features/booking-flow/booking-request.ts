/** What the details step sends, and how the API's refusal of it is shown field by field. */
import type { BookingRequest } from "./api-client.ts";
import type { BookingPageData } from "./booking-page.server.ts";
import type { FlowState } from "./flow-reducer.ts";
import { offersOf } from "./offers.ts";

/** The booking request the visitor's choices and details make (the API's BookingBodySchema). */
export function bookingRequestOf(data: BookingPageData, s: FlowState, locale: string): BookingRequest {
  const { config } = data;
  const d = s.details;
  const body: BookingRequest = {
    calendarId: config.id,
    startTime: s.selectedSlot ?? "",
    timezone: s.timezone,
    contact: {
      firstName: d.firstName.trim(),
      lastName: d.lastName.trim(),
      email: d.email.trim(),
      phone: d.phone.trim() || null,
      dateOfBirth: d.dateOfBirth || null,
      location: d.location.trim() || null,
      notes: d.notes.trim() || null,
      consent: d.consent,
    },
    staffId: s.staffId,
    serviceIds: config.type === "service" ? (s.carts[0] ?? []) : null,
    ...(config.type === "service" && s.carts.length > 1 ? { guestCarts: s.carts.slice(1) } : {}),
    ...(config.type === "service" && offersOf(s.offers, s.carts, config).length > 0
      ? { offers: offersOf(s.offers, s.carts, config) }
      : {}),
    answers: d.answers,
    oneTimeSlug: data.oneTimeSlug,
    couponCode: d.couponCode.trim() || null,
    holdId: s.hold?.slot === s.selectedSlot ? s.hold.id : null,
    locale,
  };
  // A series follows the calendar's own policy for taken occurrences (issue 17).
  if (d.repeat && config.recurring && !data.isReschedule)
    body.recurring = { ...d.repeat, policy: config.recurring.policy };
  if (config.type === "service" && config.guestMode === "count_only") {
    // The guests are the carts of the services step.
    if (s.carts.length > 1) body.guests = s.carts.length - 1;
  } else if (config.guestMode === "count_only" && d.guestCount.trim() !== "") body.guests = Number(d.guestCount);
  if (config.guestMode === "collect_detail" && d.guests.length > 0)
    body.guests = d.guests.map((g) => ({ name: g.name.trim(), email: g.email.trim() }));
  return body;
}

/** Field order of the details form, for focusing the first invalid field. */
export const FIELD_ORDER = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "dateOfBirth",
  "location",
  "guestCount",
  "couponCode",
];

/** Marks an attached form's refusal code in the flow's errors, e.g. `form:EMAIL_INVALID`. */
export const FORM_CODE = "form:";

export const ERROR_CODE_KEYS: Record<string, string> = {
  GUEST_NAME_REQUIRED: "widget.validation.guestNameRequired",
  GUEST_NAME_INVALID: "widget.validation.guestNameInvalid",
  GUEST_EMAIL_REQUIRED: "widget.validation.guestEmailRequired",
  GUEST_EMAIL_INVALID: "widget.validation.emailInvalid",
  GUEST_EMAIL_DUPLICATE: "widget.validation.guestEmailDuplicate",
  GUEST_COUNT_RANGE: "widget.validation.guestCount",
  GUESTS_REQUIRED: "problem.GUESTS_REQUIRED",
  FIELD_REQUIRED: "widget.validation.required",
  LOCATION_REQUIRED: "widget.validation.location",
  OPTION_REQUIRED: "widget.validation.option",
  SERVICES_REQUIRED: "widget.validation.servicesForAll",
  SERVICE_GUEST_LIMIT: "widget.validation.serviceLimit",
  COUPON_UNKNOWN: "problem.COUPON_UNKNOWN",
  COUPON_NOT_YET_VALID: "problem.COUPON_NOT_YET_VALID",
  COUPON_EXPIRED: "problem.COUPON_EXPIRED",
  COUPON_NOT_FOR_THIS_SERVICE: "problem.COUPON_NOT_FOR_THIS_SERVICE",
  COUPON_USED_UP: "problem.COUPON_USED_UP",
  COUPON_ALREADY_USED: "problem.COUPON_ALREADY_USED",
  too_small: "widget.validation.required",
  invalid_format: "widget.validation.emailInvalid",
};

export function focusField(path: string | null) {
  if (!path) return;
  // Let React commit the messages first, so the field is announced with its error.
  requestAnimationFrame(() => document.getElementById(`field-${path.replace(/\./g, "-")}`)?.focus());
}
