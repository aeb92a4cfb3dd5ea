import { Temporal } from "temporal-polyfill";
import type { BusyInterval, CalendarRules, ResourceInput, SlotQuery, StaffSchedule, TimeRange } from "./model.ts";

/**
 * A brute-force oracle for the availability rules, written for clarity and independence, not
 * speed: it walks time minute by minute and asks Temporal (not ZoneClock) what each minute is.
 * Tests only. Supports every calendar type and window kind (rolling_available_days up to 20
 * days ahead); everything must lie on whole minutes. Service carts are tried by enumerating every staff assignment in
 * lexicographic order (the engine's depth-first search finds the same first one), each member at
 * their own length (staff durations).
 *
 * Working time, read off the clock: a minute is working time of local date D's range [a, b) when
 * the highest wall-clock reading reached so far (the clock's "high-water mark") lies in
 * D a … D b. That is what "I work from a to b" means on days when clocks jump: after a jump
 * forward the clock has passed a; while it repeats an hour, the repeated readings were already
 * reached and do not open or close anything a second time.
 */

const MINUTE = 60_000;
const DAY_MINUTES = 1440;

export interface OracleInput {
  readonly rules: CalendarRules;
  readonly staff: readonly StaffSchedule[];
  readonly busy: readonly BusyInterval[];
  /** Rooms and equipment (issue 21): every need of every task must get its own free, open unit. */
  readonly resources?: ResourceInput;
}

export interface OracleSlot {
  readonly start: string;
  readonly staffIds: readonly string[];
  readonly assignments?: readonly {
    guestIndex: number;
    serviceId: string;
    staffId: string;
    startMs: number;
    endMs: number;
  }[];
  readonly remainingSeats?: number;
}

const offsetMemo = new Map<string, Map<number, number>>();

/** Offset in minutes at a minute; memoised per 15-minute UTC block (all modern transitions fall on one). */
function offsetMinutes(zone: string, minute: number): number {
  const block = Math.floor(minute / 15);
  let memo = offsetMemo.get(zone);
  if (!memo) {
    memo = new Map();
    offsetMemo.set(zone, memo);
  }
  let offset = memo.get(block);
  if (offset === undefined) {
    offset =
      Temporal.Instant.fromEpochMilliseconds(block * 15 * MINUTE).toZonedDateTimeISO(zone).offsetNanoseconds / 60e9;
    memo.set(block, offset);
  }
  return offset;
}

const dateMemo = new Map<string, string>();
function localDate(zone: string, minute: number): string {
  const key = `${zone}|${minute}`;
  const known = dateMemo.get(key);
  if (known !== undefined) return known;
  const date = computeLocalDate(zone, minute);
  dateMemo.set(key, date);
  return date;
}

function computeLocalDate(zone: string, minute: number): string {
  return Temporal.Instant.fromEpochMilliseconds(minute * MINUTE)
    .toZonedDateTimeISO(zone)
    .toPlainDate()
    .toString();
}

function startOfDayMinute(date: string, zone: string): number {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).epochMilliseconds / MINUTE;
}

function toMinuteOfDay(value: string): number {
  const [h, m] = value.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Run starts of a date's working minutes: minute-of-day → start of its run, or -1. */
function dayRuns(ranges: readonly TimeRange[]): Int32Array {
  const on = new Uint8Array(DAY_MINUTES);
  for (const r of ranges) {
    if (!/^\d{2}:\d{2}$/.test(r.start) || !/^\d{2}:\d{2}$/.test(r.end)) continue;
    for (let m = toMinuteOfDay(r.start); m < Math.min(toMinuteOfDay(r.end), DAY_MINUTES); m++) on[m] = 1;
  }
  const runStart = new Int32Array(DAY_MINUTES).fill(-1);
  for (let m = 0; m < DAY_MINUTES; m++) if (on[m]) runStart[m] = m > 0 && on[m - 1] ? (runStart[m - 1] as number) : m;
  return runStart;
}

/** Period key (date * 10000 + run start) of each minute from `scanFrom`, or -1 when not working. */
function periodKeys(schedule: StaffSchedule, scanFrom: number, n: number): Float64Array {
  const period = new Float64Array(n).fill(-1);
  let highWater = Number.NEGATIVE_INFINITY;
  let runsDay = Number.NaN;
  let runs: Int32Array = new Int32Array(0);
  for (let i = 0; i < n; i++) {
    const m = scanFrom + i;
    highWater = Math.max(highWater, m + offsetMinutes(schedule.timeZone, m));
    const dayNumber = Math.floor(highWater / DAY_MINUTES);
    if (dayNumber !== runsDay) {
      const date = new Date(dayNumber * DAY_MINUTES * MINUTE).toISOString().slice(0, 10);
      const weekday = ((((dayNumber + 3) % 7) + 7) % 7) + 1;
      runs = dayRuns(schedule.dateOverrides[date] ?? schedule.weekly[weekday as 1] ?? []);
      runsDay = dayNumber;
    }
    const run = runs[highWater - dayNumber * DAY_MINUTES] as number;
    if (run >= 0) period[i] = dayNumber * 10000 + run;
  }
  return period;
}

/** How many days ahead the oracle looks for a rolling_available_days window; beyond: undecided. */
const WINDOW_SCAN_DAYS = 20;

/**
 * End (minute) of a window of N calendar-zone days, from today, on which the calendar has working
 * time (minus time off) after now; null when the N-th such day is not within the scan.
 */
function rollingAvailableEnd(input: OracleInput, nowMs: number, days: number): number | null {
  const { rules } = input;
  const zone = rules.timeZone;
  const today = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(zone).toPlainDate();
  const dayStart = (k: number): number => startOfDayMinute(today.add({ days: k }).toString(), zone);
  if (days <= 0) return dayStart(0);
  const ids = new Set(
    rules.type === "personal" || rules.type === "class"
      ? [rules.members[0]?.staffId]
      : rules.members.map((m) => m.staffId),
  );
  if (rules.type === "service") for (const svc of rules.services ?? []) for (const id of svc.staffIds) ids.add(id);
  const from = dayStart(0) - 2 * DAY_MINUTES;
  const n = dayStart(WINDOW_SCAN_DAYS) - from;
  let available: Uint8Array | null = null;
  for (const id of ids) {
    const schedule = input.staff.find((x) => x.staffId === id);
    const mine = new Uint8Array(n);
    if (schedule) {
      const period = periodKeys(schedule, from, n);
      for (let i = 0; i < n; i++) mine[i] = (period[i] as number) >= 0 ? 1 : 0;
      for (const t of schedule.timeOff) {
        for (let m = Math.max(t.startMs / MINUTE, from); m < Math.min(t.endMs / MINUTE, from + n); m++)
          mine[m - from] = 0;
      }
    }
    if (available === null) available = mine;
    else
      for (let i = 0; i < n; i++)
        available[i] =
          rules.type === "collective"
            ? (available[i] as number) & (mine[i] as number)
            : (available[i] as number) | (mine[i] as number);
  }
  let found = 0;
  for (let k = 0; k < WINDOW_SCAN_DAYS; k++) {
    const start = Math.max(dayStart(k), nowMs / MINUTE);
    const end = dayStart(k + 1);
    let has = false;
    for (let m = start; m < end && !has; m++) has = available !== null && available[m - from] === 1;
    if (has && ++found === days) return end;
  }
  return null;
}

interface StaffMinutes {
  /** Period key per minute of the scan (date * 10000 + run start), or -1. */
  readonly period: Float64Array;
  /** First minute of the run of equal keys containing each minute: the grid anchor. */
  readonly anchor: Float64Array;
  readonly busy: Uint8Array;
}

function anchorsOf(key: (i: number) => string | number | null, n: number): Float64Array {
  const anchor = new Float64Array(n).fill(-1);
  let previous: string | number | null = null;
  for (let i = 0; i < n; i++) {
    const k = key(i);
    if (k !== null && k !== -1) anchor[i] = i > 0 && previous === k ? (anchor[i - 1] as number) : i;
    previous = k;
  }
  return anchor;
}

/** The oracle's slots, or null when it cannot decide (a rolling_available_days window beyond its scan). */
export function oracleSlots(input: OracleInput, query: SlotQuery, nowMs: number): Record<string, OracleSlot[]> | null {
  const { rules } = input;
  const vz = query.visitorTimeZone;
  const from = startOfDayMinute(query.startDate, vz);
  const to = startOfDayMinute(Temporal.PlainDate.from(query.endDate).add({ days: 1 }).toString(), vz);
  // A period containing a start began at most a day (plus a DST hour) earlier; a slot ends within
  // a few hours of its start.
  const scanFrom = from - 2 * DAY_MINUTES;
  const scanTo = to + DAY_MINUTES;
  const n = scanTo - scanFrom;
  const now = nowMs / MINUTE;
  const guests = query.guests ?? 1;
  const step = rules.slotIntervalMinutes ?? 30;
  const d = rules.durationMinutes;
  const bb = rules.bufferBeforeMinutes;
  const ba = rules.bufferAfterMinutes;

  const blocks = (b: BusyInterval): boolean => {
    if (b.endMs <= b.startMs) return false;
    if (b.kind === "external") return true;
    if (b.kind === "hold") return b.expiresAtMs === undefined || b.expiresAtMs > nowMs;
    const status = b.status ?? "confirmed";
    if (status === "cancelled" || status === "invalid") return false;
    if (status === "new") return rules.unconfirmedBlocks;
    return true;
  };
  const own = (b: BusyInterval): boolean => b.kind === "booking" && b.calendarId === rules.calendarId && blocks(b);
  const span = (b: BusyInterval): [number, number] =>
    b.kind === "booking"
      ? [b.startMs / MINUTE - (b.bufferBeforeMinutes ?? 0), b.endMs / MINUTE + (b.bufferAfterMinutes ?? 0)]
      : [b.startMs / MINUTE, b.endMs / MINUTE];

  const minutesOf = (schedule: StaffSchedule): StaffMinutes => {
    const period = periodKeys(schedule, scanFrom, n);
    const busy = new Uint8Array(n);
    const spans = [
      ...input.busy
        .filter((b) => b.staffId === schedule.staffId && blocks(b) && !(rules.type === "class" && own(b)))
        .map(span),
      ...schedule.timeOff.map((t): [number, number] => [t.startMs / MINUTE, t.endMs / MINUTE]),
    ];
    for (const [a, b] of spans)
      for (let m = Math.max(a, scanFrom); m < Math.min(b, scanTo); m++) busy[m - scanFrom] = 1;
    return { period, anchor: anchorsOf((i) => period[i] as number, n), busy };
  };

  // Booking window and notice, from Temporal dates in the calendar's zone.
  const today = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(rules.timeZone).toPlainDate();
  const w = rules.bookingWindow;
  let windowStart = Number.NEGATIVE_INFINITY;
  let windowEnd: number;
  if (w.kind === "rolling_days") windowEnd = startOfDayMinute(today.add({ days: w.days }).toString(), rules.timeZone);
  else if (w.kind === "date_range") {
    windowStart = startOfDayMinute(w.start, rules.timeZone);
    windowEnd = startOfDayMinute(Temporal.PlainDate.from(w.end).add({ days: 1 }).toString(), rules.timeZone);
  } else {
    const end = rollingAvailableEnd(input, nowMs, w.days);
    if (end === null) return null;
    windowEnd = end;
  }

  const staffMinutes = new Map(input.staff.map((s) => [s.staffId, minutesOf(s)]));
  const zoneOf = new Map(input.staff.map((s) => [s.staffId, s.timeZone]));

  const dailyOk = (staffId: string, s: number): boolean => {
    if (rules.maxBookingsPerDayPerStaff === undefined) return true;
    const zone = zoneOf.get(staffId) ?? "UTC";
    const date = localDate(zone, s);
    const count = input.busy.filter(
      (b) => b.staffId === staffId && own(b) && localDate(zone, b.startMs / MINUTE) === date,
    ).length;
    return count < rules.maxBookingsPerDayPerStaff;
  };
  const calendarOk = (s: number): boolean => {
    if (s < now + rules.minimumNoticeMinutes || s < now || s < windowStart || s >= windowEnd) return false;
    if (rules.maxBookingsPerDay === undefined) return true;
    const date = localDate(rules.timeZone, s);
    const ids = new Set<string>();
    let anonymous = 0;
    for (const b of input.busy) {
      if (!own(b) || localDate(rules.timeZone, b.startMs / MINUTE) !== date) continue;
      if (b.bookingId === undefined) anonymous++;
      else ids.add(b.bookingId);
    }
    return ids.size + anonymous < rules.maxBookingsPerDay;
  };
  /** Free of busy time for [s - bb, s + d + ba), working for [s, s + d). */
  const freeAndWorking = (sm: StaffMinutes, s: number, dur = d, before = bb, after = ba): boolean => {
    for (let m = s; m < s + dur; m++) if ((sm.period[m - scanFrom] as number) < 0) return false;
    for (let m = s - before; m < s + dur + after; m++) if (sm.busy[m - scanFrom]) return false;
    return true;
  };

  // Service carts as timed tasks: each guest's services back to back from the start.
  const services = new Map((rules.services ?? []).map((x) => [x.serviceId, x]));
  const tasks: {
    guestIndex: number;
    serviceId: string;
    offset: number;
    dur: number;
    /** Staff durations: this member's own minutes (else `dur`). */
    durOf: (staffId: string) => number;
    before: number;
    after: number;
    eligible: string[];
    needs: string[][];
  }[] = [];
  if (rules.type === "service") {
    (query.carts ?? []).forEach((cart, guestIndex) => {
      let offset = 0;
      for (const serviceId of cart.serviceIds) {
        const svc = services.get(serviceId);
        if (!svc) throw new Error("oracle: unknown service");
        const eligible = svc.staffIds.filter(
          (id) => !query.staffIds || query.staffIds.length === 0 || query.staffIds.includes(id),
        );
        tasks.push({
          guestIndex,
          serviceId,
          offset,
          dur: svc.durationMinutes,
          durOf: (id) => svc.staffDurationMinutes?.[id] ?? svc.durationMinutes,
          before: svc.bufferBeforeMinutes ?? bb,
          after: svc.bufferAfterMinutes ?? ba,
          eligible,
          // "all of" is one need per resource; "any of" one need for the group.
          needs: (svc.resources ?? []).flatMap((need) =>
            need.mode === "all" ? [...new Set(need.resourceIds)].map((id) => [id]) : [[...new Set(need.resourceIds)]],
          ),
        });
        offset += svc.durationMinutes;
      }
    });
  }
  // Resources, minute by minute: a unit is usable for [a, b) blocked [a - before, b + after) when its
  // resource is open every minute of [a, b), off no minute and the unit busy no minute of the blocked span.
  const unitMinutes = new Map<string, { resourceId: string; open: Float64Array | null; taken: Uint8Array }>();
  for (const r of input.resources?.schedules ?? []) {
    const open = r.hours
      ? periodKeys({ staffId: r.resourceId, timeZone: r.timeZone, timeOff: [], ...r.hours }, scanFrom, n)
      : null;
    for (const unitId of r.units) {
      const taken = new Uint8Array(n);
      const spans = [
        ...r.timeOff,
        ...(input.resources?.busy ?? []).filter(
          (b) => b.unitId === unitId && (b.expiresAtMs === undefined || b.expiresAtMs > nowMs),
        ),
      ];
      for (const x of spans)
        for (let m = Math.max(x.startMs / MINUTE, scanFrom); m < Math.min(x.endMs / MINUTE, scanTo); m++)
          taken[m - scanFrom] = 1;
      unitMinutes.set(unitId, { resourceId: r.resourceId, open, taken });
    }
  }
  const unitsOf = (resourceId: string): string[] =>
    input.resources?.schedules.find((r) => r.resourceId === resourceId)?.units.slice() ?? [];
  /** Every combination of units for every need of every task, tried exhaustively. */
  const unitsFeasible = (at: readonly number[], until: readonly number[]): boolean => {
    const needs = tasks.flatMap((t, k) =>
      t.needs.map((group) => ({
        a: at[k] as number,
        b: until[k] as number,
        lo: (at[k] as number) - t.before,
        hi: (until[k] as number) + t.after,
        group,
      })),
    );
    const usable = (unitId: string, x: (typeof needs)[number]): boolean => {
      const u = unitMinutes.get(unitId);
      if (!u) return false;
      for (let m = x.a; m < x.b; m++) if (u.open && (u.open[m - scanFrom] as number) < 0) return false;
      for (let m = x.lo; m < x.hi; m++) if (u.taken[m - scanFrom]) return false;
      return true;
    };
    const picked: string[] = [];
    const tryNeed = (k: number): boolean => {
      const x = needs[k];
      if (!x) return true;
      for (const unitId of x.group.flatMap(unitsOf)) {
        if (!usable(unitId, x)) continue;
        // Two tasks of the booking share a unit's buffer between them (ADR 0038): only the tasks may not overlap.
        if (needs.slice(0, k).some((y, j) => picked[j] === unitId && y.a < x.b && x.a < y.b)) continue;
        picked[k] = unitId;
        if (tryNeed(k + 1)) return true;
      }
      return false;
    };
    return tryNeed(0);
  };
  const serviceSlot = (s: number): OracleSlot["assignments"] | null => {
    const i = s - scanFrom;
    const onGrid = tasks.some(
      (t) =>
        t.offset === 0 &&
        t.eligible.some((id) => {
          const anchor = staffMinutes.get(id)?.anchor[i] ?? -1;
          return anchor >= 0 && (i - anchor) % step === 0;
        }),
    );
    if (!onGrid) return null;
    const canDo = (id: string, t: (typeof tasks)[number], a: number, dur: number): boolean => {
      const sm = staffMinutes.get(id);
      return sm !== undefined && freeAndWorking(sm, a, dur, t.before, t.after) && dailyOk(id, a);
    };
    // Every assignment tuple, lexicographically; the first one whose tasks (each member at their
    // own length, a guest's next task when the previous ends) also get rooms wins.
    const choice: string[] = [];
    const at: number[] = [];
    const until: number[] = [];
    const search = (k: number): boolean => {
      const t = tasks[k];
      if (!t) return unitsFeasible(at, until);
      const a = t.offset === 0 ? s : (until[k - 1] as number);
      for (const id of t.eligible) {
        const b = a + t.durOf(id);
        if (!canDo(id, t, a, b - a)) continue;
        const clash = tasks
          .slice(0, k)
          .some((_u, j) => choice[j] === id && (at[j] as number) < b && a < (until[j] as number));
        if (clash) continue;
        choice[k] = id;
        at[k] = a;
        until[k] = b;
        if (search(k + 1)) return true;
      }
      return false;
    };
    if (!search(0)) return null;
    return tasks.map((t, k) => ({
      guestIndex: t.guestIndex,
      serviceId: t.serviceId,
      staffId: choice[k] as string,
      startMs: (at[k] as number) * MINUTE,
      endMs: (until[k] as number) * MINUTE,
    }));
  };
  const members = rules.type === "personal" || rules.type === "class" ? rules.members.slice(0, 1) : rules.members;
  const filtered =
    rules.type === "round_robin" && query.staffIds && query.staffIds.length > 0
      ? members.filter((m) => query.staffIds?.includes(m.staffId))
      : members;

  let joint: { all: StaffMinutes[]; anchor: Float64Array } | null = null;
  if (rules.type === "collective") {
    const all = filtered.map((m) => staffMinutes.get(m.staffId)).filter((x): x is StaffMinutes => x !== undefined);
    if (all.length === filtered.length) {
      const key = (i: number): string | null => {
        const parts = all.map((x) => x.period[i] as number);
        return parts.some((p) => p < 0) ? null : parts.join(",");
      };
      joint = { all, anchor: anchorsOf(key, n) };
    }
  }

  const out: Record<string, OracleSlot[]> = {};
  for (let s = from; s < to; s++) {
    const i = s - scanFrom;
    let slot: { staffIds: string[]; remainingSeats?: number; assignments?: OracleSlot["assignments"] } | null = null;
    if (rules.type === "service") {
      const assignments = serviceSlot(s);
      if (assignments) slot = { staffIds: [...new Set(assignments.map((a) => a.staffId))], assignments };
    } else if (rules.type === "collective") {
      if (!joint) continue;
      const anchor = joint.anchor[i] as number;
      if (anchor < 0 || (i - anchor) % step !== 0) continue;
      if (joint.all.every((x, k) => freeAndWorking(x, s) && dailyOk((filtered[k] as { staffId: string }).staffId, s))) {
        slot = { staffIds: filtered.map((m) => m.staffId) };
      }
    } else {
      const free: string[] = [];
      for (const m of filtered) {
        const sm = staffMinutes.get(m.staffId);
        if (!sm) continue;
        const anchor = sm.anchor[i] as number;
        if (anchor < 0 || (i - anchor) % step !== 0) continue;
        if (freeAndWorking(sm, s) && dailyOk(m.staffId, s)) free.push(m.staffId);
      }
      if (free.length > 0) slot = { staffIds: free };
      if (slot && rules.type === "class") {
        const hostId = free[0] as string;
        const sessions = input.busy.filter((b) => b.staffId === hostId && own(b));
        let taken = 0;
        let clash = false;
        for (const b of sessions) {
          if (b.startMs / MINUTE === s) taken += b.seats ?? 1;
          else {
            const [a, e] = span(b);
            if (a < s + d + ba && s - bb < e) clash = true;
          }
        }
        const remaining = (rules.seatsPerSlot ?? 1) - taken;
        slot = clash || remaining < guests ? null : { staffIds: [hostId], remainingSeats: remaining };
      }
    }
    if (slot && !calendarOk(s)) slot = null;
    if (!slot) continue;
    const zdt = Temporal.Instant.fromEpochMilliseconds(s * MINUTE).toZonedDateTimeISO(vz);
    const date = zdt.toPlainDate().toString();
    const entry: OracleSlot = { start: zdt.toString({ timeZoneName: "never", smallestUnit: "second" }), ...slot };
    (out[date] ??= []).push(entry);
  }
  return out;
}
