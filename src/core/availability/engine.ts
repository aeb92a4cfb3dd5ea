import type { EpochMs } from "../shared/time.ts";
import { isLocalDate, isValidTimeZone, MINUTE_MS, ZoneClock } from "../shared/time.ts";
import { resolveWindow } from "./booking-window.ts";
import { countInRange, findContaining, intersectIntervals, overlapsAny } from "./intervals.ts";
import type {
  AvailabilityInput,
  CalendarRules,
  GuestCart,
  InstantRange,
  QueryError,
  Result,
  ServiceAssignment,
  ServiceDefinition,
  SlotRejection,
} from "./model.ts";
import { DEFAULT_SLOT_INTERVAL_MINUTES } from "./model.ts";
import type { StaffState } from "./staff-state.ts";
import { buildStaffState, memberIdsFor } from "./staff-state.ts";
import type { ParsedSchedule } from "./working-periods.ts";
import type { NeedSlot } from "./resource-state.ts";
import { buildResourceStates, needSlots } from "./resource-state.ts";

/**
 * The engine behind computeSlots, checkSlot, findNextAvailable and planRecurring, so all four apply
 * exactly the same rules: built once per request (createEngine), then asked about starts
 * (evaluate-start.ts, enumerate-slots.ts). Everything zone-related is resolved up front into epoch-ms intervals;
 * after that a candidate start costs a handful of binary searches over sorted arrays.
 * (Over 300 lines: the rules every query shares are kept in one reading order, on purpose.)
 */

/** What the visitor asks for besides the dates: who, how many, which services. */
export interface SlotRequest {
  readonly staffIds?: readonly string[];
  readonly guests?: number;
  readonly carts?: readonly GuestCart[];
}

/** An offered start before it is formatted for a visitor. */
export interface RawSlot {
  readonly startMs: EpochMs;
  readonly staffIds: readonly string[];
  readonly remainingSeats?: number;
  readonly assignments?: readonly ServiceAssignment[];
}

export interface Task {
  readonly guestIndex: number;
  readonly serviceId: string;
  readonly offsetMs: number;
  readonly durationMs: number;
  readonly bufferBeforeMs: number;
  readonly bufferAfterMs: number;
  readonly eligible: readonly StaffState[];
  /**
   * Each eligible member's own duration, parallel to `eligible`; absent when all take
   * `durationMs` (then `offsetMs` is exact; otherwise it is only the nominal offset and the task
   * starts when the same guest's previous task, as assigned, ends).
   */
  readonly durationsMs?: readonly number[];
  /** Resources it needs (issue 21): one unit from each need slot. */
  readonly needs: readonly NeedSlot[];
}

export interface Engine {
  readonly rules: CalendarRules;
  readonly nowMs: EpochMs;
  readonly stepMs: number;
  /** Earliest bookable start: now + minimum notice. */
  readonly earliestMs: EpochMs;
  readonly windowStartMs: EpochMs;
  readonly windowEndMs: EpochMs;
  readonly guests: number;
  readonly calendarClock: ZoneClock;
  readonly calendarDayCounts: Map<number, number>;
  /** The members considered (query filter applied), in member order. */
  readonly members: readonly StaffState[];
  /** Collective: per-date periods of all members intersected, and where all are at work. */
  readonly jointPeriods: readonly InstantRange[];
  readonly jointWorking: readonly InstantRange[];
  /** Service calendars: the cart expanded into timed tasks. */
  readonly tasks: readonly Task[];
  /** Whether some task's members take different lengths (then service-plan.ts searches times too). */
  readonly staffDurations: boolean;
  readonly input: AvailabilityInput;
}

// ---------------------------------------------------------------------------------------------
// Construction
// ---------------------------------------------------------------------------------------------

/**
 * Rolling windows longer than ten years are configuration mistakes, and next-available would
 * resolve every day of them.
 */
export const MAX_WINDOW_DAYS = 3660;

function validateRules(rules: CalendarRules): QueryError | null {
  const step = rules.slotIntervalMinutes ?? DEFAULT_SLOT_INTERVAL_MINUTES;
  const bad = (field: string): QueryError => ({ code: "INVALID_RULES", field });
  if (!isValidTimeZone(rules.timeZone)) return { code: "INVALID_TIME_ZONE", timeZone: rules.timeZone };
  if (!(Number.isInteger(step) && step > 0)) return bad("slotIntervalMinutes");
  if (rules.type !== "service" && !(Number.isInteger(rules.durationMinutes) && rules.durationMinutes > 0))
    return bad("durationMinutes");
  for (const field of ["bufferBeforeMinutes", "bufferAfterMinutes", "minimumNoticeMinutes"] as const) {
    if (!(Number.isFinite(rules[field]) && rules[field] >= 0)) return bad(field);
  }
  if (rules.members.length === 0) return bad("members");
  const w = rules.bookingWindow;
  if (w.kind === "date_range") {
    if (!isLocalDate(w.start) || !isLocalDate(w.end)) return bad("bookingWindow");
  } else if (!(Number.isInteger(w.days) && w.days >= 0 && w.days <= MAX_WINDOW_DAYS)) return bad("bookingWindow");
  if (
    rules.type === "service" &&
    (rules.services ?? []).some(
      (s) =>
        !(Number.isInteger(s.durationMinutes) && s.durationMinutes > 0) ||
        Object.values(s.staffDurationMinutes ?? {}).some((m) => !(Number.isInteger(m) && m > 0)),
    )
  ) {
    return bad("services");
  }
  return null;
}

function expandCarts(
  rules: CalendarRules,
  carts: readonly GuestCart[] | undefined,
): Result<
  {
    guestIndex: number;
    serviceId: string;
    offsetMs: number;
    durationMs: number;
    bufferBeforeMs: number;
    bufferAfterMs: number;
    staffIds: readonly string[];
    staffDurationMinutes: ServiceDefinition["staffDurationMinutes"];
    resources: ServiceDefinition["resources"];
  }[],
  QueryError
> {
  if (!carts || carts.length === 0 || carts.some((c) => c.serviceIds.length === 0))
    return { ok: false, error: { code: "EMPTY_CART" } };
  const services = new Map((rules.services ?? []).map((s) => [s.serviceId, s]));
  const perService = new Map<string, number>();
  const tasks = [];
  for (const [guestIndex, cart] of carts.entries()) {
    let offsetMs = 0;
    const seenByGuest = new Set<string>();
    for (const serviceId of cart.serviceIds) {
      const service = services.get(serviceId);
      if (!service) return { ok: false, error: { code: "UNKNOWN_SERVICE", serviceId } };
      if (!seenByGuest.has(serviceId)) perService.set(serviceId, (perService.get(serviceId) ?? 0) + 1);
      seenByGuest.add(serviceId);
      const durationMs = service.durationMinutes * MINUTE_MS;
      tasks.push({
        guestIndex,
        serviceId,
        offsetMs,
        durationMs,
        bufferBeforeMs: (service.bufferBeforeMinutes ?? rules.bufferBeforeMinutes) * MINUTE_MS,
        bufferAfterMs: (service.bufferAfterMinutes ?? rules.bufferAfterMinutes) * MINUTE_MS,
        staffIds: service.staffIds,
        staffDurationMinutes: service.staffDurationMinutes,
        resources: service.resources,
      });
      offsetMs += durationMs;
    }
  }
  for (const [serviceId, count] of perService) {
    const max = services.get(serviceId)?.maxGuestsPerSlot;
    if (max !== undefined && count > max)
      return { ok: false, error: { code: "SERVICE_GUEST_LIMIT", serviceId, maxGuests: max } };
  }
  return { ok: true, value: tasks };
}

/** Longest span after a start that an offered slot can occupy (for resolving enough hours, and busy-span.ts). */
export function maxSpanMs(rules: CalendarRules, carts: readonly GuestCart[] | undefined): number {
  if (rules.type !== "service") return rules.durationMinutes * MINUTE_MS;
  // The longest any eligible member may take (staff durations).
  const durations = new Map(
    (rules.services ?? []).map((s) => [
      s.serviceId,
      Math.max(s.durationMinutes, ...Object.values(s.staffDurationMinutes ?? {})),
    ]),
  );
  let max = 0;
  for (const cart of carts ?? [])
    max = Math.max(
      max,
      cart.serviceIds.reduce((sum, id) => sum + (durations.get(id) ?? 0), 0),
    );
  return max * MINUTE_MS;
}

/**
 * Builds an engine able to answer for starts in [fromMs, toMs); `toMs` may be +Infinity, meaning
 * "to the end of the booking window". Validation errors are typed codes.
 */
export function createEngine(
  input: AvailabilityInput,
  request: SlotRequest,
  nowMs: EpochMs,
  fromMs: EpochMs,
  toMs: EpochMs,
): Result<Engine, QueryError> {
  const { rules } = input;
  const invalid = validateRules(rules);
  if (invalid) return { ok: false, error: invalid };
  for (const s of input.staff) {
    if (!isValidTimeZone(s.timeZone)) return { ok: false, error: { code: "INVALID_TIME_ZONE", timeZone: s.timeZone } };
  }
  const guests =
    request.carts && request.carts.length > 0 && rules.type === "service"
      ? request.carts.length
      : (request.guests ?? 1);
  if (!(Number.isInteger(guests) && guests >= 1)) return { ok: false, error: { code: "INVALID_GUEST_COUNT" } };

  const parsedCache = new Map<string, ParsedSchedule>();
  // Built around now and the range start only: `toMs` may be unbounded (next available), and the
  // clock extends itself on demand.
  const calendarClock = new ZoneClock(rules.timeZone, Math.min(nowMs, fromMs), Math.max(nowMs, fromMs) + 1);
  const window = resolveWindow(input, nowMs, calendarClock, parsedCache);
  const spanMs = maxSpanMs(rules, request.carts);
  // Hours are resolved a little beyond the range so a slot starting near its end can be fitted.
  const resolveFrom = fromMs;
  const resolveTo = Math.max(fromMs, Math.min(toMs, window.endMs)) + spanMs;

  const schedules = new Map(input.staff.map((s) => [s.staffId, s]));
  const filter = request.staffIds && request.staffIds.length > 0 ? new Set(request.staffIds) : null;
  const states = new Map<string, StaffState>();
  const stateOf = (staffId: string): StaffState => {
    let st = states.get(staffId);
    if (!st) {
      st = buildStaffState(
        schedules.get(staffId),
        staffId,
        input.busy.byStaff[staffId],
        parsedCache,
        resolveFrom,
        resolveTo,
        rules.timeZone,
      );
      states.set(staffId, st);
    }
    return st;
  };

  let tasks: Task[] = [];
  let memberIds = memberIdsFor(rules);
  if (rules.type === "service") {
    const expanded = expandCarts(rules, request.carts);
    if (!expanded.ok) return expanded;
    const resources = expanded.value.some((t) => t.resources?.length)
      ? buildResourceStates(input.resources, nowMs, resolveFrom - spanMs, resolveTo)
      : new Map();
    let offsetMs = 0;
    tasks = expanded.value.map(({ resources: needs, staffDurationMinutes: own, ...t }) => {
      const ids = t.staffIds.filter((id) => !filter || filter.has(id));
      const durationsMs = ids.map((id) => (own?.[id] ?? t.durationMs / MINUTE_MS) * MINUTE_MS);
      // One length for everyone considered (always so without staff durations, or with the
      // member chosen): the fixed plan, offsets exact. Otherwise each member's own, searched.
      const uniform = durationsMs.every((d) => d === durationsMs[0]);
      const durationMs = uniform ? (durationsMs[0] ?? t.durationMs) : t.durationMs;
      if (t.offsetMs === 0) offsetMs = 0;
      const task: Task = {
        ...t,
        offsetMs,
        durationMs,
        eligible: ids.map(stateOf),
        ...(uniform ? {} : { durationsMs }),
        needs: needSlots(needs, resources),
      };
      offsetMs += durationMs;
      return task;
    });
    memberIds = [];
  } else if (filter && rules.type === "round_robin") {
    memberIds = memberIds.filter((id) => filter.has(id));
  }
  // Collective needs every member whatever the filter; personal and class have one host.
  const members = memberIds.map(stateOf);

  let jointPeriods: readonly InstantRange[] = [];
  let jointWorking: readonly InstantRange[] = [];
  if (rules.type === "collective" && members.length > 0) {
    jointPeriods = members.map((m) => m.periods).reduce((a, b) => intersectIntervals(a, b));
    jointWorking = members.map((m) => m.working).reduce((a, b) => intersectIntervals(a, b));
  }

  return {
    ok: true,
    value: {
      rules,
      nowMs,
      stepMs: (rules.slotIntervalMinutes ?? DEFAULT_SLOT_INTERVAL_MINUTES) * MINUTE_MS,
      earliestMs: nowMs + rules.minimumNoticeMinutes * MINUTE_MS,
      windowStartMs: window.startMs,
      windowEndMs: window.endMs,
      guests,
      calendarClock,
      calendarDayCounts: new Map(),
      members,
      jointPeriods,
      jointWorking,
      tasks,
      staffDurations: tasks.some((t) => t.durationsMs),
      input,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Rules for one start
// ---------------------------------------------------------------------------------------------

export type HoursMode = "grid" | "hours" | "none";

export function staffDayCount(st: StaffState, startMs: EpochMs): number {
  const day = st.clock.dayNumberOf(startMs);
  let count = st.dayCounts.get(day);
  if (count === undefined) {
    count = countInRange(st.busy.countedStarts, st.clock.startOfDayNumber(day), st.clock.startOfDayNumber(day + 1));
    st.dayCounts.set(day, count);
  }
  return count;
}

/**
 * Whether one staff member can take [start, start + duration) with these buffers. `mode` says
 * how much of the hours rule is checked here (collective and service check parts elsewhere).
 */
export function staffRejection(
  engine: Engine,
  st: StaffState,
  startMs: EpochMs,
  durationMs: number,
  bufferBeforeMs: number,
  bufferAfterMs: number,
  mode: HoursMode,
): SlotRejection | null {
  if (mode !== "none") {
    const p = findContaining(st.periods, startMs);
    if (p < 0) return "OUTSIDE_HOURS";
    // Buffers may fall outside working hours (ADR 0010); the appointment itself may not.
    const w = st.working[findContaining(st.working, startMs)];
    if (!w || startMs + durationMs > w.endMs) return "OUTSIDE_HOURS";
    if (mode === "grid" && (startMs - (st.periods[p] as InstantRange).startMs) % engine.stepMs !== 0)
      return "NOT_ON_GRID";
  }
  const limit = engine.rules.maxBookingsPerDayPerStaff;
  if (limit !== undefined && staffDayCount(st, startMs) >= limit) return "DAILY_LIMIT";
  const from = startMs - bufferBeforeMs;
  const to = startMs + durationMs + bufferAfterMs;
  if (overlapsAny(st.busy.starts, st.busy.ends, from, to)) return "STAFF_BUSY";
  if (overlapsAny(st.timeOffStarts, st.timeOffEnds, from, to)) return "STAFF_BUSY";
  return null;
}

/** Window, notice and the per-calendar daily limit: the same for every member. */
export function calendarRejection(engine: Engine, startMs: EpochMs): SlotRejection | null {
  if (startMs < engine.windowStartMs || startMs >= engine.windowEndMs) return "OUTSIDE_WINDOW";
  if (startMs < engine.earliestMs) return "NOTICE";
  const limit = engine.rules.maxBookingsPerDay;
  if (limit !== undefined) {
    const clock = engine.calendarClock;
    const day = clock.dayNumberOf(startMs);
    let count = engine.calendarDayCounts.get(day);
    if (count === undefined) {
      count = countInRange(
        engine.input.busy.calendarCountedStarts,
        clock.startOfDayNumber(day),
        clock.startOfDayNumber(day + 1),
      );
      engine.calendarDayCounts.set(day, count);
    }
    if (count >= limit) return "DAILY_LIMIT";
  }
  return null;
}

/** Rejections are ranked so checkSlot reports the member who came closest. */
const REJECTION_RANK: Readonly<Record<SlotRejection, number>> = {
  OUTSIDE_WINDOW: 0,
  NOTICE: 1,
  NO_ELIGIBLE_STAFF: 2,
  OUTSIDE_HOURS: 3,
  NOT_ON_GRID: 4,
  DAILY_LIMIT: 5,
  STAFF_BUSY: 6,
  RESOURCE_BUSY: 7,
  NO_SEATS: 8,
};

export function closest(a: SlotRejection | null, b: SlotRejection): SlotRejection {
  return a === null || REJECTION_RANK[b] > REJECTION_RANK[a] ? b : a;
}

export type Evaluation =
  { readonly ok: true; readonly slot: RawSlot } | { readonly ok: false; readonly reason: SlotRejection };
