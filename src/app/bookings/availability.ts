/**
 * Bridges stored data and the pure availability engine: builds its input from a calendar context
 * and the loaded occupancy, and translates its answers into booking error codes.
 */
import { indexBusy } from "../../core/availability/busy-index.ts";
import type { CheckSlotError } from "../../core/availability/compute-slots.ts";
import type { AvailabilityInput, BusyInterval, CalendarRules, QueryError, SlotRejection, StaffSchedule, WeeklyHours } from "../../core/availability/model.ts";
import type { BookingError } from "../../core/booking/errors.ts";
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
  if (o.kind === "hold") return { staffId: o.staffId, startMs: o.blockedStartMs, endMs: o.blockedEndMs, kind: "hold", ...(o.expiresAtMs !== null ? { expiresAtMs: o.expiresAtMs } : {}) };
  return {
    staffId: o.staffId,
    startMs: o.startMs,
    endMs: o.endMs,
    kind: "booking",
    status: o.status ?? "confirmed",
    ...(o.calendarId ? { calendarId: o.calendarId } : {}),
    ...(o.bookingId ?? o.sessionId ? { bookingId: (o.bookingId ?? o.sessionId) as string } : {}),
    bufferBeforeMinutes: (o.startMs - o.blockedStartMs) / MINUTE_MS,
    bufferAfterMinutes: (o.blockedEndMs - o.endMs) / MINUTE_MS,
    // A class session is one entry carrying all its seats (the engine sums seats per start).
    seats: o.kind === "session" ? o.seats : 1,
  };
}

export function toAvailabilityInput(ctx: CalendarContext, occupancy: readonly Occupancy[], nowMs: EpochMs, exclude: Exclusions = {}): AvailabilityInput {
  const rules = toRules(ctx);
  const staff: StaffSchedule[] = ctx.staff.map((m) => ({
    staffId: m.id,
    timeZone: m.timeZone,
    weekly: m.weeklyHours as unknown as WeeklyHours,
    dateOverrides: m.dateOverrides,
    timeOff: ctx.timeOff.filter((o) => o.staffId === m.id).map((o) => ({ startMs: o.startMs, endMs: o.endMs })),
  }));
  const busy = occupancy
    .filter((o) => !(exclude.bookingId && o.bookingId === exclude.bookingId) && !(exclude.holdId && o.holdId === exclude.holdId))
    .map(toBusy);
  return { rules, staff, busy: indexBusy(rules, busy, nowMs) };
}

/** Every staff member whose occupancy can matter for this calendar. */
export const relevantStaffIds = (ctx: CalendarContext): string[] => ctx.staff.map((s) => s.id);

/** Margin around a queried span so daily limits (any zone, ±14 h) and buffers see all they need. */
export const OCCUPANCY_MARGIN_MS = 2 * WALL_DAY_MS;

/** The span a booking occupies, its buffers included. */
export function occupancyItem(staffId: string, serviceId: string | null, startMs: EpochMs, endMs: EpochMs, bufferBeforeMinutes: number, bufferAfterMinutes: number): OccupancyItem {
  return { staffId, serviceId, startMs, endMs, blockedStartMs: startMs - bufferBeforeMinutes * MINUTE_MS, blockedEndMs: endMs + bufferAfterMinutes * MINUTE_MS };
}

/**
 * One booking's items merged per staff member: a provider doing two services of one booking back
 * to back (buffers overlapping) holds one continuous span, so the booking never conflicts with itself.
 */
export function mergeItemsPerStaff(items: readonly OccupancyItem[]): OccupancyItem[] {
  const byStaff = new Map<string, OccupancyItem[]>();
  for (const item of items) byStaff.set(item.staffId, [...(byStaff.get(item.staffId) ?? []), item]);
  const out: OccupancyItem[] = [];
  for (const list of byStaff.values()) {
    list.sort((a, b) => a.blockedStartMs - b.blockedStartMs);
    let current: OccupancyItem | null = null;
    for (const item of list) {
      if (current && item.blockedStartMs <= current.blockedEndMs) {
        current = {
          staffId: current.staffId,
          serviceId: current.serviceId === item.serviceId ? current.serviceId : null,
          startMs: Math.min(current.startMs, item.startMs),
          endMs: Math.max(current.endMs, item.endMs),
          blockedStartMs: current.blockedStartMs,
          blockedEndMs: Math.max(current.blockedEndMs, item.blockedEndMs),
        };
      } else {
        if (current) out.push(current);
        current = item;
      }
    }
    if (current) out.push(current);
  }
  return out;
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
export function rejectionToBookingError(rejection: SlotRejection, ctx: CalendarContext, availableSeats: number): BookingError {
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

export function checkErrorToBookingError(error: CheckSlotError, ctx: CalendarContext, availableSeats: number): BookingError {
  return "timeZone" in error || !isRejection(error.code) ? queryErrorToBookingError(error as QueryError) : rejectionToBookingError(error.code, ctx, availableSeats);
}

const REJECTIONS: ReadonlySet<string> = new Set<SlotRejection>(["OUTSIDE_WINDOW", "NOTICE", "OUTSIDE_HOURS", "NOT_ON_GRID", "DAILY_LIMIT", "STAFF_BUSY", "NO_SEATS", "NO_ELIGIBLE_STAFF"]);
const isRejection = (code: string): code is SlotRejection => REJECTIONS.has(code);

/** Seats left in this calendar's class session at a start (for 'only {n} seats'). */
export function seatsLeft(ctx: CalendarContext, occupancy: readonly Occupancy[], startMs: EpochMs): number {
  const total = ctx.calendar.settings.seatsPerSlot ?? 1;
  const session = occupancy.find((o) => o.kind === "session" && o.calendarId === ctx.calendar.id && o.startMs === startMs);
  return Math.max(0, total - (session?.seats ?? 0));
}
