/** The visitor cancels with the manage token, within the calendar's cancellation policy. */
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { visitorChangeRefusal } from "../../core/booking/policy.ts";
import { restOfSeries } from "../../core/booking/series.ts";
import { refundOnCancel } from "../../core/payments/refund-policy.ts";
import type { BookingDeps } from "./deps.ts";
import { findManagedBooking, toBookingView, type BookingView } from "./manage-booking.ts";
import type { BookingRecord, CalendarContext } from "./ports.ts";
import type { SeriesOccurrenceSnapshot } from "../../core/notifications/notification.ts";
import { bookingUid, notification, toSnapshot } from "./snapshot.ts";

export async function cancelBooking(
  deps: BookingDeps,
  businessId: string,
  bookingId: string,
  token: string | null | undefined,
  reason: string | null,
): Promise<Outcome<BookingView>> {
  const found = await findManagedBooking(deps, businessId, bookingId, token);
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
  const result = await cancelOne(deps, record, ctx, reason, nowMs, by);
  return result.ok ? ok(withoutOccurrence(result.value)) : result;
}

const withoutOccurrence = ({ occurrence: _, ...view }: BookingView & { occurrence: unknown }): BookingView => view;

async function cancelOne(
  deps: BookingDeps,
  record: BookingRecord,
  ctx: CalendarContext,
  reason: string | null,
  nowMs: number,
  by: "visitor" | "business",
  /**
   * Cancelling the rest of a series (issue 17): "silent" sends no e-mail (told with the series; its
   * webhooks still go);
   * `series` lists the later occurrences cancelled together, in this one's message after itself.
   * Absent: its own message.
   */
  told?: "silent" | { series: SeriesOccurrenceSnapshot[] },
): Promise<Outcome<BookingView & { occurrence: SeriesOccurrenceSnapshot }>> {
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
    notification: (after) => {
      // A request its visitor takes back is withdrawn, not a cancelled appointment (words and emails say so).
      // Judged by the status read before this write: a confirmation landing in between still reads
      // "withdrawn" — rare, and the visitor did withdraw what they saw as a request.
      const kind = by === "visitor" && record.status === "new" ? "request_withdrawn" : "booking_cancelled";
      const message = notification(kind, {
        ...toSnapshot(ctx, after, deps.publicUrl, null),
        ...(payment ? { payment: { ...payment, refundedMinor: refundMinor } } : {}),
        ...(told && told !== "silent" ? { series: { occurrences: [cancelledOccurrence(after), ...told.series] } } : {}),
      });
      return told === "silent" ? { ...message, toldWithSeries: true } : message;
    },
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
  return ok({
    ...toBookingView(
      ctx,
      {
        ...result.record,
        paidMinor: paidMinor - refundMinor,
        refundedMinor: (record.refundedMinor ?? 0) + refundMinor,
      },
      false,
      false,
      nowMs,
    ),
    occurrence: cancelledOccurrence(result.record),
  });
}

/** A cancelled occurrence as its series' cancellation message lists it (its own UID and sequence). */
function cancelledOccurrence(record: BookingRecord): SeriesOccurrenceSnapshot {
  return {
    bookingId: record.id,
    uid: bookingUid(record.id),
    sequence: record.sequence,
    status: "cancelled",
    startUtc: new Date(record.startMs).toISOString(),
    endUtc: new Date(record.endMs).toISOString(),
  };
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
  businessId: string,
  bookingId: string,
  token: string | null | undefined,
  reason: string | null,
): Promise<Outcome<CancelledSeries>> {
  const found = await findManagedBooking(deps, businessId, bookingId, token);
  if (!found.ok) return found;
  const { record, ctx } = found.value;
  if (!record.seriesId) return fail("RECURRING_NOT_SUPPORTED");
  const nowMs = deps.clock().getTime();
  const members = (await deps.store.loadSeries(record.businessId, record.seriesId)).filter(
    (m) => m.manageTokenHash === record.manageTokenHash,
  );
  const plan = restOfSeries(members, record.id, ctx.calendar.settings, nowMs);
  if (!plan.ok) return fail(plan.code);
  // One e-mail for all of them (issue 17): the later ones are cancelled without one, then the
  // chosen one's cancellation lists every date cancelled, with one calendar file cancelling each
  // event by its UID. (restOfSeries has just found the chosen one cancellable; should it be changed
  // meanwhile, its own refusal is answered and the later ones are already cancelled.)
  const later: (BookingView & { occurrence: SeriesOccurrenceSnapshot })[] = [];
  const kept = [...plan.value.kept];
  for (const id of plan.value.cancel.filter((id) => id !== record.id)) {
    const member = await deps.store.loadBooking(record.businessId, id);
    if (!member) continue;
    const result = await cancelOne(deps, member, ctx, reason, nowMs, "visitor", "silent");
    if (result.ok) later.push(result.value);
    else kept.push({ id, code: result.error.code });
  }
  const chosen = await cancelOne(deps, record, ctx, reason, nowMs, "visitor", {
    series: later.map((b) => b.occurrence),
  });
  if (!chosen.ok) return chosen;
  return ok({ cancelled: [chosen.value, ...later].map(withoutOccurrence), kept });
}
