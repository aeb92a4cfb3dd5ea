/**
 * Bridges stored data and the pure availability engine: builds its input from a calendar context
 * and the loaded occupancy, and translates its answers into booking error codes.
 */
import { indexBusy } from "../../core/availability/busy-index.ts";
import type { CheckSlotError } from "../../core/availability/compute-slots.ts";
import type { SlotRequest } from "../../core/availability/engine.ts";
import type {
  AvailabilityInput,
  BusyInterval,
  CalendarRules,
  GuestCart,
  QueryError,
  ServiceAssignment,
  SlotRejection,
  StaffSchedule,
  WeeklyHours,
} from "../../core/availability/model.ts";
import { fail, ok, type BookingError, type FieldError, type Outcome } from "../../core/booking/errors.ts";
import { initialStatus, occupies } from "../../core/booking/policy.ts";
import { MINUTE_MS, WALL_DAY_MS, type EpochMs } from "../../core/shared/time.ts";
import type { CalendarContext, Occupancy, OccupancyItem } from "./ports.ts";

export function toRules(ctx: CalendarContext): CalendarRules {
  const s = ctx.calendar.settings;
  return {
    calendarId: ctx.calendar.id,
    type: ctx.calendar.type,
    timeZone: ctx.business.timeZone,
    durationMinutes: s.durationMinutes,
    slotIntervalMinutes: s.slotIntervalMinutes,
    bufferBeforeMinutes: s.bufferBeforeMinutes,
    bufferAfterMinutes: s.bufferAfterMinutes,
    minimumNoticeMinutes: s.minimumNoticeMinutes,
    bookingWindow: s.bookingWindow,
    ...(s.maxBookingsPerDayPerStaff != null ? { maxBookingsPerDayPerStaff: s.maxBookingsPerDayPerStaff } : {}),
    ...(s.maxBookingsPerDay != null ? { maxBookingsPerDay: s.maxBookingsPerDay } : {}),
    ...(s.seatsPerSlot != null ? { seatsPerSlot: s.seatsPerSlot } : {}),
    unconfirmedBlocks: s.unconfirmedBlocks,
    members: ctx.members.map((m) => ({ staffId: m.staffId, priority: m.priority })),
    ...(ctx.calendar.type === "service"
      ? {
          services: ctx.services.map((svc) => ({
            serviceId: svc.id,
            durationMinutes: svc.durationMinutes,
            staffIds: svc.staffIds,
            maxGuestsPerSlot: svc.maxGuestsPerSlot,
          })),
        }
      : {}),
  };
}

export interface Exclusions {
  /** The booking being rescheduled does not block itself. */
  readonly bookingId?: string | null;
  /** The visitor's own hold does not block their booking. */
  readonly holdId?: string | null;
}

function toBusy(o: Occupancy): BusyInterval {
  if (o.kind === "hold")
    return {
      staffId: o.staffId,
      startMs: o.blockedStartMs,
      endMs: o.blockedEndMs,
      kind: "hold",
      ...(o.expiresAtMs !== null ? { expiresAtMs: o.expiresAtMs } : {}),
    };
  return {
    staffId: o.staffId,
    startMs: o.startMs,
    endMs: o.endMs,
    kind: "booking",
    status: o.status ?? "confirmed",
    ...(o.calendarId ? { calendarId: o.calendarId } : {}),
    ...((o.bookingId ?? o.sessionId) ? { bookingId: (o.bookingId ?? o.sessionId) as string } : {}),
    bufferBeforeMinutes: (o.startMs - o.blockedStartMs) / MINUTE_MS,
    bufferAfterMinutes: (o.blockedEndMs - o.endMs) / MINUTE_MS,
    // A class session is one entry carrying all its seats (the engine sums seats per start).
    seats: o.kind === "session" ? o.seats : 1,
  };
}

/** The engine's input without busy time: rules and schedules (what bounds the busy time to load). */
export function toSchedules(ctx: CalendarContext): Pick<AvailabilityInput, "rules" | "staff"> {
  const rules = toRules(ctx);
  const staff: StaffSchedule[] = ctx.staff.map((m) => ({
    staffId: m.id,
    timeZone: m.timeZone,
    weekly: m.weeklyHours as unknown as WeeklyHours,
    dateOverrides: m.dateOverrides,
    timeOff: ctx.timeOff.filter((o) => o.staffId === m.id).map((o) => ({ startMs: o.startMs, endMs: o.endMs })),
  }));
  return { rules, staff };
}

export function toAvailabilityInput(
  ctx: CalendarContext,
  occupancy: readonly Occupancy[],
  nowMs: EpochMs,
  exclude: Exclusions = {},
  schedules: Pick<AvailabilityInput, "rules" | "staff"> = toSchedules(ctx),
): AvailabilityInput {
  const { rules, staff } = schedules;
  const busy = occupancy
    .filter(
      (o) =>
        !(exclude.bookingId && o.bookingId === exclude.bookingId) && !(exclude.holdId && o.holdId === exclude.holdId),
    )
    .map(toBusy);
  return { rules, staff, busy: indexBusy(rules, busy, nowMs) };
}

/**
 * Whether, for one booking of this calendar, the database's answer about busy time is the engine's:
 * then the booking need not load occupancy at all. True for personal and collective calendars
 * without daily limits whose new bookings occupy (confirmed, or requests that block):
 *
 * - with no limit set, the engine's only use of busy time is rule 7 (busy → STAFF_BUSY), checked
 *   after every other rule, so an empty busy index gives the same answer for every other reason;
 * - the engine sees only active occupancy rows and blocks on a subset of them; the new booking's
 *   rows are active and block [start − buffer before, end + buffer after), exactly the interval rule
 *   7 tests, so whenever the engine would say STAFF_BUSY the EXCLUDE constraint refuses the insert
 *   (23P01 → STAFF_BUSY, the same code and message; an expired hold is purged and the insert
 *   retried, as the engine ignores it), and the constraint refuses every conflict committed after
 *   any read anyway. The visitor's own hold is deleted in the same transaction.
 *
 * Not for round robin (the engine picks a free member), class (seats, overlapping sessions),
 * service (assignments), daily limits, requests that do not occupy, or series (per-occurrence
 * skip / book_next).
 */
export function databaseDecidesBusy(ctx: CalendarContext): boolean {
  const s = ctx.calendar.settings;
  return (
    (ctx.calendar.type === "personal" || ctx.calendar.type === "collective") &&
    s.maxBookingsPerDay == null &&
    s.maxBookingsPerDayPerStaff == null &&
    occupies(initialStatus(s), s)
  );
}

/** Every staff member whose occupancy can matter for this calendar. */
export const relevantStaffIds = (ctx: CalendarContext): string[] => ctx.staff.map((s) => s.id);

/** Margin around a queried span so daily limits (any zone, ±14 h) and buffers see all they need. */
export const OCCUPANCY_MARGIN_MS = 2 * WALL_DAY_MS;

/** The span a booking occupies, its buffers included. */
export function occupancyItem(
  staffId: string,
  serviceId: string | null,
  startMs: EpochMs,
  endMs: EpochMs,
  bufferBeforeMinutes: number,
  bufferAfterMinutes: number,
): OccupancyItem {
  return {
    staffId,
    serviceId,
    startMs,
    endMs,
    blockedStartMs: startMs - bufferBeforeMinutes * MINUTE_MS,
    blockedEndMs: endMs + bufferAfterMinutes * MINUTE_MS,
  };
}

/**
 * What a visitor asks for on a service calendar: the booker's cart and, optionally, one cart per
 * additional guest. The same shape for free slots, holds and bookings (public-api-schemas.ts).
 */
export interface CartsRequest {
  /** The booker's cart; also every guest's when `guestCarts` is absent (the original API). */
  readonly serviceIds?: readonly string[] | null;
  /** One cart per additional guest, in guest order. */
  readonly guestCarts?: readonly (readonly string[])[] | null;
}

/**
 * One cart per attendee, the booker first: `guests` additional attendees, each with their own cart
 * when `guestCarts` is given, otherwise the booker's. Every attendee needs at least one service of
 * this calendar (SERVICES_REQUIRED, each missing cart reported at its path: `serviceIds`,
 * `guestCarts.<i>`, or what `guestPath` names, e.g. `guests.<i>.serviceIds`).
 */
export function resolveCarts(
  ctx: CalendarContext,
  request: CartsRequest,
  guests: number,
  guestPath: (i: number) => string = (i) => `guestCarts.${i}`,
): Outcome<GuestCart[]> {
  const own = [...(request.serviceIds ?? [])];
  const perGuest = request.guestCarts;
  const carts: { serviceIds: string[]; path: string }[] = [{ serviceIds: own, path: "serviceIds" }];
  for (let i = 0; i < guests; i++)
    carts.push({ serviceIds: perGuest ? [...(perGuest[i] ?? [])] : own, path: perGuest ? guestPath(i) : "serviceIds" });
  const known = new Set(ctx.services.map((svc) => svc.id));
  const fields: FieldError[] = [];
  for (const cart of carts) {
    const bad = cart.serviceIds.length === 0 || cart.serviceIds.some((id) => !known.has(id));
    if (bad && !fields.some((f) => f.path === cart.path)) fields.push({ path: cart.path, code: "SERVICES_REQUIRED" });
  }
  if (fields.length > 0) return fail("SERVICES_REQUIRED", undefined, fields);
  return ok(carts.map((c) => ({ serviceIds: c.serviceIds })));
}

/**
 * The engine request for a start or a range: free slots, holds and bookings all build it here, so
 * a time offered for some carts is exactly a time a booking with those carts is accepted at.
 */
export function slotRequest(
  ctx: CalendarContext,
  attendees: number,
  carts: readonly GuestCart[] | undefined,
  staffIds?: readonly string[] | null,
): SlotRequest {
  return {
    ...(staffIds && staffIds.length > 0 ? { staffIds } : {}),
    guests: ctx.calendar.type === "service" && carts ? carts.length : attendees,
    ...(ctx.calendar.type === "service" && carts ? { carts } : {}),
  };
}

/** Every service of the carts once, in first-chosen order (what `bookings.service_ids` lists). */
export const distinctServiceIds = (carts: readonly GuestCart[]): string[] => [
  ...new Set(carts.flatMap((c) => c.serviceIds)),
];

/**
 * The occupancy of a service slot: one item per (guest, service), with its own staff member and
 * time. A provider doing two tasks of one booking back to back would overlap themselves through
 * the buffers (the EXCLUDE constraint would refuse the booking), so where two items of one staff
 * member meet, the buffer between them is split where the second one's span begins (at the earliest, the first one's end): the items stay disjoint
 * and together block exactly the span they blocked before.
 */
export function itemsPerTask(
  assignments: readonly ServiceAssignment[],
  bufferBeforeMinutes: number,
  bufferAfterMinutes: number,
): OccupancyItem[] {
  const items = assignments.map((a) => ({
    ...occupancyItem(a.staffId, a.serviceId, a.startMs, a.endMs, bufferBeforeMinutes, bufferAfterMinutes),
  }));
  const byStaff = new Map<string, typeof items>();
  for (const item of items) byStaff.set(item.staffId, [...(byStaff.get(item.staffId) ?? []), item]);
  for (const list of byStaff.values()) {
    list.sort((a, b) => a.startMs - b.startMs);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const cur = list[i]!;
      if (prev.blockedEndMs <= cur.blockedStartMs) continue;
      // The engine never gives one person two tasks at once; should it, the caller's constraint refuses it.
      if (prev.endMs > cur.startMs) continue;
      const reach = prev.blockedEndMs;
      const split = Math.max(prev.endMs, cur.blockedStartMs);
      prev.blockedEndMs = split;
      cur.blockedStartMs = split;
      cur.blockedEndMs = Math.max(cur.blockedEndMs, reach);
    }
  }
  return items;
}

/** Engine query errors as booking errors. */
export function queryErrorToBookingError(error: QueryError): BookingError {
  switch (error.code) {
    case "INVALID_TIME_ZONE":
      return { code: "TIMEZONE_NOT_FOUND" };
    case "RANGE_TOO_LONG":
      return { code: "RANGE_TOO_LONG", details: { maxDays: error.maxDays } };
    case "INVALID_RANGE":
    case "INVALID_DATE":
      return { code: "INVALID_RANGE" };
    case "INVALID_GUEST_COUNT":
      return { code: "GUEST_COUNT_RANGE" };
    case "EMPTY_CART":
    case "UNKNOWN_SERVICE":
      return { code: "SERVICES_REQUIRED" };
    case "SERVICE_GUEST_LIMIT":
      return { code: "SERVICE_GUEST_LIMIT", details: { count: error.maxGuests, serviceId: error.serviceId } };
    case "INVALID_RULES":
      return { code: "SCHEDULING_FAILED" };
  }
}

/** Why a requested start cannot be booked, in the spec's vocabulary. */
export function rejectionToBookingError(
  rejection: SlotRejection,
  ctx: CalendarContext,
  availableSeats: number,
): BookingError {
  switch (rejection) {
    case "STAFF_BUSY":
    case "NO_ELIGIBLE_STAFF":
      // Service bookings need staff (the resource) for every service: 'resource unavailable'.
      return { code: ctx.calendar.type === "service" ? "RESOURCE_UNAVAILABLE" : "STAFF_BUSY" };
    case "NO_SEATS":
      return { code: "SEATS_EXCEEDED", details: { availableSeats } };
    case "OUTSIDE_WINDOW":
    case "NOTICE":
    case "OUTSIDE_HOURS":
    case "NOT_ON_GRID":
    case "DAILY_LIMIT":
      return { code: "NO_SLOTS" };
  }
}

export function checkErrorToBookingError(
  error: CheckSlotError,
  ctx: CalendarContext,
  availableSeats: number,
): BookingError {
  return "timeZone" in error || !isRejection(error.code)
    ? queryErrorToBookingError(error as QueryError)
    : rejectionToBookingError(error.code, ctx, availableSeats);
}

const REJECTIONS: ReadonlySet<string> = new Set<SlotRejection>([
  "OUTSIDE_WINDOW",
  "NOTICE",
  "OUTSIDE_HOURS",
  "NOT_ON_GRID",
  "DAILY_LIMIT",
  "STAFF_BUSY",
  "NO_SEATS",
  "NO_ELIGIBLE_STAFF",
]);
const isRejection = (code: string): code is SlotRejection => REJECTIONS.has(code);

/** Seats left in this calendar's class session at a start (for 'only {n} seats'). */
export function seatsLeft(ctx: CalendarContext, occupancy: readonly Occupancy[], startMs: EpochMs): number {
  const total = ctx.calendar.settings.seatsPerSlot ?? 1;
  const session = occupancy.find(
    (o) => o.kind === "session" && o.calendarId === ctx.calendar.id && o.startMs === startMs,
  );
  return Math.max(0, total - (session?.seats ?? 0));
}
