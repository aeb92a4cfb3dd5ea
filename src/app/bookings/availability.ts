/**
 * Bridges stored data and the pure availability engine: builds its input from a calendar context
 * and the loaded occupancy. (Requests and refusals in the engine's terms are core rules:
 * src/core/booking/booking-request.ts and slot-refusals.ts.)
 */
import { indexBusy } from "../../core/availability/busy-index.ts";
import type {
  AvailabilityInput,
  BusyInterval,
  InstantRange,
  ResourceInput,
  CalendarRules,
  StaffSchedule,
  WeeklyHours,
} from "../../core/availability/model.ts";
import { MINUTE_MS, WALL_DAY_MS, type EpochMs } from "../../core/shared/time.ts";
import type { OfferPlan } from "../../core/booking/cart-offers.ts";
import type { BookingStore, CalendarContext, Occupancy } from "./ports.ts";

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
            ...(svc.resources?.length ? { resources: svc.resources } : {}),
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

/** One occupancy row as the engine's busy entry (buffers recovered from the blocked span). */
export function toBusy(o: Occupancy): BusyInterval {
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
    ...(o.expiresAtMs !== null ? { expiresAtMs: o.expiresAtMs } : {}),
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

/** Every staff member whose occupancy can matter for this calendar. */
export const relevantStaffIds = (ctx: CalendarContext): string[] => ctx.staff.map((s) => s.id);

/** Margin around a queried span so daily limits (any zone, ±14 h) and buffers see all they need. */
export const OCCUPANCY_MARGIN_MS = 2 * WALL_DAY_MS;

/**
 * The calendar's schedules with the definitions of the visitor's chosen variations and add-ons
 * (core/booking/cart-offers.ts): what the engine plans a cart with choices by.
 */
export function withOffers<T extends Pick<AvailabilityInput, "rules">>(schedules: T, plan: OfferPlan | null): T {
  if (!plan || plan.definitions.length === 0) return schedules;
  return {
    ...schedules,
    rules: { ...schedules.rules, services: [...(schedules.rules.services ?? []), ...plan.definitions] },
  };
}

/** The rooms and equipment of a calendar as the engine reads them (issue 21). */
export function resourceSchedules(ctx: CalendarContext): ResourceInput["schedules"] {
  return (ctx.resources ?? []).map((r) => ({
    resourceId: r.id,
    timeZone: r.timeZone,
    hours: r.weeklyHours ? { weekly: r.weeklyHours as unknown as WeeklyHours, dateOverrides: r.dateOverrides } : null,
    timeOff: r.timeOff.map((o) => ({ startMs: o.startMs, endMs: o.endMs })),
    units: r.units.map((u) => u.id),
  }));
}

/**
 * The engine's input with the occupancy of the calendar's rooms and equipment over `span` (the
 * booking or hold being replaced left out); unchanged when its services need none. Read fresh on
 * every call, apart from the staff's (warm) busy index: a calendar has a handful of units.
 */
export async function withResources(
  store: Pick<BookingStore, "loadUnitOccupancy">,
  ctx: CalendarContext,
  input: AvailabilityInput,
  span: InstantRange | null,
  exclude: Exclusions = {},
): Promise<AvailabilityInput> {
  const schedules = resourceSchedules(ctx);
  if (schedules.length === 0 || !store.loadUnitOccupancy) return input;
  const unitIds = schedules.flatMap((r) => r.units);
  const rows =
    span && span.endMs > span.startMs
      ? await store.loadUnitOccupancy(ctx.business.id, unitIds, span.startMs, span.endMs)
      : [];
  const busy = rows
    .filter(
      (o) =>
        !(exclude.bookingId && o.bookingId === exclude.bookingId) && !(exclude.holdId && o.holdId === exclude.holdId),
    )
    .map((o) => ({
      unitId: o.unitId,
      startMs: o.blockedStartMs,
      endMs: o.blockedEndMs,
      ...(o.expiresAtMs !== null ? { expiresAtMs: o.expiresAtMs } : {}),
    }));
  return { ...input, resources: { schedules, busy } };
}
