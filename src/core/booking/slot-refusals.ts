/**
 * Why a booking cannot be made, in the spec's vocabulary: the engine's and the database's answers
 * as booking error codes (one mapping for bookings, holds, reschedules and confirmations).
 */
import type { CheckSlotError } from "../availability/compute-slots.ts";
import type { QueryError, SlotRejection } from "../availability/model.ts";
import type { EpochMs } from "../shared/time.ts";
import type { BookingCalendar, CalendarKind } from "./booking-calendar.ts";
import type { BookingError } from "./errors.ts";
import type { CouponRefusal } from "./coupons.ts";

/** Why the database refused a write (the shape of the bookings port's CommitRefusal). */
export type StoreRefusal =
  | { readonly code: "STAFF_BUSY" }
  | { readonly code: "RESOURCE_BUSY" }
  | { readonly code: "SEATS_EXCEEDED"; readonly availableSeats: number }
  | { readonly code: "SLUG_EXPIRED" }
  | { readonly code: "BOOKING_CHANGED" }
  | { readonly code: "SCHEDULING_FAILED" }
  | { readonly code: "COUPON_REFUSED"; readonly refusal: CouponRefusal };

/** The database's refusal of a booking write, as the visitor is told it. */
export function storeRefusalToBookingError(refusal: StoreRefusal, ctx: CalendarKind): BookingError {
  switch (refusal.code) {
    case "STAFF_BUSY":
      return { code: ctx.calendar.type === "service" ? "RESOURCE_UNAVAILABLE" : "STAFF_BUSY" };
    case "RESOURCE_BUSY":
      // The last free unit of a room or piece of equipment went to someone else (issue 21).
      return { code: "RESOURCE_UNAVAILABLE" };
    case "SEATS_EXCEEDED":
      return { code: "SEATS_EXCEEDED", details: { availableSeats: refusal.availableSeats } };
    case "SLUG_EXPIRED":
      return { code: "SLUG_EXPIRED" };
    case "BOOKING_CHANGED":
    case "SCHEDULING_FAILED":
      return { code: "SCHEDULING_FAILED" };
    case "COUPON_REFUSED":
      return { code: refusal.refusal, fields: [{ path: "couponCode", code: refusal.refusal }] };
  }
}

/** Engine query errors as booking errors. */
export function queryErrorToBookingError(error: QueryError): BookingError {
  switch (error.code) {
    case "INVALID_TIME_ZONE":
      return { code: "TIMEZONE_NOT_FOUND" };
    case "RANGE_TOO_LONG":
      return { code: "RANGE_TOO_LONG", details: { maxDays: error.maxDays } };
    case "INVALID_RANGE":
    case "INVALID_DATE":
      return { code: "INVALID_RANGE" };
    case "INVALID_GUEST_COUNT":
      return { code: "GUEST_COUNT_RANGE" };
    case "EMPTY_CART":
    case "UNKNOWN_SERVICE":
      return { code: "SERVICES_REQUIRED" };
    case "SERVICE_GUEST_LIMIT":
      return { code: "SERVICE_GUEST_LIMIT", details: { count: error.maxGuests, serviceId: error.serviceId } };
    case "INVALID_RULES":
      return { code: "SCHEDULING_FAILED" };
  }
}

/** Why a requested start cannot be booked, in the spec's vocabulary. */
export function rejectionToBookingError(
  rejection: SlotRejection,
  ctx: CalendarKind,
  availableSeats: number,
): BookingError {
  switch (rejection) {
    case "STAFF_BUSY":
    case "NO_ELIGIBLE_STAFF":
      // Service bookings need staff (the resource) for every service: 'resource unavailable'.
      return { code: ctx.calendar.type === "service" ? "RESOURCE_UNAVAILABLE" : "STAFF_BUSY" };
    case "RESOURCE_BUSY":
      return { code: "RESOURCE_UNAVAILABLE" };
    case "NO_SEATS":
      return { code: "SEATS_EXCEEDED", details: { availableSeats } };
    case "OUTSIDE_WINDOW":
    case "NOTICE":
    case "OUTSIDE_HOURS":
    case "NOT_ON_GRID":
    case "DAILY_LIMIT":
      return { code: "NO_SLOTS" };
  }
}

export function checkErrorToBookingError(
  error: CheckSlotError,
  ctx: CalendarKind,
  availableSeats: number,
): BookingError {
  return "timeZone" in error || !isRejection(error.code)
    ? queryErrorToBookingError(error as QueryError)
    : rejectionToBookingError(error.code, ctx, availableSeats);
}

const REJECTIONS: ReadonlySet<string> = new Set<SlotRejection>([
  "OUTSIDE_WINDOW",
  "NOTICE",
  "OUTSIDE_HOURS",
  "NOT_ON_GRID",
  "DAILY_LIMIT",
  "STAFF_BUSY",
  "NO_SEATS",
  "NO_ELIGIBLE_STAFF",
  "RESOURCE_BUSY",
]);
const isRejection = (code: string): code is SlotRejection => REJECTIONS.has(code);

/** What an occupancy row tells about a class session's seats. */
export interface SessionSeats {
  readonly kind: string;
  readonly calendarId: string | null;
  readonly startMs: EpochMs;
  readonly seats: number;
}

/** Seats left in this calendar's class session at a start (for 'only {n} seats'). */
export function seatsLeft(
  ctx: { readonly calendar: Pick<BookingCalendar["calendar"], "id" | "settings"> },
  occupancy: readonly SessionSeats[],
  startMs: EpochMs,
): number {
  const total = ctx.calendar.settings.seatsPerSlot ?? 1;
  const session = occupancy.find(
    (o) => o.kind === "session" && o.calendarId === ctx.calendar.id && o.startMs === startMs,
  );
  return Math.max(0, total - (session?.seats ?? 0));
}
