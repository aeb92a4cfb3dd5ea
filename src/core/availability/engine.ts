import type { EpochMs } from "../shared/time";
import { isLocalDate, isValidTimeZone, localDateToDayNumber, MINUTE_MS, ZoneClock } from "../shared/time";
import { EMPTY_STAFF_BUSY } from "./busy-index";
import {
  countInRange,
  lowerBound,
  findContaining,
  intersectIntervals,
  mergeIntervals,
  overlapsAny,
  subtractIntervals,
  toParallel,
} from "./intervals";
import type {
  AvailabilityInput,
  CalendarRules,
  ClassSession,
  GuestCart,
  InstantRange,
  QueryError,
  Result,
  ServiceAssignment,
  SlotRejection,
  StaffBusyIndex,
  StaffSchedule,
} from "./model";
import { DEFAULT_SLOT_INTERVAL_MINUTES } from "./model";
import type { ParsedSchedule } from "./working-periods";
import { parseSchedule, resolvePeriods } from "./working-periods";

/**
 * The engine behind computeSlots, checkSlot, findNextAvailable and planRecurring, so all four apply
 * exactly the same rules. Everything zone-related is resolved up front into epoch-ms intervals;
 * after that a candidate start costs a handful of binary searches over sorted arrays.
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

interface StaffState {
  readonly staffId: string;
  readonly clock: ZoneClock;
  /** Per-date periods: grid anchors (ADR 0010). */
  readonly periods: readonly InstantRange[];
  /** Periods merged across touching edges: where an appointment may run. */
  readonly working: readonly InstantRange[];
  readonly busy: StaffBusyIndex;
  readonly timeOffStarts: readonly number[];
  readonly timeOffEnds: readonly number[];
  readonly dayCounts: Map<number, number>;
  /** Class sessions' starts, and how far a session's blocked span reaches before/after its start. */
  readonly sessionStarts: readonly number[];
  readonly sessionLeadMs: number;
  readonly sessionReachMs: number;
}

interface Task {
  readonly guestIndex: number;
  readonly serviceId: string;
  readonly offsetMs: number;
  readonly durationMs: number;
  readonly bufferBeforeMs: number;
  readonly bufferAfterMs: number;
  readonly eligible: readonly StaffState[];
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
    (rules.services ?? []).some((s) => !(Number.isInteger(s.durationMinutes) && s.durationMinutes > 0))
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

/** Longest span after a start that an offered slot can occupy (for resolving enough hours). */
function maxSpanMs(rules: CalendarRules, carts: readonly GuestCart[] | undefined): number {
  if (rules.type !== "service") return rules.durationMinutes * MINUTE_MS;
  const durations = new Map((rules.services ?? []).map((s) => [s.serviceId, s.durationMinutes]));
  let max = 0;
  for (const cart of carts ?? [])
    max = Math.max(
      max,
      cart.serviceIds.reduce((sum, id) => sum + (durations.get(id) ?? 0), 0),
    );
  return max * MINUTE_MS;
}

function buildStaffState(
  schedule: StaffSchedule | undefined,
  staffId: string,
  busy: StaffBusyIndex | undefined,
  parsedCache: Map<string, ParsedSchedule>,
  fromMs: EpochMs,
  toMs: EpochMs,
  fallbackZone: string,
): StaffState {
  const clock = new ZoneClock(schedule?.timeZone ?? fallbackZone, fromMs, toMs);
  let periods: InstantRange[] = [];
  let timeOff: readonly InstantRange[] = [];
  if (schedule) {
    let parsed = parsedCache.get(staffId);
    if (!parsed) {
      parsed = parseSchedule(schedule);
      parsedCache.set(staffId, parsed);
    }
    periods = resolvePeriods(parsed, clock, fromMs, toMs);
    timeOff = schedule.timeOff.length === 0 ? [] : mergeIntervals(schedule.timeOff);
  }
  const off = toParallel(timeOff);
  const sessions = busy?.sessions ?? [];
  let sessionLeadMs = 0;
  let sessionReachMs = 0;
  for (const x of sessions) {
    sessionLeadMs = Math.max(sessionLeadMs, x.startMs - x.blockedStartMs);
    sessionReachMs = Math.max(sessionReachMs, x.blockedEndMs - x.startMs);
  }
  return {
    staffId,
    clock,
    periods,
    working: joinTouching(periods),
    busy: busy ?? EMPTY_STAFF_BUSY,
    timeOffStarts: off.starts,
    timeOffEnds: off.ends,
    dayCounts: new Map(),
    sessionStarts: sessions.map((x) => x.startMs),
    sessionLeadMs,
    sessionReachMs,
  };
}

/**
 * Periods are sorted and disjoint already; only those touching at midnight need joining, which is
 * rare, so the common case returns the same array instead of a copy.
 */
function joinTouching(periods: readonly InstantRange[]): readonly InstantRange[] {
  for (let i = 1; i < periods.length; i++) {
    if ((periods[i - 1] as InstantRange).endMs >= (periods[i] as InstantRange).startMs) return mergeIntervals(periods);
  }
  return periods;
}

/** Instants of the booking window, in the calendar's zone. */
function resolveWindow(
  input: AvailabilityInput,
  nowMs: EpochMs,
  calendarClock: ZoneClock,
  parsedCache: Map<string, ParsedSchedule>,
): { startMs: EpochMs; endMs: EpochMs } {
  const w = input.rules.bookingWindow;
  const today = calendarClock.dayNumberOf(nowMs);
  switch (w.kind) {
    case "rolling_days":
      return { startMs: Number.NEGATIVE_INFINITY, endMs: calendarClock.startOfDayNumber(today + w.days) };
    case "date_range":
      return {
        startMs: calendarClock.startOfDayNumber(localDateToDayNumber(w.start)),
        endMs: calendarClock.startOfDayNumber(localDateToDayNumber(w.end) + 1),
      };
    case "rolling_available_days":
      return {
        startMs: Number.NEGATIVE_INFINITY,
        endMs: rollingAvailableEnd(input, nowMs, today, w.days, calendarClock, parsedCache),
      };
  }
}

/** Scan at most this many days for "days with availability"; beyond that the window just ends. */
const ROLLING_AVAILABLE_SCAN_DAYS = 3 * 366;
const ROLLING_SCAN_CHUNK_DAYS = 62;

/**
 * End of a window of N days "that have availability": calendar-zone dates, from today, on which the
 * calendar has working time left after now (hours minus time off; collective: all members at
 * once). Bookings do not count, so filling a day up does not push the window further out.
 */
function rollingAvailableEnd(
  input: AvailabilityInput,
  nowMs: EpochMs,
  today: number,
  days: number,
  calendarClock: ZoneClock,
  parsedCache: Map<string, ParsedSchedule>,
): EpochMs {
  if (days <= 0) return calendarClock.startOfDayNumber(today);
  const schedules = new Map(input.staff.map((s) => [s.staffId, s]));
  const members = memberIdsFor(input.rules);
  let found = 0;
  for (let chunk = today; chunk < today + ROLLING_AVAILABLE_SCAN_DAYS; chunk += ROLLING_SCAN_CHUNK_DAYS) {
    const fromMs = calendarClock.startOfDayNumber(chunk);
    const toMs = calendarClock.startOfDayNumber(chunk + ROLLING_SCAN_CHUNK_DAYS);
    let free: InstantRange[] | null = null;
    for (const staffId of members) {
      const st = buildStaffState(
        schedules.get(staffId),
        staffId,
        undefined,
        parsedCache,
        fromMs,
        toMs,
        input.rules.timeZone,
      );
      const own = subtractIntervals(
        st.working,
        mergeIntervals(input.staff.find((s) => s.staffId === staffId)?.timeOff ?? []),
      );
      free =
        free === null
          ? own
          : input.rules.type === "collective"
            ? intersectIntervals(free, own)
            : mergeIntervals([...free, ...own]);
    }
    const list = free ?? [];
    for (let day = chunk; day < chunk + ROLLING_SCAN_CHUNK_DAYS; day++) {
      const dayStart = Math.max(calendarClock.startOfDayNumber(day), nowMs);
      const dayEnd = calendarClock.startOfDayNumber(day + 1);
      if (dayStart < dayEnd && overlapsList(list, dayStart, dayEnd)) {
        found++;
        if (found === days) return dayEnd;
      }
    }
  }
  return calendarClock.startOfDayNumber(today + ROLLING_AVAILABLE_SCAN_DAYS);
}

function overlapsList(list: readonly InstantRange[], from: number, to: number): boolean {
  const { starts, ends } = toParallel(list);
  return overlapsAny(starts, ends, from, to);
}

/** personal and class calendars have one host: the first member. */
function memberIdsFor(rules: CalendarRules): string[] {
  const ids = rules.members.map((m) => m.staffId);
  if (rules.type === "personal" || rules.type === "class") return ids.slice(0, 1);
  if (rules.type === "service") {
    const all = new Set(ids);
    for (const s of rules.services ?? []) for (const id of s.staffIds) all.add(id);
    return [...all];
  }
  return ids;
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
    tasks = expanded.value.map((t) => ({
      ...t,
      eligible: t.staffIds.filter((id) => !filter || filter.has(id)).map(stateOf),
    }));
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
      input,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Rules for one start
// ---------------------------------------------------------------------------------------------

type HoursMode = "grid" | "hours" | "none";

function staffDayCount(st: StaffState, startMs: EpochMs): number {
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
function staffRejection(
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
function calendarRejection(engine: Engine, startMs: EpochMs): SlotRejection | null {
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
  NO_SEATS: 7,
};

function closest(a: SlotRejection | null, b: SlotRejection): SlotRejection {
  return a === null || REJECTION_RANK[b] > REJECTION_RANK[a] ? b : a;
}

export type Evaluation =
  { readonly ok: true; readonly slot: RawSlot } | { readonly ok: false; readonly reason: SlotRejection };

/** Every rule for one start. The single source of truth for what may be booked. */
export function evaluateStart(engine: Engine, startMs: EpochMs): Evaluation {
  const calendar = calendarRejection(engine, startMs);
  if (calendar) return { ok: false, reason: calendar };
  const { rules } = engine;
  const durationMs = rules.durationMinutes * MINUTE_MS;
  const bb = rules.bufferBeforeMinutes * MINUTE_MS;
  const ba = rules.bufferAfterMinutes * MINUTE_MS;

  switch (rules.type) {
    case "personal":
    case "round_robin": {
      const free: string[] = [];
      let reason: SlotRejection | null = null;
      for (const st of engine.members) {
        const r = staffRejection(engine, st, startMs, durationMs, bb, ba, "grid");
        if (r === null) free.push(st.staffId);
        else reason = closest(reason, r);
      }
      if (free.length > 0) return { ok: true, slot: { startMs, staffIds: free } };
      return { ok: false, reason: reason ?? "NO_ELIGIBLE_STAFF" };
    }
    case "collective": {
      if (engine.members.length === 0) return { ok: false, reason: "NO_ELIGIBLE_STAFF" };
      const p = findContaining(engine.jointPeriods, startMs);
      if (p < 0) return { ok: false, reason: "OUTSIDE_HOURS" };
      const w = engine.jointWorking[findContaining(engine.jointWorking, startMs)];
      if (!w || startMs + durationMs > w.endMs) return { ok: false, reason: "OUTSIDE_HOURS" };
      if ((startMs - (engine.jointPeriods[p] as InstantRange).startMs) % engine.stepMs !== 0)
        return { ok: false, reason: "NOT_ON_GRID" };
      for (const st of engine.members) {
        const r = staffRejection(engine, st, startMs, durationMs, bb, ba, "none");
        if (r) return { ok: false, reason: r };
      }
      return { ok: true, slot: { startMs, staffIds: engine.members.map((m) => m.staffId) } };
    }
    case "class": {
      const host = engine.members[0];
      if (!host) return { ok: false, reason: "NO_ELIGIBLE_STAFF" };
      const r = staffRejection(engine, host, startMs, durationMs, bb, ba, "grid");
      if (r) return { ok: false, reason: r };
      const sessions = host.busy.sessions;
      let taken = 0;
      // Only sessions starting within reach of this start can overlap it (sorted by start).
      const last = startMs + durationMs + ba + host.sessionLeadMs;
      for (let i = lowerBound(host.sessionStarts, startMs - bb - host.sessionReachMs); i < sessions.length; i++) {
        const s = sessions[i] as ClassSession;
        if (s.startMs >= last) break;
        if (s.startMs === startMs) taken = s.seatsTaken;
        else if (s.blockedStartMs < startMs + durationMs + ba && startMs - bb < s.blockedEndMs)
          return { ok: false, reason: "STAFF_BUSY" };
      }
      const remainingSeats = (rules.seatsPerSlot ?? 1) - taken;
      if (remainingSeats < engine.guests) return { ok: false, reason: "NO_SEATS" };
      return { ok: true, slot: { startMs, staffIds: [host.staffId], remainingSeats } };
    }
    case "service":
      return evaluateService(engine, startMs);
  }
}

/**
 * A service slot: every guest's services back to back from the start, each task by an eligible
 * staff member who is at work, free (with the service's buffers) and not doing another task of
 * this booking at the same time. Carts are small, so a depth-first search over the feasible
 * staff of each task is cheap; the start itself must lie on the grid of a staff member eligible
 * for some guest's first service.
 */
function evaluateService(engine: Engine, startMs: EpochMs): Evaluation {
  let gridReason: SlotRejection | null = null;
  let onGrid = false;
  for (const task of engine.tasks) {
    if (task.offsetMs !== 0) continue;
    for (const st of task.eligible) {
      const p = findContaining(st.periods, startMs);
      if (p < 0) {
        gridReason = closest(gridReason, "OUTSIDE_HOURS");
      } else if ((startMs - (st.periods[p] as InstantRange).startMs) % engine.stepMs !== 0) {
        gridReason = closest(gridReason, "NOT_ON_GRID");
      } else {
        onGrid = true;
        break;
      }
    }
    if (onGrid) break;
  }
  if (!onGrid) return { ok: false, reason: gridReason ?? "NO_ELIGIBLE_STAFF" };

  const feasible: StaffState[][] = [];
  for (const task of engine.tasks) {
    const ok: StaffState[] = [];
    let reason: SlotRejection | null = null;
    for (const st of task.eligible) {
      const r = staffRejection(
        engine,
        st,
        startMs + task.offsetMs,
        task.durationMs,
        task.bufferBeforeMs,
        task.bufferAfterMs,
        "hours",
      );
      if (r === null) ok.push(st);
      else reason = closest(reason, r);
    }
    if (ok.length === 0) return { ok: false, reason: reason ?? "NO_ELIGIBLE_STAFF" };
    feasible.push(ok);
  }

  const chosen: StaffState[] = [];
  const tasks = engine.tasks;
  const assign = (i: number): boolean => {
    const task = tasks[i];
    if (!task) return true;
    const from = startMs + task.offsetMs;
    const to = from + task.durationMs;
    for (const st of feasible[i] ?? []) {
      let clash = false;
      for (let j = 0; j < i; j++) {
        const other = tasks[j] as Task;
        const otherFrom = startMs + other.offsetMs;
        if (chosen[j] === st && otherFrom < to && from < otherFrom + other.durationMs) {
          clash = true;
          break;
        }
      }
      if (clash) continue;
      chosen[i] = st;
      if (assign(i + 1)) return true;
    }
    return false;
  };
  if (!assign(0)) return { ok: false, reason: "STAFF_BUSY" };

  const assignments = tasks.map((t, i) => ({
    guestIndex: t.guestIndex,
    serviceId: t.serviceId,
    staffId: (chosen[i] as StaffState).staffId,
    startMs: startMs + t.offsetMs,
    endMs: startMs + t.offsetMs + t.durationMs,
  }));
  return { ok: true, slot: { startMs, staffIds: [...new Set(assignments.map((a) => a.staffId))], assignments } };
}

// ---------------------------------------------------------------------------------------------
// Enumerating starts
// ---------------------------------------------------------------------------------------------

/** Grid points of `periods` within [lo, hi), appended to `out`. */
function gridPoints(periods: readonly InstantRange[], stepMs: number, lo: number, hi: number, out: number[]): void {
  for (const p of periods) {
    if (p.endMs <= lo) continue;
    if (p.startMs >= hi) break;
    const first = p.startMs >= lo ? p.startMs : p.startMs + Math.ceil((lo - p.startMs) / stepMs) * stepMs;
    const end = Math.min(p.endMs, hi);
    for (let s = first; s < end; s += stepMs) out.push(s);
  }
}

function sortedUnique(values: number[]): number[] {
  values.sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of values) if (out.length === 0 || out[out.length - 1] !== v) out.push(v);
  return out;
}

/** Candidate starts in [fromMs, toMs): grid points of the relevant periods, ascending. */
export function candidateStarts(engine: Engine, fromMs: EpochMs, toMs: EpochMs): number[] {
  const lo = Math.max(fromMs, engine.windowStartMs, engine.earliestMs);
  const hi = Math.min(toMs, engine.windowEndMs);
  if (lo >= hi) return [];
  const out: number[] = [];
  switch (engine.rules.type) {
    case "collective":
      gridPoints(engine.jointPeriods, engine.stepMs, lo, hi, out);
      return out;
    case "service": {
      const seen = new Set<StaffState>();
      for (const task of engine.tasks) {
        if (task.offsetMs !== 0) continue;
        for (const st of task.eligible) {
          if (seen.has(st)) continue;
          seen.add(st);
          gridPoints(st.periods, engine.stepMs, lo, hi, out);
        }
      }
      return seen.size > 1 ? sortedUnique(out) : out;
    }
    default:
      for (const st of engine.members) gridPoints(st.periods, engine.stepMs, lo, hi, out);
      return engine.members.length > 1 ? sortedUnique(out) : out;
  }
}

/** Every offered start in [fromMs, toMs), ascending; stops after `limit` slots. */
export function slotsInRange(
  engine: Engine,
  fromMs: EpochMs,
  toMs: EpochMs,
  limit = Number.POSITIVE_INFINITY,
): RawSlot[] {
  const out: RawSlot[] = [];
  if (limit <= 0) return out;
  const type = engine.rules.type;
  if (type === "round_robin" && engine.members.length > 1) return roundRobinSlots(engine, fromMs, toMs, limit);
  if (type === "personal" || type === "round_robin") {
    const st = engine.members[0];
    if (!st) return out;
    const staffIds = [st.staffId];
    const n = sweepStaff(engine, st, fromMs, toMs, 0, limit);
    for (let i = 0; i < n; i++) out.push({ startMs: scratch[i] as number, staffIds });
    return out;
  }
  for (const startMs of candidateStarts(engine, fromMs, toMs)) {
    const e = evaluateStart(engine, startMs);
    if (e.ok) {
      out.push(e.slot);
      if (out.length >= limit) break;
    }
  }
  return out;
}

/**
 * Starts found by the sweeps go into a Float64Array: held in objects or passed through calls,
 * every start would be boxed (epoch ms do not fit a small integer) and the time would go to the
 * garbage collector. It is one module-level scratch array reused by every call, because large
 * typed arrays live outside the JS heap and allocating them per request drives major collections.
 * Safe: the engine is synchronous and reads the scratch array before anything else writes it.
 */
let scratch = new Float64Array(1 << 14);

/** Makes room for one more start at index `at`. */
function ensureScratch(at: number): void {
  if (at < scratch.length) return;
  const grown = new Float64Array(scratch.length * 2);
  grown.set(scratch);
  scratch = grown;
}

/**
 * The hot path for one staff member's own grid: the same rules as `evaluateStart` in "grid" mode
 * (the oracle tests hold both to the same answers), as a sort-and-sweep. Grid points come in
 * ascending order, so busy time and time off are walked with cursors instead of searched, and
 * the fit limit is known per period. Writes free starts to `scratch` from index `at`, at most
 * `limit` of them, and returns the index after the last one written.
 */
function sweepStaff(engine: Engine, st: StaffState, fromMs: EpochMs, toMs: EpochMs, at: number, limit: number): number {
  let n = at;
  const lo = Math.max(fromMs, engine.windowStartMs, engine.earliestMs);
  const hi = Math.min(toMs, engine.windowEndMs);
  if (lo >= hi) return n;
  const { rules, stepMs } = engine;
  const durationMs = rules.durationMinutes * MINUTE_MS;
  const bb = rules.bufferBeforeMinutes * MINUTE_MS;
  const ba = rules.bufferAfterMinutes * MINUTE_MS;
  const staffLimit = rules.maxBookingsPerDayPerStaff;
  const calendarLimit = rules.maxBookingsPerDay;
  const { starts: busyStarts, ends: busyEnds } = st.busy;
  const { timeOffStarts, timeOffEnds } = st;
  const stopAt = at + limit;
  let b = 0;
  let t = 0;
  let w = 0;
  // The staff member's current local day and its booking count, so the limit costs a comparison.
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let dayCount = 0;
  for (const p of st.periods) {
    if (p.endMs <= lo) continue;
    if (p.startMs >= hi) break;
    // The appointment may run on into a touching period (across midnight): fit against the merged piece.
    while (w < st.working.length && (st.working[w] as InstantRange).endMs <= p.startMs) w++;
    const fitEnd = (st.working[w] as InstantRange | undefined)?.endMs ?? p.endMs;
    const first = p.startMs >= lo ? p.startMs : p.startMs + Math.ceil((lo - p.startMs) / stepMs) * stepMs;
    const end = Math.min(p.endMs, hi, fitEnd - durationMs + 1);
    for (let s = first; s < end; s += stepMs) {
      const from = s - bb;
      const to = s + durationMs + ba;
      while (b < busyEnds.length && (busyEnds[b] as number) <= from) b++;
      if (b < busyStarts.length && (busyStarts[b] as number) < to) continue;
      while (t < timeOffEnds.length && (timeOffEnds[t] as number) <= from) t++;
      if (t < timeOffStarts.length && (timeOffStarts[t] as number) < to) continue;
      if (staffLimit !== undefined) {
        if (s < dayStart || s >= dayEnd) {
          const day = st.clock.dayNumberOf(s);
          dayStart = st.clock.startOfDayNumber(day);
          dayEnd = st.clock.startOfDayNumber(day + 1);
          dayCount = staffDayCount(st, s);
        }
        if (dayCount >= staffLimit) continue;
      }
      if (calendarLimit !== undefined && calendarRejection(engine, s) !== null) continue;
      ensureScratch(n);
      scratch[n++] = s;
      if (n >= stopAt) return n;
    }
  }
  return n;
}

let bucketScratch = new Int32Array(1 << 16);
let memberScratch = new Int32Array(1 << 14);

/**
 * Round robin with many members: one sweep per member over its own grid into the scratch array,
 * then a counting sort of the (start, member) pairs by minute — linear, allocation-free (scratch
 * arrays again), and stable, so each start lists its members in member order.
 */
function roundRobinSlots(engine: Engine, fromMs: EpochMs, toMs: EpochMs, limit: number): RawSlot[] {
  const lo = Math.max(fromMs, engine.windowStartMs, engine.earliestMs);
  const hi = Math.min(toMs, engine.windowEndMs);
  if (lo >= hi) return [];
  const members = engine.members;
  const ends: number[] = [];
  let total = 0;
  for (const st of members) {
    total = sweepStaff(engine, st, lo, hi, total, Number.POSITIVE_INFINITY);
    ends.push(total);
  }
  const base = Math.floor(lo / MINUTE_MS) * MINUTE_MS;
  const size = Math.floor((hi - base) / MINUTE_MS) + 1;
  // Starts are whole minutes unless a zone has a seconds offset (pre-1900 local mean time).
  for (let i = 0; i < total; i++)
    if (((scratch[i] as number) - base) % MINUTE_MS !== 0) return mergeBySort(engine, ends, lo, limit);

  if (bucketScratch.length < 2 * size + 2) bucketScratch = new Int32Array(2 * size + 2);
  if (memberScratch.length < total) memberScratch = new Int32Array(Math.max(total, memberScratch.length * 2));
  // firstOf[minute] = index in `order` of the minute's first member; `fill` is the write cursor.
  const firstOf = bucketScratch.subarray(0, size + 1);
  const fill = bucketScratch.subarray(size + 1, 2 * size + 2);
  const order = memberScratch;
  firstOf.fill(0);
  for (let i = 0; i < total; i++) {
    const minute = ((scratch[i] as number) - base) / MINUTE_MS;
    firstOf[minute + 1] = (firstOf[minute + 1] as number) + 1;
  }
  for (let i = 1; i <= size; i++) firstOf[i] = (firstOf[i] as number) + (firstOf[i - 1] as number);
  fill.set(firstOf);
  let member = 0;
  for (let i = 0; i < total; i++) {
    while (i >= (ends[member] as number)) member++;
    const minute = ((scratch[i] as number) - base) / MINUTE_MS;
    order[fill[minute] as number] = member;
    fill[minute] = (fill[minute] as number) + 1;
  }
  const out: RawSlot[] = [];
  for (let minute = 0; minute < size && out.length < limit; minute++) {
    const from = firstOf[minute] as number;
    const to = firstOf[minute + 1] as number;
    if (from === to) continue;
    const staffIds: string[] = [];
    for (let k = from; k < to; k++) staffIds.push((members[order[k] as number] as StaffState).staffId);
    out.push({ startMs: base + minute * MINUTE_MS, staffIds });
  }
  return out;
}

/** The general path: (start, member) pairs packed into one float each and sorted numerically. */
function mergeBySort(engine: Engine, ends: readonly number[], lo: EpochMs, limit: number): RawSlot[] {
  const m = engine.members.length;
  const keys = new Float64Array(ends[ends.length - 1] ?? 0);
  let member = 0;
  for (let i = 0; i < keys.length; i++) {
    while (i >= (ends[member] as number)) member++;
    // Exact while (hi - lo) * m < 2^53: a year at millisecond precision allows ~285,000 members.
    keys[i] = ((scratch[i] as number) - lo) * m + member;
  }
  keys.sort();
  const out: RawSlot[] = [];
  let i = 0;
  while (i < keys.length && out.length < limit) {
    const offset = Math.floor((keys[i] as number) / m);
    const staffIds: string[] = [];
    while (i < keys.length && Math.floor((keys[i] as number) / m) === offset) {
      staffIds.push((engine.members[(keys[i] as number) - offset * m] as StaffState).staffId);
      i++;
    }
    out.push({ startMs: lo + offset, staffIds });
  }
  return out;
}
