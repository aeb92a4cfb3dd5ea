/** The visitor cancels with the manage token, within the calendar's cancellation policy. */
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { visitorChangeRefusal } from "../../core/booking/policy.ts";
import { refundOnCancel } from "../../core/payments/refund-policy.ts";
import type { BookingDeps } from "./deps.ts";
import { findManagedBooking, toBookingView, type BookingView } from "./manage-booking.ts";
import type { BookingRecord, CalendarContext } from "./ports.ts";
import { notification, toSnapshot } from "./snapshot.ts";

export async function cancelBooking(
  deps: BookingDeps,
  bookingId: string,
  token: string | null | undefined,
  reason: string | null,
): Promise<Outcome<BookingView>> {
  const found = await findManagedBooking(deps, bookingId, token);
  if (!found.ok) return found;
  const { record, ctx } = found.value;
  const nowMs = deps.clock().getTime();
  const refusal = visitorChangeRefusal("cancel", ctx.calendar.settings, record.status, record.startMs, nowMs);
  if (refusal) return fail(refusal);
  return cancelFoundBooking(deps, record, ctx, reason, nowMs, "visitor");
}

/**
 * Cancels a booking whose cancellation is allowed: by the visitor's policy above, or by the
 * business, which is not bound by it (src/app/business/change-booking.ts).
 */
export async function cancelFoundBooking(
  deps: BookingDeps,
  record: BookingRecord,
  ctx: CalendarContext,
  reason: string | null,
  nowMs: number,
  by: "visitor" | "business",
): Promise<Outcome<BookingView>> {
  const paidMinor = record.paidMinor ?? 0;
  const refundMinor = refundOnCancel({
    paidMinor,
    depositMinor: record.depositCents,
    startMs: record.startMs,
    nowMs,
    fullRefundHoursBefore: ctx.calendar.settings.fullRefundHoursBefore,
    by,
  });
  const payment = paidMinor > 0 ? { paidMinor, totalMinor: record.priceCents, currency: record.currency } : null;
  const result = await deps.store.changeStatus({
    bookingId: record.id,
    businessId: record.businessId,
    from: ["new", "confirmed"],
    to: "cancelled",
    active: false,
    cancelReason: reason,
    nowMs,
    refundMinor,
    // The cancellation email says what comes back.
    notification: (after) =>
      notification("booking_cancelled", {
        ...toSnapshot(ctx, after, deps.publicUrl, null),
        ...(payment ? { payment: { ...payment, refundedMinor: refundMinor } } : {}),
      }),
  });
  if (!result.ok || !result.record)
    return fail(
      result.ok
        ? "SCHEDULING_FAILED"
        : result.refusal.code === "BOOKING_CHANGED"
          ? "BOOKING_CANCELLED"
          : "SCHEDULING_FAILED",
    );
  if (refundMinor > 0) await deps.money?.giveBack().catch(() => undefined);
  // A request's money that was only held is let go.
  await deps.money?.release(record.id).catch(() => undefined);
  return ok(toBookingView(ctx, { ...result.record, paidMinor: paidMinor - refundMinor }, false, false));
}
