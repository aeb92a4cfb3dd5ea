/**
 * The business answers an appointment request. Confirming (new → confirmed) makes its occupancy
 * active in the same transaction; if the time was taken meanwhile (requests that do not block), the
 * exclusion constraint refuses and the request stays new (STAFF_BUSY). Declining (new → cancelled)
 * frees its time.
 */
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { storeRefusalToBookingError } from "../../core/booking/slot-refusals.ts";
import type { BookingDeps } from "./deps.ts";
import type { BookingRecord } from "./ports.ts";
import { notification, toSnapshot } from "./snapshot.ts";

export const confirmRequest = (deps: BookingDeps, businessId: string, bookingId: string) =>
  answerRequest(deps, businessId, bookingId, { to: "confirmed", reason: null });

export const declineRequest = (
  deps: BookingDeps,
  businessId: string,
  bookingId: string,
  reason: string | null = null,
) => answerRequest(deps, businessId, bookingId, { to: "cancelled", reason });

async function answerRequest(
  deps: BookingDeps,
  businessId: string,
  bookingId: string,
  answer: { to: "confirmed" | "cancelled"; reason: string | null },
): Promise<Outcome<BookingRecord>> {
  const record = await deps.store.loadBooking(businessId, bookingId);
  if (!record) return fail("BOOKING_NOT_FOUND");
  if (record.status !== "new") return fail("NOT_A_REQUEST");
  const ctx = await deps.store.loadCalendar(record.calendarId);
  if (!ctx) return fail("BOOKING_NOT_FOUND");
  const event = answer.to === "confirmed" ? "request_confirmed" : "request_declined";
  const result = await deps.store.changeStatus({
    bookingId,
    businessId,
    from: ["new"],
    to: answer.to,
    active: answer.to === "confirmed",
    cancelReason: answer.reason,
    nowMs: deps.clock().getTime(),
    // Declined: whatever was paid online goes back in full.
    ...(answer.to === "cancelled" && (record.paidMinor ?? 0) > 0 ? { refundMinor: record.paidMinor } : {}),
    notification: (after) => notification(event, toSnapshot(ctx, after, deps.publicUrl, null)),
  });
  if (result.ok && result.record) {
    // Confirmed: the money held on the card is taken. Declined: it is let go (and anything taken given back).
    if (answer.to === "confirmed") await deps.money?.capture(bookingId).catch(() => undefined);
    else {
      await deps.money?.release(bookingId).catch(() => undefined);
      if ((record.paidMinor ?? 0) > 0) await deps.money?.giveBack().catch(() => undefined);
    }
    return ok(result.record);
  }
  // The time was taken meanwhile (the constraint re-checks it); anything else: no longer a request.
  const refusal = result.ok ? null : result.refusal;
  if (refusal?.code === "STAFF_BUSY" || refusal?.code === "RESOURCE_BUSY" || refusal?.code === "SEATS_EXCEEDED")
    return { ok: false, error: storeRefusalToBookingError(refusal, ctx) };
  return fail("NOT_A_REQUEST");
}
