/**
 * The business confirms an appointment request (status new → confirmed). Its occupancy becomes
 * active in the same transaction; if the time was taken meanwhile (requests that do not block),
 * the exclusion constraint refuses and the request stays new (STAFF_BUSY).
 */
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { storeRefusalToBookingError } from "../../core/booking/slot-refusals.ts";
import type { BookingDeps } from "./deps.ts";
import type { BookingRecord, CalendarContext } from "./ports.ts";
import { notification, toSnapshot } from "./snapshot.ts";

export async function confirmRequest(
  deps: BookingDeps,
  businessId: string,
  bookingId: string,
): Promise<Outcome<BookingRecord>> {
  const request = await loadRequest(deps, businessId, bookingId);
  if (!request.ok) return request;
  const { ctx } = request.value;
  const result = await deps.store.changeStatus({
    bookingId,
    businessId,
    from: ["new"],
    to: "confirmed",
    active: true,
    cancelReason: null,
    nowMs: deps.clock().getTime(),
    notification: (after) => notification("request_confirmed", toSnapshot(ctx, after, deps.publicUrl, null)),
  });
  if (result.ok && result.record) return ok(result.record);
  // The time was taken meanwhile (the constraint re-checks it); anything else: no longer a request.
  const refusal = result.ok ? null : result.refusal;
  if (refusal?.code === "STAFF_BUSY" || refusal?.code === "SEATS_EXCEEDED")
    return { ok: false, error: storeRefusalToBookingError(refusal, ctx) };
  return fail("NOT_A_REQUEST");
}

/** A request of this business awaiting its answer, with its calendar (shared with declineRequest). */
export async function loadRequest(
  deps: BookingDeps,
  businessId: string,
  bookingId: string,
): Promise<Outcome<{ record: BookingRecord; ctx: CalendarContext }>> {
  const record = await deps.store.loadBooking(bookingId);
  if (!record || record.businessId !== businessId) return fail("BOOKING_NOT_FOUND");
  if (record.status !== "new") return fail("NOT_A_REQUEST");
  const ctx = await deps.store.loadCalendar(record.calendarId);
  if (!ctx) return fail("BOOKING_NOT_FOUND");
  return ok({ record, ctx });
}
