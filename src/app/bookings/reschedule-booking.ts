/**
 * The visitor moves their booking with the manage token. The new start is checked with the same
 * rules as a new booking (the booking's own occupancy does not count against it), then moved in
 * one transaction: old occupancy out, new in, previous start recorded, SEQUENCE incremented.
 */
import { busySpanFor } from "../../core/availability/busy-span.ts";
import { checkSlot } from "../../core/availability/compute-slots.ts";
import { fail, ok, type Outcome } from "../../core/booking/errors.ts";
import { occupies, visitorChangeRefusal } from "../../core/booking/policy.ts";
import { isValidTimeZone, MINUTE_MS } from "../../core/shared/time.ts";
import {
  checkErrorToBookingError,
  itemsPerTask,
  occupancyItem,
  relevantStaffIds,
  seatsLeft,
  slotRequest,
  toAvailabilityInput,
  toSchedules,
} from "./availability.ts";
import type { BookingDeps } from "./deps.ts";
import { findManagedBooking, toBookingView, type BookingView } from "./manage-booking.ts";
import type { BookingRecord, CalendarContext, ClassSeatRequest, OccupancyItem } from "./ports.ts";
import { notification, toSnapshot } from "./snapshot.ts";

export async function rescheduleBooking(
  deps: BookingDeps,
  bookingId: string,
  token: string | null | undefined,
  input: { readonly startTime: string; readonly timezone: string },
): Promise<Outcome<BookingView>> {
  const found = await findManagedBooking(deps, bookingId, token);
  if (!found.ok) return found;
  const { record, ctx } = found.value;
  const nowMs = deps.clock().getTime();
  const s = ctx.calendar.settings;
  const refusal = visitorChangeRefusal("reschedule", s, record.status, record.startMs, nowMs);
  if (refusal) return fail(refusal);
  return moveBooking(deps, record, ctx, input, token ?? null, nowMs);
}

/**
 * Moves a booking whose change is allowed: by the visitor's policy above, or by the business, which
 * is not bound by it (src/app/business/change-booking.ts).
 */
export async function moveBooking(
  deps: BookingDeps,
  record: BookingRecord,
  ctx: CalendarContext,
  input: { readonly startTime: string; readonly timezone: string },
  token: string | null,
  nowMs: number,
): Promise<Outcome<BookingView>> {
  const s = ctx.calendar.settings;
  if (!isValidTimeZone(input.timezone)) return fail("TIMEZONE_NOT_FOUND");
  const startMs = Date.parse(input.startTime);
  if (!Number.isFinite(startMs)) return fail("NO_SLOTS");

  // Carts and staff as checked below: they decide which busy time the rules can consult.
  const isService = ctx.calendar.type === "service";
  // The same people keep the booking (round robin: the assigned member; collective: everyone).
  const staffFilter = ctx.calendar.type === "round_robin" ? [record.staffId] : undefined;
  // Each attendee keeps their own cart (older bookings: everyone the booking's services).
  const carts = isService
    ? (record.carts.length > 0 ? record.carts : Array.from({ length: record.seats }, () => record.serviceIds)).map(
        (c) => ({ serviceIds: [...c] }),
      )
    : undefined;
  const request = slotRequest(ctx, record.seats, carts, staffFilter);
  const schedules = toSchedules(ctx);
  const span = busySpanFor(schedules, [startMs], request);
  const occupancy = await deps.store.loadOccupancy(relevantStaffIds(ctx), span.startMs, span.endMs);
  // A class booking leaves its old session: its seats there do not count for the new start.
  const adjusted = record.classSessionId
    ? occupancy.map((o) =>
        o.sessionId === record.classSessionId ? { ...o, seats: Math.max(0, o.seats - record.seats) } : o,
      )
    : occupancy;
  const availability = toAvailabilityInput(ctx, adjusted, nowMs, { bookingId: record.id }, schedules);
  const verdict = checkSlot(availability, startMs, nowMs, request);
  if (!verdict.ok)
    return { ok: false, error: checkErrorToBookingError(verdict.error, ctx, seatsLeft(ctx, adjusted, startMs)) };

  let endMs = startMs + (record.endMs - record.startMs);
  let items: OccupancyItem[] = [];
  let classSeats: ClassSeatRequest | null = null;
  let staffIds = record.staffIds;
  if (ctx.calendar.type === "class") {
    endMs = startMs + s.durationMinutes * MINUTE_MS;
    classSeats = {
      staffId: record.staffId,
      startMs,
      endMs,
      blockedStartMs: startMs - s.bufferBeforeMinutes * MINUTE_MS,
      blockedEndMs: endMs + s.bufferAfterMinutes * MINUTE_MS,
      seatsTotal: s.seatsPerSlot ?? 1,
      seats: record.seats,
    };
  } else if (isService) {
    const assignments = verdict.value.assignments ?? [];
    endMs = Math.max(...assignments.map((a) => a.endMs));
    items = itemsPerTask(assignments, record.bufferBeforeMinutes, record.bufferAfterMinutes);
    staffIds = [...new Set(items.map((i) => i.staffId))];
  } else {
    items = record.staffIds.map((id) =>
      occupancyItem(id, null, startMs, endMs, record.bufferBeforeMinutes, record.bufferAfterMinutes),
    );
  }
  const after = { ...record, startMs, endMs, staffIds, previousStartMs: record.startMs, sequence: record.sequence + 1 };
  const result = await deps.store.reschedule({
    bookingId: record.id,
    expectedSequence: record.sequence,
    startMs,
    endMs,
    active: occupies(record.status, s),
    items,
    classSeats,
    notification: notification("booking_rescheduled", toSnapshot(ctx, after, deps.publicUrl, token ?? null)),
    nowMs,
  });
  if (!result.ok) {
    const r = result.refusal;
    if (r.code === "STAFF_BUSY") return fail(isService ? "RESOURCE_UNAVAILABLE" : "STAFF_BUSY");
    if (r.code === "SEATS_EXCEEDED") return fail("SEATS_EXCEEDED", { availableSeats: r.availableSeats });
    return fail("SCHEDULING_FAILED");
  }
  const nowView = toBookingView(ctx, after, true, true);
  return ok({
    ...nowView,
    canReschedule: visitorChangeRefusal("reschedule", s, after.status, startMs, nowMs) === null,
    canCancel: visitorChangeRefusal("cancel", s, after.status, startMs, nowMs) === null,
  });
}
