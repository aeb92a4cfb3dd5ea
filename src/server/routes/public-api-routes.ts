/**
 * The public booking API's routes, each defined once: what it takes, what it answers and why it
 * may refuse. public-api.ts binds a handler to each; the OpenAPI document is generated from them.
 */
import { COUPON_ERROR_CODES, DETAILS_ERROR_CODES, OFFER_ERROR_CODES } from "../../core/booking/errors.ts";
import { BOOKING_PROOF_PROBLEMS } from "../../core/booking/proof-of-work.ts";
import { createRoute, idParam, json, jsonBody, problems, z } from "../http/api-router.ts";
import {
  BookingBodySchema,
  BookingCreatedSchema,
  BookingViewSchema,
  CancelBodySchema,
  CancelledSeriesSchema,
  SeriesPreviewBodySchema,
  SeriesPreviewSchema,
  FreeSlotsResponseSchema,
  HoldBodySchema,
  HoldResponseSchema,
  NextAvailableQuerySchema,
  NextAvailableResponseSchema,
  ProofChallengeSchema,
  QuoteBodySchema,
  QuoteSchema,
  RescheduleBodySchema,
  SlotsQuerySchema,
  WidgetConfigSchema,
} from "./public-api-schemas.ts";

const TAGS = ["Booking"];
const calendarParams = z.object({ calendarId: idParam("Calendar id") });
const bookingParams = z.object({ id: idParam("Booking id") });
/** A visitor's own booking: the manage token from the booking, as a Bearer header or `?token=`. */
const manage = {
  security: [{ manageToken: [] }],
  request: {
    params: bookingParams,
    query: z.object({
      token: z.string().optional().openapi({ description: "Manage token (alternative to the Bearer header)" }),
    }),
  },
};

export const getWidgetConfigRoute = createRoute({
  method: "get",
  path: "/calendars/{calendarId}",
  tags: TAGS,
  summary: "Widget configuration of a calendar",
  request: { params: calendarParams },
  responses: {
    200: json(WidgetConfigSchema, "Public configuration (nothing private)"),
    ...problems("CALENDAR_NOT_FOUND", "CALENDAR_UNAVAILABLE"),
  },
});

export const getOneTimeLinkRoute = createRoute({
  method: "get",
  path: "/one-time-links/{slug}",
  tags: TAGS,
  summary: "Widget configuration behind a one-time link",
  request: { params: z.object({ slug: idParam("One-time link slug") }) },
  responses: {
    200: json(WidgetConfigSchema, "Configuration plus `oneTimeSlug`"),
    ...problems("LINK_NOT_FOUND", "SLUG_EXPIRED"),
  },
});

export const freeSlotsRoute = createRoute({
  method: "get",
  path: "/calendars/{calendarId}/free-slots",
  tags: TAGS,
  summary: "Free start times, grouped by the visitor's local date (at most 31 days)",
  request: { params: calendarParams, query: SlotsQuerySchema },
  responses: {
    200: json(
      FreeSlotsResponseSchema,
      "Dates without slots (or, for class calendars showing seats, full classes) are omitted. A calendar with Look Busy leaves out that share of each of its days' free starts, the same ones on every request. Carries an `ETag`; sent back in `If-None-Match` while the answer is unchanged, it gets 304",
    ),
    304: { description: "The answer is the one whose ETag the request named (If-None-Match): no body" },
    ...problems(
      "VALIDATION_FAILED",
      "TIMEZONE_NOT_FOUND",
      "RANGE_TOO_LONG",
      "INVALID_RANGE",
      "CALENDAR_NOT_FOUND",
      "BOOKING_NOT_FOUND",
      "SERVICES_REQUIRED",
      "SERVICE_GUEST_LIMIT",
      "VARIATION_REQUIRED",
      "UNKNOWN_VARIATION",
      "UNKNOWN_ADD_ON",
      "ADD_ON_QUANTITY",
      "RATE_LIMITED",
    ),
  },
});

export const slotEventsRoute = createRoute({
  method: "get",
  path: "/calendars/{calendarId}/events",
  tags: TAGS,
  summary: "Server-sent events: `ready` once, then `slots` whenever this calendar's free slots may have changed",
  description:
    "A text/event-stream for open widgets; it carries no personal data, only that something changed. Heartbeat comments keep it open.",
  request: { params: calendarParams },
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
    ...problems("CALENDAR_NOT_FOUND"),
  },
});

export const nextAvailableRoute = createRoute({
  method: "get",
  path: "/calendars/{calendarId}/next-available",
  tags: TAGS,
  summary: "First date on or after `from` with a free slot (null: none in the booking window)",
  request: { params: calendarParams, query: NextAvailableQuerySchema },
  responses: {
    200: json(NextAvailableResponseSchema, "The date or null"),
    ...problems(
      "VALIDATION_FAILED",
      "TIMEZONE_NOT_FOUND",
      "CALENDAR_NOT_FOUND",
      "BOOKING_NOT_FOUND",
      "SERVICES_REQUIRED",
      "SERVICE_GUEST_LIMIT",
      "VARIATION_REQUIRED",
      "UNKNOWN_VARIATION",
      "UNKNOWN_ADD_ON",
      "ADD_ON_QUANTITY",
      "RATE_LIMITED",
    ),
  },
});

export const holdRoute = createRoute({
  method: "post",
  path: "/calendars/{calendarId}/holds",
  tags: TAGS,
  summary: "Hold a slot for a few minutes (busy for everyone else until it expires)",
  request: { params: calendarParams, body: jsonBody(HoldBodySchema) },
  responses: {
    201: json(HoldResponseSchema, "Pass `holdId` with the booking"),
    ...problems(
      "VALIDATION_FAILED",
      "INVALID_JSON",
      "UNSUPPORTED_MEDIA_TYPE",
      "TIMEZONE_NOT_FOUND",
      "CALENDAR_NOT_FOUND",
      "SERVICES_REQUIRED",
      "SERVICE_GUEST_LIMIT",
      "VARIATION_REQUIRED",
      "UNKNOWN_VARIATION",
      "UNKNOWN_ADD_ON",
      "ADD_ON_QUANTITY",
      "STAFF_BUSY",
      "RESOURCE_UNAVAILABLE",
      "NO_SLOTS",
      "HOLD_NOT_SUPPORTED",
      "RATE_LIMITED",
    ),
  },
});

export const releaseHoldRoute = createRoute({
  method: "post",
  path: "/calendars/{calendarId}/holds/{holdId}/release",
  tags: TAGS,
  summary: "Let a held slot go before it expires",
  description:
    "The widget sends this (as a beacon, no body) when its visitor leaves the page holding a time, so the time is free for everyone at once rather than when the hold runs out. The hold id is the capability (only its holder was given it). Answers 204 whether or not such a hold was still there: a repeat, or a hold already used by its booking, changes nothing.",
  request: { params: z.object({ calendarId: idParam("Calendar id"), holdId: idParam("Hold id") }) },
  responses: { 204: { description: "Released (or nothing to release)" }, ...problems("RATE_LIMITED") },
});

export const quoteRoute = createRoute({
  method: "post",
  path: "/calendars/{calendarId}/quote",
  tags: TAGS,
  summary: "What a booking would cost, with a coupon applied, before booking",
  description:
    "Takes the booking's own choices (start, carts, offers, staff, guests, a series' `recurring`) and a coupon code, and answers the booking's own price: the same plan, the same staff member's terms, the discount before the deposit; for a series, every occurrence that would be booked, summed (as the series preview). Nothing is written and no coupon use is taken; a refused coupon is its COUPON_* problem at `couponCode`.",
  request: { params: calendarParams, body: jsonBody(QuoteBodySchema) },
  responses: {
    200: json(QuoteSchema, "The price the booking would have"),
    ...problems(
      "VALIDATION_FAILED",
      "INVALID_JSON",
      "UNSUPPORTED_MEDIA_TYPE",
      ...OFFER_ERROR_CODES,
      ...COUPON_ERROR_CODES,
      "CALENDAR_NOT_FOUND",
      "CALENDAR_UNAVAILABLE",
      "TIMEZONE_NOT_FOUND",
      "GUESTS_NOT_ALLOWED",
      "GUEST_COUNT_RANGE",
      "SERVICES_REQUIRED",
      "SERVICE_GUEST_LIMIT",
      "STAFF_NOT_FOUND",
      "STAFF_BUSY",
      "RESOURCE_UNAVAILABLE",
      "SEATS_EXCEEDED",
      "NO_SLOTS",
      "RECURRING_NOT_SUPPORTED",
      "RECURRING_NOT_OFFERED",
      "SERIES_PAYMENT_NOT_SUPPORTED",
      "SLUG_EXPIRED",
      "RATE_LIMITED",
    ),
  },
});

export const bookingChallengeRoute = createRoute({
  method: "get",
  path: "/booking-challenge",
  tags: TAGS,
  summary: "A proof-of-work challenge to solve before booking",
  description:
    "Every new booking carries a solved challenge as its `proof` (bot protection, ADR 0055). Find the integer `number` from 0 to `maxnumber` whose SHA-256 (hex) of `salt` followed by `number` in decimal equals `challenge` — about `maxnumber / 2` hashes, well under a second — and send base64 of the JSON `{algorithm, challenge, number, salt, signature}` as the booking's `proof`. This is the ALTCHA challenge format: its libraries (altcha-lib `solveChallenge`) solve it. A challenge expires after 30 minutes and books once. A client refused recently, or asking for many challenges, gets a harder one.",
  responses: {
    200: json(ProofChallengeSchema, "The challenge; it is not stored until a booking spends it"),
    ...problems("RATE_LIMITED"),
  },
});

export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const createBookingRoute = createRoute({
  method: "post",
  path: "/bookings",
  tags: TAGS,
  summary: "Book a slot (or a recurring series)",
  description:
    "Service calendars take a cart per attendee: `serviceIds` is the booker's, and each guest's is `guests[i].serviceIds` (named guests) or `guestCarts[i]` (either form, not both); without any guest cart every guest takes `serviceIds`. Each cart's services run back to back from `startTime`, every service by an eligible free staff member, different guests by different staff at the same time — the same rule free-slots and holds apply to the same carts. `offers` picks a service's variation and add-ons (required where it has variations): the line lasts the variation plus its add-ons, buffers around the whole, priced line by line (a staff member's own price where they have one) and returned in `offerLines`. The booking stores one occupancy per guest and service; `carts`, `priceCents` and `depositCents` cover every attendee.",
  request: {
    headers: z.object({
      "idempotency-key": z.string().regex(IDEMPOTENCY_KEY).optional().openapi({
        description:
          "Replays return the identical response for 24 h; a different body with the same key is 422; while the first is in flight, 409.",
      }),
    }),
    body: jsonBody(BookingBodySchema),
  },
  responses: {
    201: json(BookingCreatedSchema, "Booked (`confirmed`) or requested (`new`); keep `manageToken`"),
    ...problems(
      "VALIDATION_FAILED",
      "INVALID_JSON",
      "UNSUPPORTED_MEDIA_TYPE",
      "INVALID_IDEMPOTENCY_KEY",
      ...DETAILS_ERROR_CODES,
      ...OFFER_ERROR_CODES,
      ...COUPON_ERROR_CODES,
      "STAFF_NOT_FOUND",
      "TIMEZONE_NOT_FOUND",
      "CALENDAR_NOT_FOUND",
      "HOLD_NOT_FOUND",
      "STAFF_BUSY",
      "RESOURCE_UNAVAILABLE",
      "SEATS_EXCEEDED",
      "SCHEDULING_FAILED",
      "NO_SLOTS",
      "SLUG_EXPIRED",
      "IDEMPOTENCY_KEY_REUSED",
      "IDEMPOTENCY_IN_FLIGHT",
      "RECURRING_NOT_SUPPORTED",
      "RECURRING_NOT_OFFERED",
      ...BOOKING_PROOF_PROBLEMS,
      "RATE_LIMITED",
    ),
  },
});

export const getBookingRoute = createRoute({
  method: "get",
  path: "/bookings/{id}",
  tags: TAGS,
  summary: "The visitor's booking (manage token required)",
  ...manage,
  responses: { 200: json(BookingViewSchema, "The booking"), ...problems("BOOKING_NOT_FOUND") },
});

export const rescheduleRoute = createRoute({
  method: "post",
  path: "/bookings/{id}/reschedule",
  tags: TAGS,
  summary: "Move the booking to another start",
  ...manage,
  request: { ...manage.request, body: jsonBody(RescheduleBodySchema) },
  responses: {
    200: json(BookingViewSchema, "Moved; `previousStartTime` and `sequence` updated"),
    ...problems(
      "VALIDATION_FAILED",
      "INVALID_JSON",
      "UNSUPPORTED_MEDIA_TYPE",
      "TIMEZONE_NOT_FOUND",
      "BOOKING_NOT_FOUND",
      "RESCHEDULE_NOT_ALLOWED",
      "CHANGE_WINDOW_CLOSED",
      "BOOKING_CANCELLED",
      "STAFF_BUSY",
      "RESOURCE_UNAVAILABLE",
      "NO_SLOTS",
      "SEATS_EXCEEDED",
      "RATE_LIMITED",
    ),
  },
});

export const cancelRoute = createRoute({
  method: "post",
  path: "/bookings/{id}/cancel",
  tags: TAGS,
  summary: "Cancel the booking",
  ...manage,
  request: { ...manage.request, body: jsonBody(CancelBodySchema) },
  responses: {
    200: json(BookingViewSchema, "Cancelled"),
    ...problems(
      "VALIDATION_FAILED",
      "INVALID_JSON",
      "UNSUPPORTED_MEDIA_TYPE",
      "BOOKING_NOT_FOUND",
      "CANCEL_NOT_ALLOWED",
      "CHANGE_WINDOW_CLOSED",
      "BOOKING_CANCELLED",
      "RATE_LIMITED",
    ),
  },
});

export const seriesPreviewRoute = createRoute({
  method: "post",
  path: "/calendars/{calendarId}/series-preview",
  tags: TAGS,
  summary: "Every occurrence of a recurring series as it would be booked, before booking",
  description:
    "Takes the booking's own choices and its `recurring`, and answers each occurrence's time and what would become of it under the calendar's policy (booked, requested, not booked with its code). Nothing is written; the series is decided again when booked.",
  request: { params: calendarParams, body: jsonBody(SeriesPreviewBodySchema) },
  responses: {
    200: json(SeriesPreviewSchema, "The occurrences, in order"),
    ...problems(
      "VALIDATION_FAILED",
      "INVALID_JSON",
      "UNSUPPORTED_MEDIA_TYPE",
      "CALENDAR_NOT_FOUND",
      "CALENDAR_UNAVAILABLE",
      "TIMEZONE_NOT_FOUND",
      "RECURRING_NOT_SUPPORTED",
      "RECURRING_NOT_OFFERED",
      "SERIES_PAYMENT_NOT_SUPPORTED",
      "STAFF_BUSY",
      "NO_SLOTS",
      "RATE_LIMITED",
    ),
  },
});

export const cancelSeriesRoute = createRoute({
  method: "post",
  path: "/bookings/{id}/cancel-series",
  tags: TAGS,
  summary: "Cancel this occurrence of a recurring series and every later one",
  ...manage,
  request: { ...manage.request, body: jsonBody(CancelBodySchema) },
  responses: {
    200: json(CancelledSeriesSchema, "Cancelled; `kept`: later occurrences the policy no longer lets you cancel"),
    ...problems(
      "VALIDATION_FAILED",
      "INVALID_JSON",
      "UNSUPPORTED_MEDIA_TYPE",
      "BOOKING_NOT_FOUND",
      "RECURRING_NOT_SUPPORTED",
      "CANCEL_NOT_ALLOWED",
      "CHANGE_WINDOW_CLOSED",
      "BOOKING_CANCELLED",
      "RATE_LIMITED",
    ),
  },
});

export const calendarFileRoute = createRoute({
  method: "get",
  path: "/bookings/{id}/calendar.ics",
  tags: TAGS,
  summary: "Calendar file of the booking",
  ...manage,
  responses: {
    200: { description: "The booking as an iCalendar file", content: { "text/calendar": { schema: z.string() } } },
    ...problems("BOOKING_NOT_FOUND", "NOT_FOUND"),
  },
});
