/** The business declines an appointment request (status new → cancelled); its time is freed. */
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import type { BookingDeps } from "./deps.ts";
import type { BookingRecord } from "./ports.ts";
import { notification, toSnapshot } from "./snapshot.ts";

export async function declineRequest(
  deps: BookingDeps,
  businessId: string,
  bookingId: string,
  reason: string | null = null,
): Promise<Outcome<BookingRecord>> {
  const record = await deps.store.loadBooking(bookingId);
  if (!record || record.businessId !== businessId) return fail("BOOKING_NOT_FOUND");
  if (record.status !== "new") return fail("NOT_A_REQUEST");
  const ctx = await deps.store.loadCalendar(record.calendarId);
  if (!ctx) return fail("BOOKING_NOT_FOUND");
  const result = await deps.store.changeStatus({
    bookingId,
    businessId,
    from: ["new"],
    to: "cancelled",
    active: false,
    cancelReason: reason,
    nowMs: deps.clock().getTime(),
    notification: (after) => notification("request_declined", toSnapshot(ctx, after, deps.publicUrl, null)),
  });
  return result.ok && result.record ? ok(result.record) : fail("NOT_A_REQUEST");
}
