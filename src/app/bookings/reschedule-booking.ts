/**
 * The visitor moves their booking with the manage token. The new start is checked with the same
 * rules as a new booking (the booking's own occupancy does not count against it), then moved in
 * one transaction: old occupancy out, new in, previous start recorded, SEQUENCE incremented.
 */
import { busySpanFor } from "../../core/availability/busy-span.ts";
import {
  decideReschedule,
  readNewStart,
  releaseOwnSeats,
  rescheduleRequest,
  reschedulePlan,
} from "../../core/booking/decide-reschedule.ts";
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { visitorChangeRefusal } from "../../core/booking/policy.ts";
import { storeRefusalToBookingError } from "../../core/booking/slot-refusals.ts";
import type { EpochMs } from "../../core/shared/time.ts";
import { relevantStaffIds, toAvailabilityInput, toSchedules, withOffers, withResources } from "./availability.ts";
import type { BookingDeps } from "./deps.ts";
import { findManagedBooking, toBookingView, type BookingView } from "./manage-booking.ts";
import type { BookingRecord, CalendarContext } from "./ports.ts";
import { notification, toSnapshot, unitLabels } from "./snapshot.ts";

/** A move whose change is allowed, of a booking as loaded. */
export interface MoveCommand {
  readonly record: BookingRecord;
  readonly ctx: CalendarContext;
  readonly input: { readonly startTime: string; readonly timezone: string };
  /** The visitor's manage token (links in the notification); null when the business moves it. */
  readonly token: string | null;
  readonly nowMs: EpochMs;
}

export async function rescheduleBooking(
  deps: BookingDeps,
  businessId: string,
  bookingId: string,
  token: string | null | undefined,
  input: { readonly startTime: string; readonly timezone: string },
): Promise<Outcome<BookingView>> {
  const found = await findManagedBooking(deps, businessId, bookingId, token);
  if (!found.ok) return found;
  const { record, ctx } = found.value;
  const nowMs = deps.clock().getTime();
  const s = ctx.calendar.settings;
  const refusal = visitorChangeRefusal("reschedule", s, record.status, record.startMs, nowMs);
  if (refusal) return fail(refusal);
  return moveBooking(deps, { record, ctx, input, token: token ?? null, nowMs });
}

/**
 * Moves a booking whose change is allowed: by the visitor's policy above, or by the business, which
 * is not bound by it (src/app/business/change-booking.ts).
 */
export async function moveBooking(deps: BookingDeps, move: MoveCommand): Promise<Outcome<BookingView>> {
  const { record, ctx, nowMs } = move;
  const s = ctx.calendar.settings;
  const start = readNewStart(move.input);
  if (!start.ok) return start;
  const startMs = start.value;

  // Only the busy time the rules can consult for this start, its own seats given back.
  const schedules = withOffers(toSchedules(ctx), reschedulePlan(ctx, record));
  const span = busySpanFor(schedules, [startMs], rescheduleRequest(ctx, record));
  const loaded = await deps.store.loadOccupancy(ctx.business.id, relevantStaffIds(ctx), span.startMs, span.endMs);
  const occupancy = releaseOwnSeats(loaded, record);
  const availability = await withResources(
    deps.store,
    ctx,
    toAvailabilityInput(ctx, occupancy, nowMs, { bookingId: record.id }, schedules),
    span,
    { bookingId: record.id },
  );
  const decision = decideReschedule({ calendar: ctx, booking: record, startMs, availability, occupancy, nowMs });
  if (!decision.ok) return decision;

  const { endMs, staffId, staffIds, items, units, classSeats, active } = decision.value;
  const after = {
    ...record,
    startMs,
    endMs,
    staffId,
    staffIds,
    ...(units ? { units, resources: unitLabels(ctx, units) } : {}),
    previousStartMs: record.startMs,
    sequence: record.sequence + 1,
  };
  // Providers who no longer serve it: their connected calendars must drop it (calendar-write-outbox).
  const leftStaff = record.staffIds.filter((id) => !staffIds.includes(id));
  const result = await deps.store.reschedule({
    bookingId: record.id,
    businessId: record.businessId,
    expectedSequence: record.sequence,
    startMs,
    endMs,
    staffId,
    staffIds,
    active,
    items,
    ...(units ? { units } : {}),
    classSeats,
    notification: {
      ...notification("booking_rescheduled", toSnapshot(ctx, after, deps.publicUrl, move.token)),
      ...(leftStaff.length > 0 ? { previousStaffIds: leftStaff } : {}),
    },
    nowMs,
  });
  if (!result.ok) {
    // A concurrent change of this booking is reported like any other failed write.
    const refusal = result.refusal.code === "SLUG_EXPIRED" ? { code: "SCHEDULING_FAILED" as const } : result.refusal;
    return { ok: false, error: storeRefusalToBookingError(refusal, ctx) };
  }
  const nowView = toBookingView(ctx, after, true, true, nowMs);
  return ok({
    ...nowView,
    canReschedule: visitorChangeRefusal("reschedule", s, after.status, startMs, nowMs) === null,
    canCancel: visitorChangeRefusal("cancel", s, after.status, startMs, nowMs) === null,
  });
}
