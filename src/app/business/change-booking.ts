/**
 * The business cancels or moves a booking. It is not bound by the visitor's policy (allow
 * reschedule/cancel, cut-off): the shared steps of src/app/bookings do the work, so the slot
 * rules, the occupancy transaction and the notifications are the same as for the visitor.
 */
import { cancelFoundBooking } from "../bookings/cancel-booking.ts";
import type { BookingDeps } from "../bookings/deps.ts";
import type { BookingView } from "../bookings/manage-booking.ts";
import { moveBooking } from "../bookings/reschedule-booking.ts";
import type { BookingRecord, CalendarContext } from "../bookings/ports.ts";
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";

async function loadOwn(
  deps: BookingDeps,
  businessId: string,
  bookingId: string,
): Promise<Outcome<{ record: BookingRecord; ctx: CalendarContext }>> {
  const record = await deps.store.loadBooking(businessId, bookingId);
  if (!record) return fail("BOOKING_NOT_FOUND");
  const ctx = await deps.store.loadCalendar(record.calendarId);
  if (!ctx) return fail("BOOKING_NOT_FOUND");
  if (record.status === "cancelled") return fail("BOOKING_CANCELLED");
  return ok({ record, ctx });
}

export async function cancelBookingAsBusiness(
  deps: BookingDeps,
  businessId: string,
  bookingId: string,
  reason: string | null,
): Promise<Outcome<BookingView>> {
  const found = await loadOwn(deps, businessId, bookingId);
  if (!found.ok) return found;
  return cancelFoundBooking(deps, found.value.record, found.value.ctx, reason, deps.clock().getTime(), "business");
}

export async function rescheduleBookingAsBusiness(
  deps: BookingDeps,
  businessId: string,
  bookingId: string,
  input: { readonly startTime: string; readonly timezone: string },
): Promise<Outcome<BookingView>> {
  const found = await loadOwn(deps, businessId, bookingId);
  if (!found.ok) return found;
  return moveBooking(deps, { ...found.value, input, token: null, nowMs: deps.clock().getTime() });
}
