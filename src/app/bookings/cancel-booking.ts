/** The visitor cancels with the manage token, within the calendar's cancellation policy. */
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { visitorChangeRefusal } from "../../core/booking/policy.ts";
import { restOfSeries } from "../../core/booking/series.ts";
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

export interface CancelledSeries {
  /** The occurrences cancelled now, the chosen one first. */
  readonly cancelled: readonly BookingView[];
  /** Later occurrences the calendar's policy no longer lets the visitor cancel, with the reason. */
  readonly kept: readonly { readonly id: string; readonly code: string }[];
}

/**
 * "Cancel this and every later occurrence" of a recurring series (issue 17), with the manage token
 * the whole series shares. Which occurrences go is the core's decision (restOfSeries); each is then
 * cancelled as on its own (refund, calendar file cancelling its own event).
 */
export async function cancelRestOfSeries(
  deps: BookingDeps,
  bookingId: string,
  token: string | null | undefined,
  reason: string | null,
): Promise<Outcome<CancelledSeries>> {
  const found = await findManagedBooking(deps, bookingId, token);
  if (!found.ok) return found;
  const { record, ctx } = found.value;
  if (!record.seriesId) return fail("RECURRING_NOT_SUPPORTED");
  const nowMs = deps.clock().getTime();
  const members = (await deps.store.loadSeries(record.seriesId)).filter(
    (m) => m.manageTokenHash === record.manageTokenHash,
  );
  const plan = restOfSeries(members, record.id, ctx.calendar.settings, nowMs);
  if (!plan.ok) return fail(plan.code);
  const cancelled: BookingView[] = [];
  const kept = [...plan.value.kept];
  for (const id of plan.value.cancel) {
    const member = id === record.id ? record : await deps.store.loadBooking(id);
    if (!member) continue;
    const result = await cancelFoundBooking(deps, member, ctx, reason, nowMs, "visitor");
    if (result.ok) cancelled.push(result.value);
    else if (id === record.id) return result;
    else kept.push({ id, code: result.error.code });
  }
  return ok({ cancelled, kept });
}
