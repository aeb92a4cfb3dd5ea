/**
 * The reschedule decision: whether a booking can move to a new start under the same rules as a new
 * booking (its own occupancy does not count against it), and what it occupies there. The same
 * people keep it (round robin: the assigned member; collective: everyone), each attendee keeps
 * their cart, and its status, seats and price stay as they are.
 */
import { checkSlot } from "../availability/compute-slots.ts";
import type { SlotRequest } from "../availability/engine.ts";
import type { AvailabilityInput } from "../availability/model.ts";
import { isValidTimeZone, type EpochMs } from "../shared/time.ts";
import type { BookingCalendar } from "./booking-calendar.ts";
import { slotRequest } from "./booking-request.ts";
import { bookedPlan, lineBuffers, serviceOfKey, type OfferPlan } from "./cart-offers.ts";
import { classSeatsAt, type BookingDraft, type ClassSeats } from "./decide-booking.ts";
import { fail, ok, type Outcome } from "./errors.ts";
import {
  itemsPerTask,
  occupancyItem,
  unitItems,
  type Buffers,
  type OccupancyItem,
  type UnitItem,
} from "./occupancy-items.ts";
import { occupies } from "./policy.ts";
import { checkErrorToBookingError, seatsLeft, type SessionSeats } from "./slot-refusals.ts";

/** What the decision reads of the booking being moved. */
export interface MovedBooking
  extends
    Buffers,
    Pick<BookingDraft, "status" | "startMs" | "endMs" | "staffId" | "staffIds" | "serviceIds" | "seats"> {
  readonly id: string;
  /** One cart per attendee; empty for older bookings (everyone took `serviceIds`). */
  readonly carts: BookingDraft["carts"];
  /** Variations and add-ons as booked (absent or empty: none): the lines keep their booked length. */
  readonly offerLines?: BookingDraft["offerLines"];
  readonly classSessionId: string | null;
}

/** The new start the visitor or the business asks for. */
export function readNewStart(input: { readonly startTime: string; readonly timezone: string }): Outcome<EpochMs> {
  if (!isValidTimeZone(input.timezone)) return fail("TIMEZONE_NOT_FOUND");
  const startMs = Date.parse(input.startTime);
  return Number.isFinite(startMs) ? ok(startMs) : fail("NO_SLOTS");
}

/** The engine request for the moved booking: its member (round robin) and its carts. */
export function rescheduleRequest(ctx: BookingCalendar, booking: MovedBooking): SlotRequest {
  const staffFilter = ctx.calendar.type === "round_robin" ? [booking.staffId] : undefined;
  const carts = movedCarts(ctx, booking);
  const plan = carts ? bookedPlan(ctx, carts, booking.offerLines) : null;
  return slotRequest(ctx, booking.seats, plan?.engineCarts ?? carts, staffFilter);
}

/** Service calendars: each attendee's cart (older bookings: everyone took `serviceIds`). */
const movedCarts = (ctx: BookingCalendar, booking: MovedBooking) =>
  ctx.calendar.type === "service"
    ? (booking.carts.length > 0 ? booking.carts : Array.from({ length: booking.seats }, () => booking.serviceIds)).map(
        (c) => ({ serviceIds: [...c] }),
      )
    : undefined;

/** The moved booking's stored lines as the engine plans them (core/booking/cart-offers.ts). */
export function reschedulePlan(ctx: BookingCalendar, booking: MovedBooking): OfferPlan | null {
  const carts = movedCarts(ctx, booking);
  return carts ? bookedPlan(ctx, carts, booking.offerLines) : null;
}

/** A class booking leaves its old session: its seats there do not count for the new start. */
export function releaseOwnSeats<T extends SessionSeats & { readonly sessionId: string | null }>(
  occupancy: readonly T[],
  booking: Pick<MovedBooking, "classSessionId" | "seats">,
): readonly T[] {
  if (!booking.classSessionId) return occupancy;
  return occupancy.map((o) =>
    o.sessionId === booking.classSessionId ? { ...o, seats: Math.max(0, o.seats - booking.seats) } : o,
  );
}

export interface RescheduleDecision {
  readonly startMs: EpochMs;
  readonly endMs: EpochMs;
  /**
   * Who serves it at the new time. Only a service calendar can change hands: any available provider
   * may take the moved services; the owner is then the first of them, as when it was booked.
   */
  readonly staffId: string;
  readonly staffIds: readonly string[];
  readonly items: readonly OccupancyItem[];
  /** Units of rooms and equipment at the new time (replacing the old ones). */
  readonly units?: readonly UnitItem[];
  readonly classSeats: ClassSeats | null;
  readonly active: boolean;
}

export interface DecideRescheduleOptions {
  readonly calendar: BookingCalendar;
  readonly booking: MovedBooking;
  readonly startMs: EpochMs;
  /** Built from `releaseOwnSeats(occupancy)`, the booking itself left out. */
  readonly availability: AvailabilityInput;
  readonly occupancy: readonly SessionSeats[];
  readonly nowMs: EpochMs;
}

export function decideReschedule(options: DecideRescheduleOptions): Outcome<RescheduleDecision> {
  const { calendar: ctx, booking, startMs } = options;
  const s = ctx.calendar.settings;
  const verdict = checkSlot(options.availability, startMs, options.nowMs, rescheduleRequest(ctx, booking));
  if (!verdict.ok) {
    const seats = seatsLeft(ctx, options.occupancy, startMs);
    return { ok: false, error: checkErrorToBookingError(verdict.error, ctx, seats) };
  }
  const active = occupies(booking.status, s);
  if (ctx.calendar.type === "class") {
    const classSeats = classSeatsAt(s, { staffId: booking.staffId, startMs, seats: booking.seats });
    return ok({
      startMs,
      endMs: classSeats.endMs,
      staffId: booking.staffId,
      staffIds: booking.staffIds,
      items: [],
      classSeats,
      active,
    });
  }
  if (ctx.calendar.type === "service") {
    const assignments = verdict.value.assignments ?? [];
    const endMs = Math.max(...assignments.map((a) => a.endMs));
    const plan = reschedulePlan(ctx, booking);
    const items = itemsPerTask(assignments, lineBuffers(plan, booking)).map((item) => ({
      ...item,
      serviceId: item.serviceId === null ? null : serviceOfKey(plan, item.serviceId),
    }));
    const units = unitItems(assignments, lineBuffers(plan, booking), (key) => serviceOfKey(plan, key));
    const staffIds = [...new Set(items.map((i) => i.staffId))];
    return ok({
      startMs,
      endMs,
      staffId: staffIds[0] ?? booking.staffId,
      staffIds,
      items,
      ...(units.length > 0 ? { units } : {}),
      classSeats: null,
      active,
    });
  }
  // Same length as before (the calendar's duration may have changed since it was booked).
  const endMs = startMs + (booking.endMs - booking.startMs);
  const items = booking.staffIds.map((staffId) => occupancyItem({ staffId, serviceId: null, startMs, endMs }, booking));
  return ok({ startMs, endMs, staffId: booking.staffId, staffIds: booking.staffIds, items, classSeats: null, active });
}
